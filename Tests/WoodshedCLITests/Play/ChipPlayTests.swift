import Foundation
import Testing
import WoodshedSndFile

/// A DTX chart's own sounds (chips) play: on their exact sample in a render, by themselves for the
/// voices the drummer is not judged on, and as the sound of a hit; a chip that cannot play is one
/// line and its notes fall back to the kit.
@Suite struct ChipPlayTests {
    static let rate = 48_000

    /// A chip: a 10 ms step of `level` followed by a 20 ms decay — easy to find, and at the output's
    /// rate so it is copied sample for sample.
    static func chip(level: Float) -> [Float] {
        (0..<(rate * 30 / 1000)).map { i in i < rate / 100 ? level : level * Float(exp(-Double(i - rate / 100) / 200)) }
    }

    /// A folder with kick.wav (level 0.4), snare.wav (0.6) and a DTX at 120 BPM: kicks on the four
    /// beats of measure 1, snares on 2 and 4 at #VOLUME 50 panned hard left.
    func chipChart(in dir: URL, extraHeader: String = "", extraLines: String = "") throws -> String {
        for (name, level) in [("kick.wav", Float(0.4)), ("snare.wav", 0.6)] {
            let mono = Self.chip(level: level)
            try AudioFileWriter.write(mono.flatMap { [$0, $0] }, channels: 2, sampleRate: Self.rate, codec: .wav,
                                      to: dir.appendingPathComponent(name).path)
        }
        let text = """
        #TITLE: Chips
        #BPM: 120
        #WAV01: kick.wav
        #WAV02: snare.wav
        #VOLUME02: 50
        #PAN02: -100
        \(extraHeader)
        #00013: 01010101
        #00012: 00020002
        #00113: 01
        \(extraLines)
        """
        let chart = dir.appendingPathComponent("chips.dtx")
        try text.write(to: chart, atomically: true, encoding: .utf8)
        return chart.path
    }

    /// Where `chip` (scaled) starts in `channel`: every sample of it matches at one gain from there.
    func gain(of chip: [Float], at start: Int, in channel: [Float]) -> Float? {
        guard start + chip.count <= channel.count, chip[0] != 0 else { return nil }
        let g = channel[start] / chip[0]
        for i in 0..<chip.count where abs(channel[start + i] - chip[i] * g) > 2.0 / 32_768 { return nil }
        return g
    }

    @Test func renderPlaysEveryChipOnItsSampleWithItsVolumeAndPan() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let wav = dir.appendingPathComponent("out.wav").path
        let result = try WoodshedBinary.run(["render", try chipChart(in: dir), "--wav", wav, "--click", "off"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("chart sounds: 2 sound files"), "\(result.stdout)")
        let audio = try AudioFile(contentsOf: wav)
        let left = audio.channel(0), right = audio.channel(1)
        let kick = Self.chip(level: 0.4), snare = Self.chip(level: 0.6)
        // Kicks at 0, 0.5, 1.0, 1.5 s and 2.0 s (measure 2); snares at 0.5 and 1.5 s, left only, at half volume.
        let beats = [0, 24_000, 48_000, 72_000, 96_000]
        let kickGains = [0, 48_000, 96_000].map { gain(of: kick, at: $0, in: right) }
        #expect(kickGains.allSatisfy { $0 != nil }, "kicks alone at 0, 1 and 2 s: \(kickGains)")
        let g = kickGains[0] ?? 0
        #expect(g > 0.3, "the chart channel's volume: \(g)")
        for start in [24_000, 72_000] {
            // Right: the kick alone (the snare is panned hard left).
            #expect(gain(of: kick, at: start, in: right).map { abs($0 - g) < 0.01 } == true, "kick on the right at \(start)")
            // Left: the kick plus the snare at half volume.
            let both = zip(kick, snare).map { $0 + $1 * 0.5 }
            #expect(gain(of: both, at: start, in: left).map { abs($0 - g) < 0.01 } == true, "kick + half snare on the left at \(start)")
        }
        // Nothing before each chip.
        for start in beats.dropFirst() {
            #expect(left[start - 1] == 0 && right[start - 1] == 0, "silence just before \(start)")
        }
    }

    /// The drummer practises the snare; the kick is played for them with its chip. Nobody hits.
    @Test func theVoicesYouAreNotJudgedOnPlayThemselves() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let chart = try chipChart(in: dir)
        let nobody = dir.appendingPathComponent("nobody.txt")
        try "".write(to: nobody, atomically: true, encoding: .utf8)
        let kick = Self.chip(level: 0.4)
        func play(_ extra: [String]) throws -> [Float] {
            let wav = dir.appendingPathComponent("play.wav").path
            let result = try WoodshedBinary.run(["play", chart, "--input", "events:\(nobody.path)", "--no-store", "--count-in", "0",
                                                 "--click", "off", "--wav", wav] + extra)
            #expect(result.status == 0, "\(result.stderr)")
            return try AudioFile(contentsOf: wav).channel(1)
        }
        let handsOnly = try play(["--voices", "snare"])
        for start in [0, 24_000, 48_000, 72_000, 96_000] {
            #expect(gain(of: kick, at: start, in: handsOnly) != nil, "the kick's chip at \(start)")
        }
        let everything = try play([])
        #expect(everything.allSatisfy { $0 == 0 }, "judged on every voice and not playing: silence")
        // At half speed the chips come twice as far apart and sound as they are (not stretched).
        let slow = try play(["--voices", "snare", "--speed", "50"])
        for start in [0, 48_000, 96_000, 144_000] {
            #expect(gain(of: kick, at: start, in: slow) != nil, "the kick's chip at \(start) at 50 %")
        }
    }

    @Test func aHitPlaysTheChipOfItsNoteOrTheKitWhenAsked() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let chart = try chipChart(in: dir)
        let hits = dir.appendingPathComponent("hits.txt")
        // The snare on beat 2 exactly, full force; a stray snare at 1.25 s (an extra: the nearest snare's chip).
        try "500 38 127\n1250 38 127\n".write(to: hits, atomically: true, encoding: .utf8)
        func play(_ extra: [String]) throws -> AudioFile {
            let wav = dir.appendingPathComponent("hits.wav").path
            let result = try WoodshedBinary.run(["play", chart, "--input", "events:\(hits.path)", "--no-store", "--count-in", "0",
                                                 "--click", "off", "--wav", wav] + extra)
            #expect(result.status == 0, "\(result.stderr)")
            return try AudioFile(contentsOf: wav)
        }
        let chip = try play([])
        let snare = Self.chip(level: 0.6)
        let left = chip.channel(0), right = chip.channel(1)
        let onBeat = gain(of: snare, at: 24_000, in: left)
        let stray = gain(of: snare, at: 60_000, in: left)
        #expect(onBeat != nil && stray != nil, "the snare chip at both hits: \(String(describing: onBeat)), \(String(describing: stray))")
        #expect(right.allSatisfy { $0 == 0 }, "panned hard left, and the kick was not hit: nothing on the right")

        let kit = try play(["--hit-sound", "kit"])
        #expect(gain(of: snare, at: 24_000, in: kit.channel(0)) == nil)
        #expect(kit.channel(1)[24_000..<26_400].contains { abs($0) > 0.01 }, "the kit's snare sounds on both sides")
    }

    @Test func aChipThatCannotPlayIsOneLineAndItsNotesPlayTheKit() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let chart = try chipChart(in: dir, extraHeader: "#WAV03: gone.wav\n#WAV04: ../outside.wav",
                                  extraLines: "#00011: 03030303\n#00016: 04")
        let hits = dir.appendingPathComponent("hits.txt")
        try "0 42 100\n".write(to: hits, atomically: true, encoding: .utf8)
        let wav = dir.appendingPathComponent("out.wav").path
        let result = try WoodshedBinary.run(["play", chart, "--input", "events:\(hits.path)", "--no-store", "--count-in", "0",
                                             "--click", "off", "--wav", wav])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.contains { $0.contains("gone.wav not found") && $0.contains("kit") }, "\(result.stderr)")
        #expect(lines.contains { $0.contains("../outside.wav") && $0.contains("outside the chart's folder") }, "\(result.stderr)")
        // The hi-hat hit falls back to the kit: it sounds on the right (the chips would be silent there).
        let right = try AudioFile(contentsOf: wav).channel(1)
        #expect(right[0..<2_400].contains { abs($0) > 0.01 }, "the kit's hi-hat")
    }

    @Test func severalBGMChipsEachPlayFromTheirPlace() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // intro.wav starts at measure 1, outro.wav halfway into measure 2 (2 s + 1 s).
        for name in ["intro.wav", "outro.wav"] {
            let mono = Self.chip(level: 0.5)
            try AudioFileWriter.write(mono.flatMap { [$0, $0] }, channels: 2, sampleRate: Self.rate, codec: .wav,
                                      to: dir.appendingPathComponent(name).path)
        }
        let chart = try chipChart(in: dir, extraHeader: "#WAV10: intro.wav\n#WAV11: outro.wav",
                                  extraLines: "#00001: 10\n#00101: 0011")
        let wav = dir.appendingPathComponent("out.wav").path
        // The kit muted (the drum notes play it): the render is the song alone.
        let result = try WoodshedBinary.run(["render", chart, "--wav", wav, "--click", "off", "--hit-sound", "kit", "--volume", "kit=mute"],
                                            environment: ["WOODSHED_DATA_DIR": dir.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("with the song intro.wav, outro.wav"), "\(result.stdout)")
        let song = try AudioFile(contentsOf: wav).channel(0)
        let chip = Self.chip(level: 0.5)
        let first = try #require(song.firstIndex { $0 != 0 })
        #expect(gain(of: chip, at: first, in: song) != nil, "intro")
        #expect(gain(of: chip, at: first + 144_000, in: song) != nil, "outro 3 s after it")
        #expect(song[(first + chip.count)..<(first + 144_000)].allSatisfy { $0 == 0 }, "nothing between them")
    }
}
