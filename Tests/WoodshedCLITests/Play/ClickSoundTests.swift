import Foundation
import Testing
import WoodshedSndFile

/// Your own click (`metronome --sound FILE[,FILE]`), remembered for later commands, and the preview
/// of the built-in sounds.
@Suite struct ClickSoundTests {
    static let rate = 48_000

    /// A click file: a 5 ms step of `level` then silence (at the output's rate: copied as it is).
    func clickFile(_ name: String, level: Float, in dir: URL) throws -> String {
        let mono = (0..<(Self.rate / 100)).map { $0 < Self.rate / 200 ? level : 0 }
        let path = dir.appendingPathComponent(name).path
        try AudioFileWriter.write(mono.flatMap { [$0, $0] }, channels: 2, sampleRate: Self.rate, codec: .wav, to: path)
        return path
    }

    /// The level of the click starting at `sample` (its first 5 ms constant), or nil if it is not there.
    func level(at sample: Int, in channel: [Float]) -> Float? {
        let v = channel[sample]
        guard v != 0, sample == 0 || channel[sample - 1] == 0 else { return nil }
        return channel[sample..<(sample + Self.rate / 200)].allSatisfy { abs($0 - v) < 1e-4 } ? v : nil
    }

    @Test func yourOwnFileClicksOnEveryBeatAndIsRemembered() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = ["WOODSHED_DATA_DIR": dir.path, "XDG_CONFIG_HOME": dir.path]
        let file = try clickFile("tick.wav", level: 0.5, in: dir)
        let wav = dir.appendingPathComponent("out.wav").path
        let one = try WoodshedBinary.run(["metronome", "--bpm", "120", "--bars", "1", "--wav", wav, "--sound", file], environment: env)
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout.contains("(tick.wav)"), "\(one.stdout)")
        let left = try AudioFile(contentsOf: wav).channel(0)
        let levels = [0, 24_000, 48_000, 72_000].map { level(at: $0, in: left) }
        let accent = try #require(levels[0])
        // The accent is the file; the other beats are the same file at 0.6 of it.
        for l in levels.dropFirst() { #expect(l.map { abs($0 / accent - 0.6) < 0.01 } == true, "\(levels)") }

        // Two files: accent and normal.
        let high = try clickFile("high.wav", level: 0.4, in: dir), low = try clickFile("low.wav", level: 0.2, in: dir)
        let two = try WoodshedBinary.run(["metronome", "--bpm", "120", "--bars", "1", "--wav", wav, "--sound", "\(high),\(low)"], environment: env)
        #expect(two.status == 0, "\(two.stderr)")
        let pair = try AudioFile(contentsOf: wav).channel(0)
        let a = try #require(level(at: 0, in: pair)), n = try #require(level(at: 24_000, in: pair))
        #expect(abs(n / a - 0.5) < 0.01, "accent \(a), normal \(n)")

        // Remembered: the next metronome (and a render's click) uses the pair.
        let again = try WoodshedBinary.run(["metronome", "--bpm", "120", "--bars", "1", "--wav", wav], environment: env)
        #expect(again.stdout.contains("(high.wav, low.wav)"), "\(again.stdout)")
        let chart = dir.appendingPathComponent("c.wchart")
        try "bpm: 120\n\nmeasure\nkick x---\n".write(to: chart, atomically: true, encoding: .utf8)
        let render = try WoodshedBinary.run(["render", chart.path, "--wav", wav, "--volume", "kit=mute"], environment: env)
        #expect(render.status == 0, "\(render.stderr)")
        let rendered = try AudioFile(contentsOf: wav).channel(0)
        let r1 = try #require(level(at: 0, in: rendered)), r2 = try #require(level(at: 24_000, in: rendered))
        #expect(abs(r2 / r1 - 0.5) < 0.01)

        // A built-in name puts the built-in sounds back.
        let back = try WoodshedBinary.run(["metronome", "--bpm", "120", "--bars", "1", "--wav", wav, "--sound", "hihat"], environment: env)
        #expect(back.stdout.contains("(hihat)"))
        #expect(try WoodshedBinary.run(["metronome", "--bpm", "120", "--bars", "1", "--wav", wav], environment: env).stdout.contains("(hihat)"))
    }

    @Test func aClickFileThatIsNotThereOrNotAudioIsOneLine() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = ["WOODSHED_DATA_DIR": dir.path, "XDG_CONFIG_HOME": dir.path]
        let wav = dir.appendingPathComponent("out.wav").path
        let missing = try WoodshedBinary.run(["metronome", "--bpm", "120", "--bars", "1", "--wav", wav, "--sound", "nope/tick.wav"], environment: env)
        #expect(missing.status == 1)
        #expect(missing.stderr.split(separator: "\n").count == 1 && missing.stderr.contains("tick.wav not found"), "\(missing.stderr)")
        let text = dir.appendingPathComponent("notes.txt")
        try "not audio".write(to: text, atomically: true, encoding: .utf8)
        let bad = try WoodshedBinary.run(["metronome", "--bpm", "120", "--bars", "1", "--wav", wav, "--sound", text.path], environment: env)
        #expect(bad.status == 1)
        #expect(bad.stderr.split(separator: "\n").count == 1 && bad.stderr.contains("notes.txt"), "\(bad.stderr)")
    }

    @Test func thePreviewPlaysEachBuiltInAccentThenClickNamed() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let wav = dir.appendingPathComponent("preview.wav").path
        let result = try WoodshedBinary.run(["metronome", "--preview", "--wav", wav], environment: ["WOODSHED_DATA_DIR": dir.path])
        #expect(result.status == 0, "\(result.stderr)")
        for name in ["classic", "woodblock", "hihat", "rimshot", "digital"] { #expect(result.stdout.contains("\(name): accent at")) }
        let left = try AudioFile(contentsOf: wav).channel(0)
        // Onsets: non-zero after 20 ms of silence.
        var onsets: [Int] = [], last = -Self.rate
        for (i, x) in left.enumerated() where x != 0 {
            if i - last > Self.rate / 50 { onsets.append(i) }
            last = i
        }
        let expected = (0..<5).flatMap { k in [k * 57_600, k * 57_600 + 24_000] }
        // (A waveform may begin on a zero crossing: its first non-zero sample is the next.)
        #expect(onsets.count == expected.count && zip(onsets, expected).allSatisfy { $0 - $1 >= 0 && $0 - $1 <= 1 }, "\(onsets)")
    }
}
