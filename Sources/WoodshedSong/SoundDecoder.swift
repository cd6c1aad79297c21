import WoodshedCore
import WoodshedSampleRate
import WoodshedSndFile

/// Decodes a short sound whole, ahead of the run — a chart's chip, your own click — at the output's
/// rate, so the audio thread only copies it.
public enum SoundDecoder {
    /// The longest sound decoded whole; the rest of a longer file is left out (a chip is a
    /// one-shot: a whole song belongs on the song's stream, which costs the same at any length).
    public static let longestSeconds = 30.0

    /// The file as interleaved stereo frames at `rate`, at most `longestSeconds` long.
    /// - Throws: a `UserFacingError` naming the file when it cannot be read or converted.
    public static func stereo(path: String, rate: Int, longestSeconds: Double = SoundDecoder.longestSeconds) throws -> [Float] {
        let reader = try SoundFileReader(path: path)
        let frames = Int(min(reader.frames, Int64(longestSeconds * Double(reader.sampleRate))))
        var decoded = [Float](repeating: 0, count: 2 * max(frames, 1))
        var got = 0
        decoded.withUnsafeMutableBufferPointer { buffer in
            while got < frames {
                let n = reader.read(into: buffer.baseAddress! + 2 * got, frames: min(frames - got, 16_384))
                if n == 0 { break }
                got += n
            }
        }
        guard got > 0 else { throw WoodshedError("\(path): the file holds no audio") }
        decoded.removeLast(decoded.count - 2 * got)
        guard reader.sampleRate != rate else { return decoded }

        let resampler = try Resampler(from: reader.sampleRate, to: rate)
        let capacity = Int((Double(got) * resampler.ratio).rounded(.up)) + 64
        var output = [Float](repeating: 0, count: 2 * capacity)
        var used = 0, written = 0
        try decoded.withUnsafeBufferPointer { input in
            try output.withUnsafeMutableBufferPointer { out in
                while written < capacity {
                    let (u, w) = try resampler.process(input.baseAddress! + 2 * used, frames: got - used,
                                                       into: out.baseAddress! + 2 * written, capacity: capacity - written,
                                                       endOfInput: true)
                    used += u
                    written += w
                    if u == 0 && w == 0 { break }
                }
            }
        }
        output.removeLast(output.count - 2 * written)
        return output
    }

    /// The file as one channel (left and right averaged) at `rate`: a click.
    public static func mono(path: String, rate: Int, longestSeconds: Double = 5) throws -> [Float] {
        let frames = try stereo(path: path, rate: rate, longestSeconds: longestSeconds)
        return (0..<frames.count / 2).map { (frames[2 * $0] + frames[2 * $0 + 1]) / 2 }
    }
}
