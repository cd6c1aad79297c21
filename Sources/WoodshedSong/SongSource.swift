import WoodshedCore
import WoodshedSndFile

/// The song as one stereo signal at its files' rate: one file, or a folder's stems summed with their
/// gains, or a DTX chart's BGM chips each from its own place, read from any frame — silence before
/// the start and after the end, so a song shorter than the chart or a chart starting before the
/// song simply meets silence.
public final class SongSource {
    /// One file and how loud it plays in the song (a drum stem muted for a drummer: 0).
    public struct Stem {
        public var reader: SoundFileReader
        public var gain: Float
        /// The song frame at which the file's first frame plays (a later BGM chip: > 0).
        public var start: Int64
        /// How many of the file's frames play (a BGM chip restarted before it ended: fewer).
        public var length: Int64

        public init(reader: SoundFileReader, gain: Float = 1, start: Int64 = 0, length: Int64? = nil) {
            self.reader = reader
            self.gain = gain
            self.start = start
            self.length = min(length ?? reader.frames, reader.frames)
        }

        /// The song frame after its last.
        public var end: Int64 { start + length }
    }

    public let stems: [Stem]
    public let sampleRate: Int
    /// Where the last stem ends.
    public let frames: Int64
    /// The frame the next `read` returns (may be negative: before the song).
    public private(set) var position: Int64 = 0
    private let scratch: UnsafeMutablePointer<Float>
    private let scratchFrames = 4096

    /// - Throws: when there are no stems or they do not share one sample rate (the caller drops a
    ///   stem at another rate with a warning before this).
    public init(stems: [Stem]) throws {
        guard let first = stems.first else { throw WoodshedError("a song needs at least one audio file") }
        if let odd = stems.first(where: { $0.reader.sampleRate != first.reader.sampleRate }) {
            throw WoodshedError("\(odd.reader.path) is at \(odd.reader.sampleRate) Hz but \(first.reader.path) is at \(first.reader.sampleRate) Hz; export the song's files at one rate")
        }
        self.stems = stems
        sampleRate = first.reader.sampleRate
        frames = stems.map(\.end).max() ?? 0
        scratch = .allocate(capacity: 2 * scratchFrames)
        scratch.initialize(repeating: 0, count: 2 * scratchFrames)
    }

    deinit { scratch.deallocate() }

    /// Moves to `frame` (any value; outside the song reads silence).
    public func seek(to frame: Int64) {
        position = frame
    }

    /// Fills `frames` stereo frames (interleaved) from the current position and moves past them.
    public func read(into stereo: UnsafeMutablePointer<Float>, frames count: Int) throws {
        stereo.update(repeating: 0, count: 2 * count)
        var done = 0
        if position < 0 { done = Int(min(Int64(count), -position)) }  // before the song: silence
        while done < count {
            let at = position + Int64(done)
            let n = min(count - done, scratchFrames)
            for stem in stems where at + Int64(n) > stem.start && at < stem.end {
                // The part of this block the stem covers, in song frames, and where that is in its file.
                let from = max(at, stem.start), to = min(at + Int64(n), stem.end)
                let fileFrame = from - stem.start
                if stem.reader.position != fileFrame { try stem.reader.seek(to: fileFrame) }
                let got = stem.reader.read(into: scratch, frames: Int(to - from))
                let out = stereo + 2 * (done + Int(from - at))
                for i in 0..<(2 * got) { out[i] += scratch[i] * stem.gain }
            }
            done += n
        }
        position += Int64(count)
    }
}
