import Foundation
import Synchronization
import WoodshedALSA
import WoodshedCore
import WoodshedEngine
import WoodshedSound
import WoodshedStore

/// `woodshed calibrate --loopback`: plays clicks through ALSA, captures them back through a cable
/// (or the snd-aloop card) and reports the round trip to a fraction of a millisecond.
///
/// Both streams' trigger timestamps are on `CLOCK_MONOTONIC`, so a click at playback sample `p` is
/// due at `playback trigger + p / rate`, and captured sample `c` was taken at `capture trigger +
/// c / rate`. Each click's onset is found where it first reaches half its peak, interpolated
/// between samples, and compared with the same point of the click as played — so the figure is
/// the path from the playback stream to the capture, independent of level. It is stored as the
/// output's "loopback" entry, which the tap calibration uses to split its offset.
struct LoopbackMeasurement {
    let options: EngineOptions
    let captureDevice: String
    let clicks: Int
    let json: Bool

    /// Silence before the first click, and between clicks: longer than any round trip worth measuring.
    static let lead = 1.0
    static let spacing = 0.3

    func run(store: Store) throws {
        guard case .alsa(let device) = options.outputSpec, options.wav == nil else {
            throw WoodshedError("--loopback plays through ALSA: give --output alsa:DEVICE and connect it to --capture DEVICE")
        }
        // The output first: the clicks are made at the rate the device actually accepted.
        let output = PCMOutput(device: device, format: options.format)
        try output.start()
        defer { try? output.stop() }
        let rate = output.format.sampleRate
        let click = ClickSynthesizer(sampleRate: rate).render(.classic, accent: true)
        guard let reference = ClickOnset.crossing(in: click, window: 0..<click.count) else {
            throw WoodshedError("the click is silent; cannot measure")
        }
        let spacing = Int(Self.spacing * Double(rate))
        let lead = Int(Self.lead * Double(rate))
        var signal = [Float](repeating: 0, count: lead + clicks * spacing + lead)
        let onsets = (0..<clicks).map { lead + $0 * spacing }
        for onset in onsets { for (i, x) in click.enumerated() where onset + i < signal.count { signal[onset + i] = x } }

        // A deep capture buffer: its size does not change the timing (trigger time + sample count),
        // and an overrun would lose samples and with them the timing.
        let capture = PCMCapture(device: captureDevice, format: AudioFormat(sampleRate: rate, periodFrames: 1024, periods: 16))
        if !json {
            Output.line("measuring alsa:\(device) → capture \(captureDevice): \(clicks) clicks, \(Self.spacing * 1000) ms apart")
        }

        // Playback first, capture once it runs: a loopback card (snd-aloop) feeds its capture only
        // while the playback side runs, so a capture started earlier would not count real time.
        // The silent lead covers the capture's start.
        let played = PlaybackBox(output: output, signal: signal, periodFrames: output.format.periodFrames)
        let thread = try RealTimeThread(name: "woodshed-loopback", priority: 70) { played.play() }
        defer { played.stop(); thread.join() }
        let clock = MonotonicClock()
        while played.startTime == nil, played.error == nil, clock.now < .seconds(Self.lead * 0.8) { usleep(1000) }
        guard let playStart = played.startTime else {
            throw WoodshedError("audio output alsa:\(device) did not start\(played.error.map { ": \($0)" } ?? ""); nothing stored")
        }
        try capture.start()
        defer { capture.stop() }
        var recorded: [Float] = []
        let wanted = signal.count + lead
        recorded.reserveCapacity(wanted)
        while recorded.count < wanted, !StopSignal.isRaised {
            recorded += try capture.read(frames: min(capture.format.periodFrames, wanted - recorded.count))
        }
        if StopSignal.isRaised { throw WoodshedError("stopped; nothing stored") }
        if let error = played.error { throw WoodshedError("audio output stopped: \(error); nothing stored") }

        guard let captureStart = capture.triggerTime else {
            throw WoodshedError("ALSA gave no start time for the streams; cannot measure on this device")
        }
        if capture.overruns > 0 {
            throw WoodshedError("the capture overran \(capture.overruns) time(s), so its timing is lost; nothing stored — run it again on a quieter machine")
        }
        let captureRate = Double(capture.format.sampleRate)
        var latencies: [Double] = []
        for onset in onsets {
            // Where the click's reference point would be in the capture with no delay at all.
            let due = playStart + .seconds((Double(onset) + reference) / Double(rate))
            let first = Int(((due - captureStart).seconds * captureRate).rounded(.down))
            let window = max(0, first)..<max(0, first + Int(Self.spacing * 0.9 * captureRate))
            guard let found = ClickOnset.crossing(in: recorded, window: window) else { continue }
            let heard = captureStart + .seconds(found / captureRate)
            latencies.append((heard - due).milliseconds)
        }
        try report(latencies, store: store, device: device)
    }

    private func report(_ latencies: [Double], store: Store, device: String) throws {
        guard latencies.count * 2 >= clicks, latencies.count >= 2 else {
            throw WoodshedError("found only \(latencies.count) of \(clicks) clicks in the capture from \(captureDevice); "
                + "nothing stored — is the output connected to that input, and its level up?")
        }
        let sorted = latencies.sorted()
        let p50 = TapAnalysis.median(latencies)
        let spread = TapAnalysis.standardDeviation(latencies)
        let output = "alsa:\(device)"
        try store.saveCalibration(Calibration(inputSource: CalibrationPair.loopbackInput, audioOutput: output, offsetMs: p50))
        if json {
            Output.json(LoopbackRecord(output: output, capture: captureDevice, roundTripMs: p50, spreadMs: spread,
                                       minMs: sorted.first!, maxMs: sorted.last!, clicks: clicks, found: latencies.count))
        } else {
            Output.line(String(format: "round trip p50 %.3f ms, spread %.3f ms (min %.3f, max %.3f), %d of %d clicks found",
                               p50, spread, sorted.first!, sorted.last!, latencies.count, clicks))
            Output.line("stored as the audio round trip of \(output)")
        }
    }
}

/// The playback side of the loopback measurement, on a thread of its own: writes the prepared
/// signal period by period (the device's blocking write paces it), then silence until stopped.
private final class PlaybackBox: @unchecked Sendable {
    private let output: PCMOutput
    private let signal: [Float]
    private let periodFrames: Int
    private let stopped = Atomic<Bool>(false)
    private let started = Atomic<Int64>(0)
    private let failure = Mutex<String?>(nil)

    /// When the playback stream started (read by the playback thread itself after each write, so
    /// the PCM handle is only ever used from one thread).
    var startTime: EngineTime? {
        let ns = started.load(ordering: .acquiring)
        return ns == 0 ? nil : EngineTime(nanoseconds: ns)
    }

    var error: String? { failure.withLock { $0 } }

    init(output: PCMOutput, signal: [Float], periodFrames: Int) {
        self.output = output
        self.signal = signal
        self.periodFrames = periodFrames
    }

    func play() {
        var stereo = [Float](repeating: 0, count: 2 * periodFrames)
        var position = 0
        while !stopped.load(ordering: .relaxed) {
            for i in 0..<periodFrames {
                let x = position + i < signal.count ? signal[position + i] : 0
                stereo[2 * i] = x
                stereo[2 * i + 1] = x
            }
            position += periodFrames
            do { try stereo.withUnsafeBufferPointer { try output.write($0) } } catch {
                failure.withLock { $0 = "\(error)" }
                return
            }
            if started.load(ordering: .relaxed) == 0, let time = output.triggerTime {
                started.store(time.nanoseconds, ordering: .releasing)
            }
        }
    }

    func stop() { stopped.store(true, ordering: .relaxed) }
}
