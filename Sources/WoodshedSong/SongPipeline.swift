import WoodshedCore
import WoodshedRubberBand
import WoodshedSampleRate

/// Turns the song's files into frames at the output's rate and a segment's speed: read → stretch
/// (Rubber Band, pitch kept; skipped at 100 %) → resample (libsamplerate; skipped when the rates
/// match). At 100 % and the output's rate the frames are the file's own, sample for sample.
///
/// `begin(at:speed:)` starts from any frame at any speed with every stage's latency compensated, so
/// the first frame `produce` returns is that frame: the stretcher is reset (made the first time a
/// speed other than 100 % is asked for) and primed with the audio before it, the resampler reset.
final class SongPipeline {
    let source: SongSource
    private var stretcher: TimeStretcher?
    let resampler: Resampler?
    private let engine: TimeStretcher.Engine
    private var stretching = false
    private let chunk = 1024
    private let input: UnsafeMutablePointer<Float>
    /// Frames at the song's rate (stretched when stretching) waiting for the resampler.
    private let middle: UnsafeMutablePointer<Float>
    private var middleOffset = 0
    private var middleCount = 0

    /// - Parameters:
    ///   - speed: the speed the song starts at (the stretcher is made now when it is not 100 %, so a
    ///     failure to make one is said before the run).
    ///   - changesSpeed: the speed may change while playing: the stretcher is made now in any case
    ///     (making one takes a while; not inside a change's lead).
    init(source: SongSource, speed: Double, outputRate: Int, engine: TimeStretcher.Engine, changesSpeed: Bool = false) throws {
        self.source = source
        self.engine = engine
        stretcher = speed == 1 && !changesSpeed ? nil : try TimeStretcher(sampleRate: source.sampleRate, timeRatio: 1 / speed, engine: engine)
        resampler = source.sampleRate == outputRate ? nil : try Resampler(from: source.sampleRate, to: outputRate)
        input = .allocate(capacity: 2 * 8192)
        input.initialize(repeating: 0, count: 2 * 8192)
        middle = .allocate(capacity: 2 * chunk)
        middle.initialize(repeating: 0, count: 2 * chunk)
    }

    deinit {
        input.deallocate()
        middle.deallocate()
    }

    /// Starts again at the song's frame `frame` (may be negative: silence first), at `speed`.
    func begin(at frame: Int64, speed: Double) throws {
        middleOffset = 0
        middleCount = 0
        resampler?.reset()
        stretching = speed != 1
        guard stretching else {
            source.seek(to: frame)
            return
        }
        let stretcher = try self.stretcher ?? TimeStretcher(sampleRate: source.sampleRate, timeRatio: 1 / speed, engine: engine)
        self.stretcher = stretcher
        stretcher.reset(timeRatio: 1 / speed)
        let pad = stretcher.startPad
        source.seek(to: frame - Int64(pad))
        var primed = 0
        let padding = UnsafeMutablePointer<Float>.allocate(capacity: 2 * max(pad, 1))
        defer { padding.deallocate() }
        while primed < pad {
            let n = min(pad - primed, 8192)
            try source.read(into: padding + 2 * primed, frames: n)
            primed += n
        }
        stretcher.prime(with: padding, frames: pad)
    }

    /// Writes exactly `frames` output frames (interleaved stereo) into `out`.
    func produce(into out: UnsafeMutablePointer<Float>, frames: Int) throws {
        var done = 0
        guard let resampler else {
            while done < frames { done += try pull(into: out + 2 * done, atMost: frames - done) }
            return
        }
        while done < frames {
            if middleCount == 0 {
                middleCount = try pull(into: middle, atMost: chunk)
                middleOffset = 0
            }
            let (used, written) = try resampler.process(middle + 2 * middleOffset, frames: middleCount,
                                                        into: out + 2 * done, capacity: frames - done)
            middleOffset += used
            middleCount -= used
            done += written
        }
    }

    /// Frames at the song's rate, stretched when stretching: at least one, at most `limit`.
    private func pull(into buffer: UnsafeMutablePointer<Float>, atMost limit: Int) throws -> Int {
        guard stretching, let stretcher else {
            let n = min(limit, 8192)
            try source.read(into: buffer, frames: n)
            return n
        }
        while true {
            let ready = stretcher.available
            if ready > 0 { return stretcher.retrieve(into: buffer, frames: min(ready, limit)) }
            let n = max(min(stretcher.framesRequired, 8192), 256)
            try source.read(into: input, frames: n)
            stretcher.process(input, frames: n)
        }
    }
}
