import Foundation
import Testing

/// `woodshed play` end to end, offline: a tiny chart and an events file whose offsets are known.
@Suite struct PlayCommandTests {
    /// One 4/4 measure at 120 BPM: kick on 1 and 3, snare on 2 and 4 (0, 500, 1000, 1500 ms).
    static let chart = """
    title: Test Beat
    bpm: 120

    measure
    kick   x-x-
    snare  -x-x
    """

    struct Run {
        var dir: URL
        var chart: String
        func events(_ text: String) throws -> String {
            let path = dir.appendingPathComponent("hits-\(UUID().uuidString).txt").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        func play(_ arguments: [String]) throws -> WoodshedBinary.Result {
            try WoodshedBinary.run(["play", chart, "--no-feedback"] + arguments, environment: ["WOODSHED_DATA_DIR": dir.path])
        }
        func json(_ arguments: [String]) throws -> [[String: Any]] {
            let result = try play(arguments + ["--json"])
            #expect(result.status == 0, "\(result.stderr)")
            return try result.lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        }
    }

    func setUp() throws -> Run {
        let dir = try WoodshedBinary.temporaryDirectory()
        let chart = dir.appendingPathComponent("beat.wchart").path
        try Self.chart.write(toFile: chart, atomically: true, encoding: .utf8)
        return Run(dir: dir, chart: chart)
    }

    @Test func judgesEveryHitByTheRules() throws {
        let run = try setUp()
        defer { try? FileManager.default.removeItem(at: run.dir) }
        // kick +10 ms (perfect), snare −50 ms (great, early), kick +80 ms (good), snare missing,
        // and a stray hi-hat (extra).
        let hits = try run.events("10 36 100\n450 38 90\n1080 36 100\n1200 42 60\n")
        let objects = try run.json(["--input", "events:\(hits)"])
        let notes = objects.filter { $0["type"] as? String == "note" }
        #expect(notes.map { $0["tier"] as? String } == ["perfect", "great", "good", "miss"])
        #expect(notes.map { $0["voice"] as? String } == ["kick", "snare", "kick", "snare"])
        #expect(notes.map { $0["offset_ms"] as? Double } == [10, -50, 80, nil])
        #expect(notes.last?["hit_ms"] is NSNull)  // a miss has no hit: null, the key is still there
        let extras = objects.filter { $0["type"] as? String == "extra" }
        #expect(extras.map { $0["voice"] as? String } == ["hihat"])
        let summary = try #require(objects.last)
        #expect(summary["type"] as? String == "summary")
        #expect(summary["notes"] as? Int == 4)
        #expect(summary["hits"] as? Int == 3)
        #expect(summary["miss"] as? Int == 1)
        #expect(summary["extra"] as? Int == 1)
        #expect(summary["accuracy"] as? Double == 57.5)       // (1 + 0.8 + 0.5) / 4
        #expect(summary["hit_rate"] as? Double == 75)
        #expect(summary["score"] as? Int == 230)               // 100 + 80 + 50, combo under 10
        #expect(summary["max_combo"] as? Int == 3)
    }

    /// Extra hits played after their measure was printed are said in one line for the measure,
    /// not a line each: a chattering pad (or a flood) must not scroll the notes away.
    @Test func extraHitsAfterTheMeasureIsShownAreOneLine() throws {
        var run = try setUp()
        defer { try? FileManager.default.removeItem(at: run.dir) }
        run.chart = run.dir.appendingPathComponent("two.wchart").path
        try (Self.chart + "\n\nmeasure\nkick   x---\n").write(toFile: run.chart, atomically: true, encoding: .utf8)
        // Measure 1 on time (it is shown at its last note, 1500 ms), then four hi-hats in the rest of
        // it, then measure 2's kick.
        let hits = try run.events("0 36 100\n500 38 100\n1000 36 100\n1500 38 100\n1600 42 90\n1700 42 90\n1800 42 90\n1900 42 90\n2000 36 100\n")
        let result = try run.play(["--input", "events:\(hits)", "--look-ahead", "0"])
        #expect(result.status == 0, "\(result.stderr)")
        let measureLines = result.lines.filter { $0.hasPrefix("m ") || $0.contains("extra hit") && !$0.contains("each note") }
        #expect(measureLines.count == 3)
        #expect(measureLines.dropFirst().first == "  +4 extra hits in m 1")
        #expect(measureLines.last?.hasPrefix("m   2  BD ●") == true)
    }

    @Test func offsetAndSpeedApplyAsTheRulesSay() throws {
        let run = try setUp()
        defer { try? FileManager.default.removeItem(at: run.dir) }
        // At 50 % the notes fall at 0, 1000, 2000, 3000 ms; every hit is 40 ms late; an offset of
        // +40 ms makes them all perfect.
        let hits = try run.events("40 36 100\n1040 38 100\n2040 36 100\n3040 38 100\n")
        let late = try run.json(["--input", "events:\(hits)", "--speed", "50"])
        #expect(late.filter { $0["type"] as? String == "note" }.map { $0["tier"] as? String } == ["great", "great", "great", "great"])
        let calibrated = try run.json(["--input", "events:\(hits)", "--speed", "50", "--offset", "40"])
        #expect(calibrated.filter { $0["type"] as? String == "note" }.map { $0["tier"] as? String } == ["perfect", "perfect", "perfect", "perfect"])
        #expect(Self.offsets(calibrated.last) == ["all: 40.0"])

        // The same through a stored calibration for this input and output (events → null).
        let set = try WoodshedBinary.run(["calibrate", "--input", "events:\(hits)", "--set", "40"], environment: ["WOODSHED_DATA_DIR": run.dir.path])
        #expect(set.status == 0, "\(set.stderr)")
        let stored = try run.json(["--input", "events:\(hits)", "--speed", "50"])
        #expect(stored.filter { $0["type"] as? String == "note" }.map { $0["tier"] as? String } == ["perfect", "perfect", "perfect", "perfect"])
        #expect(Self.offsets(stored.last) == ["events: 40.0"])
    }

    /// The summary's `offsets` as "input: ms".
    static func offsets(_ summary: [String: Any]?) -> [String] {
        ((summary?["offsets"] as? [[String: Any]]) ?? []).map { "\($0["input"] as? String ?? "?"): \($0["offset_ms"] as? Double ?? .nan)" }
    }

    @Test func loopsCountPassesAndVoicesCanBeIsolated() throws {
        let run = try setUp()
        defer { try? FileManager.default.removeItem(at: run.dir) }
        let objects = try run.json(["--input", "sim:4", "--loop", "1-1", "--passes", "3", "--voices", "snare"])
        let notes = objects.filter { $0["type"] as? String == "note" }
        #expect(notes.count == 6)
        #expect(Set(notes.compactMap { $0["voice"] as? String }) == ["snare"])
        #expect(notes.map { $0["pass"] as? Int } == [1, 1, 2, 2, 3, 3])
        #expect(objects.last?["passes"] as? Int == 3)
    }

    @Test func simulatedPlayerIsDeterministicAndTheSessionIsStored() throws {
        let run = try setUp()
        defer { try? FileManager.default.removeItem(at: run.dir) }
        let a = try run.play(["--input", "sim:9"])
        let b = try run.play(["--input", "sim:9"])
        #expect(a.status == 0, "\(a.stderr)")
        // Everything but the lines about the store (session number, bests) is the same.
        let strip = { (s: String) in
            s.split(separator: "\n").filter { line in !["stored as session", "First score", "New best"].contains { line.contains($0) } }.joined()
        }
        #expect(strip(a.stdout) == strip(b.stdout))
        #expect(a.stdout.contains("Results"))
        #expect(a.stdout.contains("timing histogram"))
        let history = try WoodshedBinary.run(["history", "--json"], environment: ["WOODSHED_DATA_DIR": run.dir.path])
        #expect(history.stdout.contains("Test Beat"))
    }

    @Test func badSettingsAreOneLine() throws {
        let run = try setUp()
        defer { try? FileManager.default.removeItem(at: run.dir) }
        for (arguments, expected) in [
            (["--input", "sim", "--loop", "3-4"], "measures 1-1"),
            (["--input", "sim", "--voices", "cowbell"], "valid: kick"),
            (["--input", "sim", "--voices", "ride"], "no notes to play"),
            (["--input", "sim", "--windows", "50,20,84"], "windows"),
        ] {
            let result = try run.play(arguments)
            #expect(result.status != 0)
            #expect(result.stderr.contains(expected), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
        let speed = try run.play(["--input", "sim", "--speed", "200"])
        #expect(speed.status == 64)
    }
}
