import CRubberBand
import WoodshedCore

/// Rubber Band in real-time mode: changes the speed of stereo audio and keeps its pitch, or shifts
/// the pitch and keeps the speed, or both (the practice player's speed and transpose).
///
/// The one place librubberband is called. Real-time mode because a song is stretched as it streams
/// (a 60-minute file costs what a 1-minute one does), ahead of the audio thread on the song's own
/// thread. Rubber Band's real-time mode does not compensate its own latency: `prime(with:)` feeds the
/// preferred start pad and `process` drops the start delay from the output, so output frame 0 is
/// the first frame after the pad — the caller's audio stays on the chart's clock, also after every
/// seek (`reset` then `prime` again).
public final class TimeStretcher {
    /// Rubber Band's two engines.
    public enum Engine: String, CaseIterable, Sendable {
        /// R3: the better sound, about twice the CPU of R2 (the default).
        case finer
        /// R2: for machines too slow for R3.
        case faster
    }

    public let sampleRate: Int
    public let engine: Engine
    /// Output duration ÷ input duration (a song at 80 % speed: 1.25).
    public private(set) var timeRatio: Double
    /// Output frequency ÷ input frequency (up an octave: 2).
    public private(set) var pitchScale: Double
    private let state: RubberBandState
    /// Planar scratch for one block in and one block out.
    private let inLeft, inRight, outLeft, outRight: UnsafeMutablePointer<Float>
    /// The planes as Rubber Band takes them, made once.
    private let inPlanes: UnsafeMutablePointer<UnsafePointer<Float>?>
    private let outPlanes: UnsafeMutablePointer<UnsafeMutablePointer<Float>?>
    private let block: Int
    /// Output frames still to be thrown away after a `prime` (the start delay).
    private var toDiscard = 0

    /// - Throws: when Rubber Band does not give the engine asked for.
    public init(sampleRate: Int, timeRatio: Double, pitchScale: Double = 1, engine: Engine = .finer, block: Int = 1024) throws {
        guard sampleRate > 0, timeRatio > 0, timeRatio.isFinite, pitchScale > 0, pitchScale.isFinite else {
            throw WoodshedError("cannot stretch audio at \(sampleRate) Hz by \(timeRatio) (pitch × \(pitchScale))")
        }
        var options = Int32(RubberBandOptionProcessRealTime.rawValue) | Int32(bitPattern: RubberBandOptionChannelsTogether.rawValue)
        options |= Int32(bitPattern: (engine == .finer ? RubberBandOptionEngineFiner : RubberBandOptionEngineFaster).rawValue)
        guard let state = rubberband_new(UInt32(sampleRate), 2, options, timeRatio, pitchScale) else {
            throw WoodshedError("Rubber Band could not start a stretcher at \(sampleRate) Hz")
        }
        // Unknown options are ignored silently: check that the engine asked for is the one running.
        let version = rubberband_get_engine_version(state)
        guard version == (engine == .finer ? 3 : 2) else {
            rubberband_delete(state)
            throw WoodshedError("this librubberband runs engine R\(version), not the \(engine.rawValue) engine asked for; install Rubber Band 3 (librubberband2 3.x)")
        }
        self.state = state
        self.sampleRate = sampleRate
        self.engine = engine
        self.timeRatio = timeRatio
        self.pitchScale = pitchScale
        self.block = block
        rubberband_set_max_process_size(state, UInt32(block))
        inLeft = .allocate(capacity: block)
        inRight = .allocate(capacity: block)
        outLeft = .allocate(capacity: block)
        outRight = .allocate(capacity: block)
        for p in [inLeft, inRight, outLeft, outRight] { p.initialize(repeating: 0, count: block) }
        inPlanes = .allocate(capacity: 2)
        inPlanes.initialize(from: [UnsafePointer(inLeft), UnsafePointer(inRight)], count: 2)
        outPlanes = .allocate(capacity: 2)
        outPlanes.initialize(from: [outLeft, outRight], count: 2)
    }

    deinit {
        rubberband_delete(state)
        for p in [inLeft, inRight, outLeft, outRight] { p.deallocate() }
        inPlanes.deallocate()
        outPlanes.deallocate()
    }

    /// How many frames of audio before the first frame wanted `prime(with:)` takes.
    public var startPad: Int { Int(rubberband_get_preferred_start_pad(state)) }
    /// How many output frames Rubber Band delays its output by (dropped after a prime).
    public var startDelay: Int { Int(rubberband_get_start_delay(state)) }

    /// Forgets all audio and sets the speed (and pitch) for what comes next; call `prime` before
    /// processing.
    public func reset(timeRatio: Double, pitchScale: Double = 1) {
        rubberband_reset(state)
        self.timeRatio = timeRatio
        self.pitchScale = pitchScale
        rubberband_set_time_ratio(state, timeRatio)
        rubberband_set_pitch_scale(state, pitchScale)
        toDiscard = 0
    }

    /// Feeds the `startPad` frames that come before the first frame wanted (zeros before a file's
    /// start; the real audio before a seek point sounds smoother) and arranges for the start delay to
    /// be dropped from the output, so the next output frame is the stretched first frame wanted.
    public func prime(with interleaved: UnsafePointer<Float>, frames: Int) {
        precondition(frames == startPad, "prime with exactly startPad frames")
        toDiscard = startDelay
        process(interleaved, frames: frames)
    }

    /// Stretches `frames` interleaved stereo frames. (The song is endless to the stretcher: a segment
    /// ends by the timeline, never by a final block.)
    public func process(_ interleaved: UnsafePointer<Float>, frames: Int) {
        var done = 0
        repeat {
            let n = min(block, frames - done)
            for i in 0..<n {
                inLeft[i] = interleaved[2 * (done + i)]
                inRight[i] = interleaved[2 * (done + i) + 1]
            }
            rubberband_process(state, inPlanes, UInt32(n), 0)
            done += n
        } while done < frames
    }

    /// Output frames ready to retrieve now (after the start delay is dropped).
    public var available: Int {
        dropDelay()
        return max(Int(rubberband_available(state)), 0)
    }

    /// Copies up to `frames` stretched frames into `interleaved`; returns how many.
    public func retrieve(into interleaved: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        dropDelay()
        var got = 0
        while got < frames {
            let want = min(block, frames - got, max(Int(rubberband_available(state)), 0))
            if want == 0 { break }
            let n = retrieveBlock(want)
            for i in 0..<n {
                interleaved[2 * (got + i)] = outLeft[i]
                interleaved[2 * (got + i) + 1] = outRight[i]
            }
            got += n
        }
        return got
    }

    private func retrieveBlock(_ frames: Int) -> Int {
        Int(rubberband_retrieve(state, outPlanes, UInt32(frames)))
    }

    private func dropDelay() {
        while toDiscard > 0 {
            let n = min(block, toDiscard, max(Int(rubberband_available(state)), 0))
            if n == 0 { return }
            toDiscard -= retrieveBlock(n)
        }
    }

    /// How many input frames Rubber Band wants before it can give more output.
    public var framesRequired: Int { Int(rubberband_get_samples_required(state)) }
}
