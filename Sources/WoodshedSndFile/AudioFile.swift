import CSndFile
import WoodshedCore

/// A whole audio file read into memory as interleaved float samples (WAV, FLAC, Ogg, MP3 — whatever
/// libsndfile reads). Used for backing tracks, loopback captures and tests.
public struct AudioFile: Sendable {
    public var sampleRate: Int
    public var channels: Int
    /// Interleaved samples, `frames × channels`.
    public var samples: [Float]

    public var frames: Int { samples.count / max(channels, 1) }

    public init(sampleRate: Int, channels: Int, samples: [Float]) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.samples = samples
    }

    /// Reads the file at `path`.
    /// - Throws: `WoodshedError` naming the file and libsndfile's reason.
    public init(contentsOf path: String) throws {
        var info = SF_INFO()
        info.format = 0
        guard let file = sf_open(path, Int32(SFM_READ), &info) else {
            throw WoodshedError("\(path): cannot read audio (\(String(cString: sf_strerror(nil))))")
        }
        defer { sf_close(file) }
        let count = Int(info.frames) * Int(info.channels)
        var samples = [Float](repeating: 0, count: count)
        let read = samples.withUnsafeMutableBufferPointer { sf_readf_float(file, $0.baseAddress, info.frames) }
        if read < info.frames { samples.removeLast(count - Int(read) * Int(info.channels)) }
        self.init(sampleRate: Int(info.samplerate), channels: Int(info.channels), samples: samples)
    }

    /// One channel's samples.
    public func channel(_ index: Int) -> [Float] {
        stride(from: index, to: samples.count, by: channels).map { samples[$0] }
    }
}
