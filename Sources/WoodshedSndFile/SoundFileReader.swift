import CSndFile
import Foundation
import WoodshedCore

/// An audio file opened for streaming: decoded a block at a time as stereo float frames, seekable
/// to any frame. Memory does not grow with the file's length.
///
/// Mono files play on both sides; files with more than two channels play their first two (the
/// front pair of a surround file). Not thread-safe: one reader per thread (the song thread).
public final class SoundFileReader {
    public let path: String
    public let info: AudioFileInfo
    private let file: OpaquePointer
    /// Decoded frames in the file's own channel layout (for mono and surround files).
    private var scratch: UnsafeMutablePointer<Float>
    private var scratchFrames = 0
    /// The frame the next `read` returns.
    public private(set) var position: Int64 = 0

    public var sampleRate: Int { info.sampleRate }
    public var frames: Int64 { info.frames }

    /// The file's title and artist tags where libsndfile reads them (WAV INFO chunks, FLAC and Ogg
    /// comments, MP3's ID3), nil when absent or empty.
    public var title: String? { tag(Int32(SF_STR_TITLE)) }
    public var artist: String? { tag(Int32(SF_STR_ARTIST)) }

    private func tag(_ kind: Int32) -> String? {
        guard let text = sf_get_string(file, kind) else { return nil }
        let value = String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
        return value.isEmpty ? nil : value
    }

    /// Opens the file; the same checks and one-line messages as `AudioFileInfo`.
    public init(path: String) throws {
        (file, info) = try AudioFileInfo.open(path)
        self.path = path
        scratch = .allocate(capacity: 1)
    }

    deinit {
        sf_close(file)
        scratch.deallocate()
    }

    /// Moves to `frame` (clamped to the file). Sample-accurate for WAV, FLAC, Ogg Vorbis and Opus.
    public func seek(to frame: Int64) throws {
        let target = min(max(frame, 0), frames)
        if target == position { return }
        if sf_seek(file, target, SEEK_SET) < 0 {
            throw WoodshedError("\(path): cannot seek to \(String(format: "%.3f", Double(target) / Double(sampleRate))) s (libsndfile: \(String(cString: sf_strerror(file)))); the file may be truncated")
        }
        position = target
    }

    /// Reads up to `count` stereo frames into `stereo` (interleaved); returns how many (0 at the end).
    /// A file cut short (truncated) ends early rather than failing.
    public func read(into stereo: UnsafeMutablePointer<Float>, frames count: Int) -> Int {
        let channels = info.channels
        let got: Int
        if channels == 2 {
            got = Int(sf_readf_float(file, stereo, sf_count_t(count)))
        } else {
            if scratchFrames < count {
                scratch.deallocate()
                scratch = .allocate(capacity: count * channels)
                scratchFrames = count
            }
            got = Int(sf_readf_float(file, scratch, sf_count_t(count)))
            for i in 0..<got {
                stereo[2 * i] = scratch[i * channels]
                stereo[2 * i + 1] = scratch[i * channels + (channels == 1 ? 0 : 1)]
            }
        }
        position += Int64(max(got, 0))
        return max(got, 0)
    }
}
