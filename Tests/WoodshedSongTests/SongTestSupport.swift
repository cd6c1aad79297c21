import Foundation
import Testing
import WoodshedCore
import WoodshedEngine
import WoodshedRubberBand
import WoodshedSndFile
@testable import WoodshedSong

/// Test songs with sounds at known times, and an onset finder that knows nothing of the code under test.
enum SongTestSupport {
    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("woodshed-song-\(getpid())-\(name)").path
    }

    /// A 1 kHz burst decaying over ~30 ms, starting at sample 0 at full height.
    static func burst(sampleRate: Int) -> [Float] {
        (0..<(sampleRate / 25)).map { i in
            let t = Double(i) / Double(sampleRate)
            return Float(0.8 * cos(2 * .pi * 1000 * t) * exp(-t / 0.008))
        }
    }

    /// Stereo audio of `seconds` with a burst starting at each of `times` (seconds).
    static func clicks(at times: [Double], seconds: Double, sampleRate: Int) -> [Float] {
        var mono = [Float](repeating: 0, count: Int(seconds * Double(sampleRate)))
        let b = burst(sampleRate: sampleRate)
        for t in times {
            let start = Int((t * Double(sampleRate)).rounded())
            for (i, x) in b.enumerated() where start + i < mono.count { mono[start + i] += x }
        }
        return mono.flatMap { [$0, $0] }
    }

    static func writeSong(_ samples: [Float], sampleRate: Int, codec: AudioFileWriter.Codec = .wav, name: String) throws -> String {
        let path = temporaryPath(name)
        try AudioFileWriter.write(samples, channels: 2, sampleRate: sampleRate, codec: codec, to: path)
        return path
    }

    /// Where sounds start in `mono`: the first sample reaching a quarter of the loudest peak after at
    /// least 20 ms below it.
    static func onsets(_ mono: [Float], sampleRate: Int) -> [Int] {
        let peak = mono.map { abs($0) }.max() ?? 0
        let threshold = peak / 4
        let quiet = sampleRate / 50
        var result: [Int] = []
        var lastLoud = -quiet - 1
        for (i, x) in mono.enumerated() where abs(x) >= threshold {
            if i - lastLoud > quiet { result.append(i) }
            lastLoud = i
        }
        return result
    }

    /// Runs a streamer to the end offline and returns the left channel of the song's timeline, from
    /// practice time `from` for `seconds`.
    /// Plays `streamer` as the mixer would, in blocks of 512 frames; `between(sample)` runs before
    /// each block (a change asked for while playing).
    static func render(_ streamer: SongStreamer, from: EngineTime = .zero, seconds: Double,
                       between: (Int) -> Void = { _ in }) -> [Float] {
        let rate = streamer.outputRate
        let frames = Int(seconds * Double(rate))
        var left = [Float](repeating: 0, count: frames), right = [Float](repeating: 0, count: frames)
        streamer.start()
        defer { streamer.stop() }
        var done = 0
        left.withUnsafeMutableBufferPointer { l in
            right.withUnsafeMutableBufferPointer { r in
                while done < frames {
                    between(done)
                    let n = min(512, frames - done)
                    streamer.playback.render(frames: n, firstSample: Int64(done), origin: from, gain: 1,
                                             left: l.baseAddress! + done, right: r.baseAddress! + done)
                    done += n
                }
            }
        }
        return left
    }

    static func median(_ values: [Double]) -> Double {
        let s = values.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    /// The `rubberband` command-line tool (Debian's rubberband-cli), which `scripts/setup` installs.
    static func rubberbandTool() throws -> String {
        for dir in ["/usr/bin", "/usr/local/bin"] where FileManager.default.isExecutableFile(atPath: dir + "/rubberband") {
            return dir + "/rubberband"
        }
        throw WoodshedError("the rubberband command-line tool is missing: run scripts/setup (it installs rubberband-cli)")
    }

    static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 { throw WoodshedError("\(tool) \(arguments.joined(separator: " ")) failed") }
    }
}
