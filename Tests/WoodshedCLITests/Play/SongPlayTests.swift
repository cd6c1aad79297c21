import Foundation
import Testing
import WoodshedSndFile

/// The chart's song sounds with the chart, on its clock: `play --wav` and `render` mix it in, in time
/// with the click at 100 % and stretched, and a song that cannot play is one line.
@Suite struct SongPlayTests {
    /// A chart at 120 BPM, 4 measures of kicks on the beat, whose song has a burst on every
    /// off-beat: the song's first sample plays 250 ms into measure 1 and it has a burst every 500 ms.
    func songChart(in dir: URL, codec: AudioFileWriter.Codec = .wav, songSeconds: Double = 8.5) throws -> String {
        let rate = 44_100
        var mono = [Float](repeating: 0, count: Int(songSeconds * Double(rate)))
        let burst = (0..<(rate / 25)).map { i in Float(0.8 * cos(2 * .pi * 1000 * Double(i) / Double(rate)) * exp(-Double(i) / Double(rate) / 0.008)) }
        for k in 0..<Int(songSeconds * 2) {
            let start = k * rate / 2
            for (i, x) in burst.enumerated() where start + i < mono.count { mono[start + i] = x }
        }
        try AudioFileWriter.write(mono.flatMap { [$0, $0] }, channels: 2, sampleRate: rate, codec: codec,
                                  to: dir.appendingPathComponent("song.\(codec.rawValue)").path)
        let chart = dir.appendingPathComponent("offbeat.wchart")
        var text = "title: Off-beat song\nbpm: 120\nsignature: 4/4\nbacking: song.\(codec.rawValue)\nbacking-offset: 250\n"
        for m in 1...4 { text += "\nmeasure \(m)\nkick  x---|x---|x---|x---\n" }
        try text.write(to: chart, atomically: true, encoding: .utf8)
        return chart.path
    }

    /// Sounds' starts: a sample at a quarter of the loudest after 20 ms below it (independent of Woodshed).
    func onsets(_ mono: [Float], rate: Int) -> [Int] {
        let threshold = (mono.map { abs($0) }.max() ?? 0) / 4
        var result: [Int] = [], last = -rate
        for (i, x) in mono.enumerated() where abs(x) >= threshold {
            if i - last > rate / 50 { result.append(i) }
            last = i
        }
        return result
    }

    /// Plays the chart with nobody playing (no kit sound) into a WAV; returns (click onsets, song onsets)
    /// in samples, told apart by which half of the beat they fall in.
    func playAlone(_ chart: String, speed: Int, dir: URL) throws -> (clicks: [Int], song: [Int], stderr: String) {
        let empty = dir.appendingPathComponent("nobody.txt")
        try "".write(to: empty, atomically: true, encoding: .utf8)
        let wav = dir.appendingPathComponent("mix-\(speed).wav").path
        let result = try WoodshedBinary.run(["play", chart, "--input", "events:\(empty.path)", "--no-feedback", "--no-store",
                                             "--count-in", "0", "--speed", "\(speed)", "--wav", wav])
        #expect(result.status == 0, "\(result.stderr)")
        let audio = try AudioFile(contentsOf: wav)
        let found = onsets(audio.channel(0), rate: audio.sampleRate)
        // The first onset is the click on beat 1 (the song's first burst comes a quarter-beat... later).
        guard let first = found.first else { return ([], [], result.stderr) }
        let beat = 0.5 / (Double(speed) / 100) * Double(audio.sampleRate)
        let clicks = found.filter { Double($0 - first).truncatingRemainder(dividingBy: beat) < beat / 4 }
        return (clicks, found.filter { !clicks.contains($0) }, result.stderr)
    }

    @Test func atFullSpeedTheSongsBurstsSitHalfwayBetweenTheClicksToTheMillisecond() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (clicks, song, _) = try playAlone(try songChart(in: dir), speed: 100, dir: dir)
        #expect(clicks.count == 16, "one click a beat for 4 measures: \(clicks.count)")
        #expect(song.count == 16, "one song burst after every beat: \(song.count)")
        for (c, s) in zip(clicks, song) {
            #expect(abs(s - c - 12_000) <= 48, "burst \(s - c) samples after its click; 12000 (250 ms at 48 kHz) expected")
        }
    }

    @Test(arguments: [75, 150]) func stretchedTheSongStaysWithTheClick(speed: Int) throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (clicks, song, _) = try playAlone(try songChart(in: dir, codec: .ogg), speed: speed, dir: dir)
        #expect(clicks.count == 16 && song.count == 16, "\(clicks.count) clicks, \(song.count) bursts")
        let expected = 0.25 / (Double(speed) / 100) * 48_000
        let offsets = zip(clicks, song).map { (Double($1 - $0) - expected) / 48 }  // ms
        let median = offsets.sorted()[offsets.count / 2]
        #expect(abs(median) <= 3, "song \(median) ms from its place at \(speed) %: \(offsets)")
        #expect((offsets.max()! - offsets.min()!) <= 3, "spread \(offsets)")
    }

    @Test func renderMixesTheSongIn() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let chart = try songChart(in: dir)
        let wav = dir.appendingPathComponent("render.wav").path
        let with = try WoodshedBinary.run(["render", chart, "--wav", wav, "--click", "off"])
        #expect(with.status == 0, "\(with.stderr)")
        #expect(with.stdout.contains("with the song song.wav"))
        let withSong = try AudioFile(contentsOf: wav).channel(0)
        let without = try WoodshedBinary.run(["render", chart, "--wav", wav, "--click", "off", "--no-song"])
        #expect(without.status == 0)
        let noSong = try AudioFile(contentsOf: wav).channel(0)
        // Without the song: a kick on each of 16 beats; with it, a burst 250 ms after each of them too.
        #expect(onsets(noSong, rate: 48_000).count == 16)
        let found = onsets(withSong, rate: 48_000)
        #expect(found.count == 32)
        let gaps = stride(from: 0, to: found.count - 1, by: 2).map { found[$0 + 1] - found[$0] }
        // (The kick's sample rises for a millisecond or two before it crosses the threshold; the
        // song's own placement is measured against the click above, to the millisecond.)
        #expect(gaps.allSatisfy { abs($0 - 12_000) <= 160 }, "\(gaps)")
    }

    @Test func aSongThatCannotPlayIsOneLineAndTheChartStillPlays() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let chart = try songChart(in: dir)
        let song = dir.appendingPathComponent("song.wav")
        // Truncated to its header's first bytes: not audio any more.
        try Data(try Data(contentsOf: song).prefix(20)).write(to: song)
        let wav = dir.appendingPathComponent("out.wav").path
        let result = try WoodshedBinary.run(["play", chart, "--input", "sim", "--no-store", "--wav", wav])
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.contains("song.wav") == true && lines.first?.contains("playing without the song") == true)
        #expect(result.stdout.contains("Results"))
    }

    @Test func aSongShorterThanTheChartIsSaidOnceAndPlaysWhatItHas() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let chart = try songChart(in: dir, songSeconds: 4)
        let (_, song, stderr) = try playAlone(chart, speed: 100, dir: dir)
        #expect(stderr.contains("ends 3.8 s before the last measure"), "\(stderr)")
        #expect(song.count == 8)
    }
}
