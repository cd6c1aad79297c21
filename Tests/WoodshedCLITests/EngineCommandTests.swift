import Foundation
import Testing
import WoodshedSndFile

@Suite struct EngineCommandTests {
    @Test func metronomeRendersEveryClickOnItsExactSample() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let wav = dir.appendingPathComponent("click.wav").path
        for (bpm, sig, rate) in [(120.0, "4/4", 48_000), (137.0, "7/8", 44_100), (91.5, "6/8", 48_000)] {
            let result = try WoodshedBinary.run(["metronome", "--bpm", "\(bpm)", "--sig", sig, "--bars", "3", "--wav", wav, "--rate", "\(rate)", "--sound", "woodblock"],
                                                environment: ["WOODSHED_DATA_DIR": dir.path])
            #expect(result.status == 0, "\(result.stderr)")
            let audio = try AudioFile(contentsOf: wav)
            #expect(audio.sampleRate == rate)
            let left = audio.channel(0)
            let beats = Int(sig.split(separator: "/")[0])! * 3
            // Onsets: a sample that is non-zero after at least 20 ms of silence (clicks are ≤ 60 ms).
            var onsets: [Int] = []
            var lastSound = -rate
            for (i, x) in left.enumerated() where x != 0 {
                if i - lastSound > rate / 50 && (onsets.last.map { i - $0 > rate / 10 } ?? true) { onsets.append(i) }
                lastSound = i
            }
            let expected = (0..<beats).map { Int((Double($0) * 60 / bpm * Double(rate)).rounded()) }
            #expect(onsets == expected, "\(bpm) BPM \(sig) at \(rate) Hz")
        }
    }

    @Test func metronomeRejectsBadInputWithOneLine() throws {
        let slow = try WoodshedBinary.run(["metronome", "--bpm", "10", "--bars", "1", "--wav", "/tmp/x.wav"])
        #expect(slow.status != 0)
        #expect(slow.stderr.contains("--bpm must be from 20 to 300"))
        let sound = try WoodshedBinary.run(["metronome", "--bpm", "100", "--sound", "cowbell", "--bars", "1", "--wav", "/tmp/x.wav"])
        #expect(sound.status == 1)
        #expect(sound.stderr.split(separator: "\n").count == 1)
        #expect(sound.stderr.contains("classic"))
    }

    @Test func monitorReplaysAnEventsFileOfflineAsJSON() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let events = dir.appendingPathComponent("groove.txt")
        try "0 36 100\n250 42 80\n500 38 110\n750 42 0\n1000 cc 4 127\n1250 99 50\n".write(to: events, atomically: true, encoding: .utf8)
        let result = try WoodshedBinary.run(["monitor", "--input", "events:\(events.path)", "--json", "--no-feedback"])
        #expect(result.status == 0, "\(result.stderr)")
        let objects = try result.lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        let notes = objects.filter { $0["type"] as? String == "event" }
        #expect(notes.map { $0["t_ms"] as? Double } == [0, 250, 500, 1250])
        #expect(notes.map { $0["voice"] as? String } == ["kick", "hihat", "snare", nil])
        #expect(notes.map { $0["velocity"] as? Int } == [100, 80, 110, 50])
        #expect(objects.contains { $0["type"] as? String == "control" && $0["controller"] as? Int == 4 })
        #expect(objects.last?["type"] as? String == "summary")
        #expect(objects.last?["events"] as? Int == 4)
        // Deterministic: a second run prints the same.
        #expect(try WoodshedBinary.run(["monitor", "--input", "events:\(events.path)", "--json", "--no-feedback"]).stdout == result.stdout)
    }

    @Test func badInputsAreOneLineAndNonZero() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad.txt")
        try "0 36 100\n# fine\n10 36\n".write(to: bad, atomically: true, encoding: .utf8)
        let good = dir.appendingPathComponent("good.txt")
        try "0 36 100\n".write(to: good, atomically: true, encoding: .utf8)
        let cases: [([String], String)] = [
            (["monitor", "--input", "events:\(bad.path)"], "\(bad.path):3:"),
            (["monitor", "--input", "events:/no/such/file"], "/no/such/file"),
            (["monitor", "--input", "events:\(good.path)", "--soundfont", "/no/such.sf2"], "/no/such.sf2"),
        ]
        for (arguments, expected) in cases {
            let result = try WoodshedBinary.run(arguments)
            #expect(result.status != 0)
            #expect(result.stderr.hasPrefix("woodshed: "), "\(result.stderr)")
            #expect(result.stderr.contains(expected))
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
    }

    // Where ALSA's sequencer exists this is reported as skipped; the VM bench covers that case.
    @Test(.enabled(if: !FileManager.default.fileExists(atPath: "/dev/snd/seq"), "there is no ALSA sequencer here"))
    func devicesWithoutASequencerSaysWhatToDo() throws {
        let result = try WoodshedBinary.run(["devices"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("/dev/snd/seq"))
        #expect(result.stderr.contains("--input keys"))
    }

    @Test func demoIsDeterministicAndWritesAWAV() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let wav = dir.appendingPathComponent("demo.wav").path
        let wavAgain = dir.appendingPathComponent("demo-again.wav").path
        let kit = FileManager.default.currentDirectoryPath + "/soundfonts/woodshed-kit.sf2"
        let env = ["WOODSHED_DATA_DIR": dir.path]
        let a = try WoodshedBinary.run(["demo", "--seed", "3", "--wav", wav, "--soundfont", kit, "--json"], environment: env)
        #expect(a.status == 0, "\(a.stderr)")
        let b = try WoodshedBinary.run(["demo", "--seed", "3", "--wav", wavAgain, "--soundfont", kit, "--json"], environment: env)
        #expect(b.status == 0, "\(b.stderr)")
        // The same hits, judgements and summary; only the stored session's number differs.
        #expect(a.lines.dropLast() == b.lines.dropLast())
        #expect(a.lines.last?.contains("\"type\":\"summary\"") == true)
        #expect(a.lines.contains { $0.contains("\"type\":\"note\"") })
        // Each run wrote its own file, byte for byte the same.
        let first = try Data(contentsOf: URL(fileURLWithPath: wav))
        #expect(!first.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: wavAgain)) == first)
        let audio = try AudioFile(contentsOf: wav)
        #expect(audio.samples.contains { abs($0) > 0.05 })
    }
}

@Suite struct KeysInputTests {
    /// Types on a pseudo-terminal (util-linux `script`), as a person would.
    @Test(.timeLimit(.minutes(1))) func computerKeyboardPlaysPadsAndEscapeEnds() throws {
        let terminal = try TerminalSession(["monitor", "--input", "keys", "--output", "null", "--no-feedback", "--json"])
        // The first line, printed once the keyboard is read (where text mode says "monitoring keys").
        terminal.waitFor(#""type":"realtime""#)
        terminal.type(" jd")
        // d is typed last: its hi-hat is the third event line.
        terminal.waitFor(#""voice":"hihat""#)
        #expect(terminal.text.components(separatedBy: #""type":"event""#).count - 1 == 3)
        terminal.type([0x1B])
        let (status, text) = terminal.finish()
        #expect(status == 0)
        let lines = text.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("{") }
        let objects = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        let events = objects.filter { $0["type"] as? String == "event" }
        #expect(events.map { $0["voice"] as? String } == ["kick", "snare", "hihat"])
        #expect(events.map { $0["source"] as? String } == ["keys", "keys", "keys"])
    }
}

@Suite struct TuningsFileTests {
    /// `--tuning` reads `mappings/tunings.toml`: a tuning added there is playable, a bad note is
    /// named by file:line:column.
    @Test func tuningsComeFromTheMappingsFile() throws {
        let home = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let mappings = home.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        let bundled = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("mappings")
        for name in try FileManager.default.contentsOfDirectory(atPath: bundled.path) {
            try FileManager.default.copyItem(at: bundled.appendingPathComponent(name), to: mappings.appendingPathComponent(name))
        }
        let tunings = mappings.appendingPathComponent("tunings.toml")
        let original = try String(contentsOf: tunings, encoding: .utf8)
        try (original + "\n[banjo]\nname = \"Banjo\"\nstrings = [\"G4\", \"D3\", \"G3\", \"B3\", \"D4\"]\n").write(to: tunings, atomically: true, encoding: .utf8)
        let good = try WoodshedBinary.run(["theory", "frets", "B3", "--tuning", "banjo", "--json"], environment: ["WOODSHED_HOME": home.path])
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout.contains("\"fret\":0,\"string\":2"))

        try (original + "\n[banjo]\nname = \"Banjo\"\nstrings = [\"G4\", \"H3\"]\n").write(to: tunings, atomically: true, encoding: .utf8)
        let bad = try WoodshedBinary.run(["theory", "frets", "B3", "--tuning", "banjo"], environment: ["WOODSHED_HOME": home.path])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("tunings.toml:"))
        #expect(bad.stderr.contains("\"H3\""))
        #expect(bad.stderr.split(separator: "\n").count == 1)
    }
}
