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

    /// Mono bursts every 500 ms from `first` seconds, as stereo samples.
    func bursts(from first: Double, seconds: Double, rate: Int) -> [Float] {
        var mono = [Float](repeating: 0, count: Int(seconds * Double(rate)))
        let burst = (0..<(rate / 25)).map { i in Float(0.8 * cos(2 * .pi * 1000 * Double(i) / Double(rate)) * exp(-Double(i) / Double(rate) / 0.008)) }
        var t = first
        while t < seconds {
            let start = Int(t * Double(rate))
            for (i, x) in burst.enumerated() where start + i < mono.count { mono[start + i] = x }
            t += 0.5
        }
        return mono.flatMap { [$0, $0] }
    }

    /// A Clone Hero folder: notes.chart (120 BPM, a kick on each of 16 beats), song.ogg with a burst
    /// 250 ms after each beat, drums_1.wav with one 125 ms after each beat, bass.wav at another rate.
    func songFolder(in dir: URL) throws -> URL {
        let folder = dir.appendingPathComponent("Off-beat Band - Stems")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let kicks = (0..<16).map { "  \($0 * 192) = N 0 0" }.joined(separator: "\n")
        try "[Song]\n{\n  Name = \"Stems\"\n  Resolution = 192\n}\n[SyncTrack]\n{\n  0 = TS 4\n  0 = B 120000\n}\n[ExpertDrums]\n{\n\(kicks)\n}\n"
            .write(to: folder.appendingPathComponent("notes.chart"), atomically: true, encoding: .utf8)
        try AudioFileWriter.write(bursts(from: 0.25, seconds: 8.5, rate: 48_000), channels: 2, sampleRate: 48_000, codec: .ogg,
                                  to: folder.appendingPathComponent("song.ogg").path)
        try AudioFileWriter.write(bursts(from: 0.125, seconds: 8.5, rate: 48_000), channels: 2, sampleRate: 48_000, codec: .wav,
                                  to: folder.appendingPathComponent("drums_1.wav").path)
        try AudioFileWriter.write([Float](repeating: 0, count: 2 * 44_100), channels: 2, sampleRate: 44_100, codec: .wav,
                                  to: folder.appendingPathComponent("bass.wav").path)
        return folder
    }

    @Test func aSongFolderPlaysAllItsStemsWithTheDrumStemsMutedForTheDrummer() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = try songFolder(in: dir)
        let empty = dir.appendingPathComponent("nobody.txt")
        try "".write(to: empty, atomically: true, encoding: .utf8)
        func play(_ extra: [String]) throws -> (onsets: [Int], result: WoodshedBinary.Result) {
            let wav = dir.appendingPathComponent("folder.wav").path
            let result = try WoodshedBinary.run(["play", folder.path, "--input", "events:\(empty.path)", "--no-feedback", "--no-store",
                                                 "--count-in", "0", "--click", "off", "--wav", wav] + extra)
            #expect(result.status == 0, "\(result.stderr)")
            return (onsets(try AudioFile(contentsOf: wav).channel(0), rate: 48_000), result)
        }
        let (muted, result) = try play([])
        #expect(muted.count == 16, "only the song stem: \(muted.count) onsets")
        #expect(result.stdout.contains("song: song.ogg, drums_1.wav (muted)"), "\(result.stdout)")
        let warnings = result.stderr.split(separator: "\n")
        #expect(warnings.count == 1 && warnings[0].contains("bass.wav is at 44100 Hz"), "\(result.stderr)")
        let (on, _) = try play(["--drum-stem", "on"])
        #expect(on.count == 32, "the song and the drum stem: \(on.count) onsets")
        // The drum stem's bursts 125 ms after the beat, the song's 250 ms: 6000 samples apart.
        let gaps = stride(from: 0, to: on.count - 1, by: 2).map { on[$0 + 1] - on[$0] }
        #expect(gaps.allSatisfy { abs($0 - 6_000) <= 2 }, "\(gaps)")
    }

    @Test func aFolderWithoutAChartIsOneLine() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try WoodshedBinary.run(["play", dir.path, "--input", "sim", "--no-store"])
        #expect(result.status == 1)
        #expect(result.stderr == "woodshed: \(dir.path): no notes.mid or notes.chart in this folder; give a chart file, or a Clone Hero song folder\n")
    }
}
