import Foundation
import WoodshedCore
import WoodshedRubberBand
import WoodshedSampleRate

/// Turns the song's files into frames at the output's rate and a segment's speed and pitch: read →
/// stretch (Rubber Band: a speed with the pitch kept, a transposition; skipped at 100 % untransposed)
/// → resample (libsamplerate: the output's rate, and a varispeed — faster and higher together, as a
/// tape; skipped when nothing is to change). At 100 % and the output's rate the frames are the
/// file's own, sample for sample.
///
/// `begin(at:speed:pitch:varispeed:)` starts from any frame at any speed with every stage's latency compensated, so
/// the first frame `produce` returns is that frame: the stretcher is reset (made the first time a
/// speed other than 100 % is asked for) and primed with the audio before it, the resampler reset.
final class SongPipeline {
    let source: SongSource
    private var stretcher: TimeStretcher?
    private var resampler: Resampler?
    /// Whether `resampler` is in the chain now (the rates differ, or a varispeed).
    private var resampling = false
    private let outputRate: Int
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
    ///   - pitch, varispeed: how the song starts (see `SongTimeline.Segment`).
    init(source: SongSource, speed: Double, pitch: Double = 0, varispeed: Bool = false, outputRate: Int,
         engine: TimeStretcher.Engine, changesSpeed: Bool = false) throws {
        self.source = source
        self.engine = engine
        self.outputRate = outputRate
        let (timeRatio, pitchScale) = Self.stretch(speed: speed, pitch: pitch, varispeed: varispeed)
        stretcher = timeRatio == 1 && pitchScale == 1 && !changesSpeed ? nil
            : try TimeStretcher(sampleRate: source.sampleRate, timeRatio: timeRatio, pitchScale: pitchScale, engine: engine)
        resampler = source.sampleRate == outputRate && !varispeed && !changesSpeed ? nil : try Resampler(from: source.sampleRate, to: outputRate)
        resampling = source.sampleRate != outputRate || (varispeed && speed != 1)
        input = .allocate(capacity: 2 * 8192)
        input.initialize(repeating: 0, count: 2 * 8192)
        middle = .allocate(capacity: 2 * chunk)
        middle.initialize(repeating: 0, count: 2 * chunk)
    }

    deinit {
        input.deallocate()
        middle.deallocate()
    }

    /// Rubber Band's time ratio and pitch scale for a segment: a varispeed leaves the time to the
    /// resampler and only transposes by `pitch`.
    static func stretch(speed: Double, pitch: Double, varispeed: Bool) -> (timeRatio: Double, pitchScale: Double) {
        (varispeed ? 1 : 1 / speed, pitch == 0 ? 1 : pow(2, pitch / 12))
    }

    /// Starts again at the song's frame `frame` (may be negative: silence first), at `speed`,
    /// transposed by `pitch` semitones, the speed as a varispeed (pitch with it) or not.
    func begin(at frame: Int64, speed: Double, pitch: Double = 0, varispeed: Bool = false) throws {
        middleOffset = 0
        middleCount = 0
        resampling = source.sampleRate != outputRate || (varispeed && speed != 1)
        if resampling {
            let resampler = try self.resampler ?? Resampler(from: source.sampleRate, to: outputRate)
            self.resampler = resampler
            guard resampler.canPlay(varispeed: varispeed ? speed : 1) else {
                throw WoodshedError("cannot play a \(source.sampleRate) Hz song \(speed)× as fast at \(outputRate) Hz")
            }
            resampler.reset(varispeed: varispeed ? speed : 1)
        }
        let (timeRatio, pitchScale) = Self.stretch(speed: speed, pitch: pitch, varispeed: varispeed)
        stretching = timeRatio != 1 || pitchScale != 1
        guard stretching else {
            source.seek(to: frame)
            return
        }
        let stretcher = try self.stretcher ?? TimeStretcher(sampleRate: source.sampleRate, timeRatio: timeRatio, pitchScale: pitchScale, engine: engine)
        self.stretcher = stretcher
        stretcher.reset(timeRatio: timeRatio, pitchScale: pitchScale)
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
        guard resampling, let resampler else {
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
