import Foundation
import Testing
import WoodshedSndFile
@testable import WoodshedSong

/// `SongSource` sums its files, each from its own frame (a DTX chart's later BGM chips), and cuts one
/// short when it is restarted.
@Suite struct SongSourceTests {
    /// A stereo WAV of `frames` frames of value `level` (16-bit: exact for multiples of 1/32768).
    func constant(_ level: Float, frames: Int, name: String) throws -> SoundFileReader {
        let path = SongTestSupport.temporaryPath(name)
        try AudioFileWriter.write([Float](repeating: level, count: 2 * frames), channels: 2, sampleRate: 1000, codec: .wav, to: path)
        return try SoundFileReader(path: path)
    }

    func read(_ source: SongSource, from: Int64, frames: Int) throws -> [Float] {
        var stereo = [Float](repeating: 9, count: 2 * frames)
        source.seek(to: from)
        try stereo.withUnsafeMutableBufferPointer { try source.read(into: $0.baseAddress!, frames: frames) }
        return stride(from: 0, to: stereo.count, by: 2).map { stereo[$0] }
    }

    @Test func eachFilePlaysFromItsOwnFrameAndOnlyForItsLength() throws {
        let a = try constant(0.25, frames: 10, name: "a.wav"), b = try constant(0.5, frames: 10, name: "b.wav")
        let source = try SongSource(stems: [SongSource.Stem(reader: a, length: 6), SongSource.Stem(reader: b, gain: 0.5, start: 4)])
        #expect(source.frames == 14)
        let left = try read(source, from: -2, frames: 18)
        #expect(left == [0, 0, 0.25, 0.25, 0.25, 0.25, 0.5, 0.5, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 0, 0])
        // Read again from the middle, in pieces smaller than the stems: the same.
        var pieces: [Float] = []
        for start in stride(from: Int64(3), to: 14, by: 3) { pieces += try read(source, from: start, frames: 3) }
        #expect(pieces == Array(left[5..<17]))
    }
}
