#if canImport(Glibc)
import Glibc
#endif
import CALSA
import WoodshedCore
import WoodshedEngine

/// Live audio out through ALSA PCM (`--output alsa[:DEVICE]`).
///
/// Opens the device for interleaved stereo at the requested rate, period size and period count
/// (defaults: 64 frames × 3 periods at 48 kHz, a 4 ms buffer). A device may settle on something
/// else: `format` is what it accepted once `start()` returns, and the caller builds the mixer for
/// that. Prefers 32-bit float and falls back to 16-bit integer, converting through a buffer
/// allocated at start, one chunk at a time whatever the caller writes. Underruns (xruns) are
/// recovered with `snd_pcm_recover` and counted, never fatal.
public final class PCMOutput: AudioOutput {
    public let device: String
    public private(set) var format: AudioFormat
    private var pcm: OpaquePointer?
    private var useFloat = true
    private var converted: UnsafeMutablePointer<Int16>?
    /// Frames the conversion buffer holds.
    private var convertedFrames = 0
    private var xrunCount = 0
    /// Failed writes in a row; a few are recovered from, more end the stream.
    private var failures = 0
    /// Frames written so far (the stream's frame count).
    private var framesWritten: Int64 = 0
    /// The device buffer's size in frames, as the device set it.
    private var bufferFrames: Int64 = 0
    /// The device's clock against the monotonic one, from its timestamps after every write.
    public private(set) var clock: OutputClock

    public init(device: String = "default", format: AudioFormat) {
        self.device = device
        self.format = format
        clock = OutputClock(sampleRate: format.sampleRate)
    }

    deinit {
        if let pcm { snd_pcm_close(pcm) }
        converted?.deallocate()
    }

    public var name: String { "alsa:\(device)" }
    public var isRealTime: Bool { true }
    public var xruns: Int { xrunCount }

    public var latency: EngineTime {
        EngineTime.ofSample(Int64(format.periodFrames * format.periods), atRate: format.sampleRate)
    }

    public func start() throws {
        let what = "audio output \"\(device)\""
        let configured = try PCMHardware.open(
            device: device, stream: SND_PCM_STREAM_PLAYBACK, format: format, what: what,
            hint: "`woodshed devices` lists outputs; use --output alsa:DEVICE, --wav FILE or --output null", exactStereo: true)
        let handle = configured.handle
        pcm = handle
        useFloat = configured.useFloat
        format = configured.format
        clock = OutputClock(sampleRate: format.sampleRate)
        var bufferSize: snd_pcm_uframes_t = 0, periodSize: snd_pcm_uframes_t = 0
        snd_pcm_get_params(handle, &bufferSize, &periodSize)
        bufferFrames = bufferSize > 0 ? Int64(bufferSize) : Int64(format.periodFrames * format.periods)

        var sw: OpaquePointer?
        snd_pcm_sw_params_malloc(&sw)
        defer { snd_pcm_sw_params_free(sw) }
        snd_pcm_sw_params_current(handle, sw)
        // Start as soon as one period is queued, as FluidSynth's own driver does: after an underrun
        // the sound is back one period later, not a whole buffer later (the loop then fills the
        // buffer again at once). Wake when a period is free.
        snd_pcm_sw_params_set_start_threshold(handle, sw, snd_pcm_uframes_t(format.periodFrames))
        snd_pcm_sw_params_set_avail_min(handle, sw, snd_pcm_uframes_t(format.periodFrames))
        PCMTrigger.useMonotonicStamps(handle, sw)
        try ALSAError.check(snd_pcm_sw_params(handle, sw), "\(what): software parameters")
        try ALSAError.check(snd_pcm_prepare(handle), "\(what): prepare")
        if !useFloat {
            convertedFrames = max(format.periodFrames, 1024)
            let buffer = UnsafeMutablePointer<Int16>.allocate(capacity: 2 * convertedFrames)
            buffer.initialize(repeating: 0, count: 2 * convertedFrames)
            converted = buffer
        }
    }

    /// When the first sample was played (the stream started), on `CLOCK_MONOTONIC`; nil before.
    /// `PCMCapture.triggerTime` is on the same clock, which is how `calibrate --loopback` times a click.
    public var triggerTime: EngineTime? { pcm.flatMap(PCMTrigger.time) }

    /// An underrun or suspend: recover (prepare) and count it. Anything else (EIO from a device
    /// that stalled): prepare the stream again a few times before giving up.
    private func recover(_ pcm: OpaquePointer, _ error: Int32) throws {
        xrunCount += 1
        failures += 1
        var recovered = snd_pcm_recover(pcm, error, 1)
        if recovered < 0, failures <= 3 { recovered = snd_pcm_prepare(pcm) }
        if recovered < 0 || failures > 3 {
            throw ALSAError("audio output \"\(device)\" failed", code: recovered < 0 ? recovered : error)
        }
    }

    public func framesLate(atFrame frame: Int64) -> Double { clock.framesLate(atFrame: frame) }

    public func write(_ interleaved: UnsafeBufferPointer<Float>) throws {
        guard let pcm, let base = interleaved.baseAddress else { return }
        let total = interleaved.count / 2
        defer {
            framesWritten += Int64(total)
            observeClock(pcm)
        }
        guard let converted else { return try writeFrames(pcm, UnsafeRawPointer(base), frames: total, bytesPerFrame: 8) }
        // 16-bit: convert and write one buffer-full at a time, so no write is ever larger than the buffer.
        var done = 0
        while done < total {
            let chunk = min(convertedFrames, total - done)
            let source = base + 2 * done
            for i in 0..<(2 * chunk) {
                converted[i] = Int16(max(-1, min(1, source[i])) * 32767)
            }
            try writeFrames(pcm, UnsafeRawPointer(converted), frames: chunk, bytesPerFrame: 4)
            done += chunk
        }
    }

    /// Which frame is playing when, from the device's last position update: the frames written
    /// minus those still queued (the buffer less what is free) at its timestamp (monotonic:
    /// `PCMTrigger.useMonotonicStamps`). No allocation: a read of the device's status.
    private func observeClock(_ pcm: OpaquePointer) {
        guard snd_pcm_state(pcm) == SND_PCM_STATE_RUNNING else { return }
        var avail: snd_pcm_uframes_t = 0
        var stamp = snd_htimestamp_t()
        guard snd_pcm_htimestamp(pcm, &avail, &stamp) >= 0, stamp.tv_sec != 0 || stamp.tv_nsec != 0 else { return }
        let queued = bufferFrames - Int64(avail)
        clock.observe(frame: framesWritten - queued, at: Double(stamp.tv_sec) + Double(stamp.tv_nsec) * 1e-9)
    }

    /// Writes `frames` interleaved frames from `data`, recovering from underruns.
    private func writeFrames(_ pcm: OpaquePointer, _ data: UnsafeRawPointer, frames total: Int, bytesPerFrame: Int) throws {
        var frames = total
        var offset = 0
        while frames > 0 {
            let written = snd_pcm_writei(pcm, data + offset * bytesPerFrame, snd_pcm_uframes_t(frames))
            if written < 0 {
                try recover(pcm, Int32(written))
                continue
            }
            failures = 0
            frames -= Int(written)
            offset += Int(written)
        }
    }

    public func stop() throws {
        guard let pcm else { return }
        snd_pcm_drain(pcm)
        snd_pcm_close(pcm)
        self.pcm = nil
    }
}
