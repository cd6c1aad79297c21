import Foundation
import Testing

/// `woodshed chart show`: a chart as drum tab, side by side as the width allows, or as JSON.
@Suite struct ChartShowTests {
    func chart(in dir: URL) throws -> String {
        let path = dir.appendingPathComponent("groove.wchart").path
        try """
            title: Groove
            bpm: 96
            measure x3
            hihat  xxxxxxxx
            snare  --X---X-
            kick   x---x-x-
            measure
            tempo 120
            crash  x---
            snare  xxxxxxxxxxxxxxxx
            """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func theTabFillsTheWidthAndSaysTheTempoWhereItChanges() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try chart(in: dir)
        // 40 columns: two 16-step measures a line (4 + 17 + 17 = 38).
        let narrow = try WoodshedBinary.run(["chart", "show", path], environment: ["COLUMNS": "40"])
        #expect(narrow.status == 0, "\(narrow.stderr)")
        #expect(narrow.stdout == """
                m 1  4/4  96 BPM  m 2
                1e&a2e&a3e&a4e&a 1e&a2e&a3e&a4e&a
            HH |x-x-x-x-x-x-x-x-|x-x-x-x-x-x-x-x-|
            SD |----O-------O---|----O-------O---|
            BD |o-------o---o---|o-------o---o---|

                m 3              m 4  120 BPM
                1e&a2e&a3e&a4e&a 1e&a2e&a3e&a4e&a
            CR |----------------|x---------------|
            HH |x-x-x-x-x-x-x-x-|----------------|
            SD |----O-------O---|oooooooooooooooo|
            BD |o-------o---o---|----------------|

            """)
        let wide = try WoodshedBinary.run(["chart", "show", path, "--width", "200", "--measures", "3-4"])
        #expect(wide.lines.filter { $0.hasPrefix("SD") } == ["SD |----O-------O---|oooooooooooooooo|"])
        #expect(wide.lines.first == "    m 3  4/4  96 BPM  m 4  120 BPM")
    }

    @Test func jsonHasARowPerVoiceAndMeasure() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try WoodshedBinary.run(["chart", "show", try chart(in: dir), "--measures", "4", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let measures = try #require(object["measures"] as? [[String: Any]])
        #expect(measures.count == 1)
        #expect(measures[0]["measure"] as? Int == 4)
        #expect(measures[0]["steps"] as? Int == 16)
        #expect(measures[0]["bpm"] as? Double == 120)
        #expect(measures[0]["rows"] as? [String: String] == ["crash": "x---------------", "snare": "oooooooooooooooo"])
    }

    @Test func aRangeOutsideTheChartIsOneLine() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try chart(in: dir)
        let past = try WoodshedBinary.run(["chart", "show", path, "--measures", "9-12"])
        #expect(past.status != 0)
        #expect(past.stderr.contains("--measures 9-12: \(path) has measures 1-4"), "\(past.stderr)")
        let bad = try WoodshedBinary.run(["chart", "show", path, "--measures", "4-2"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("--measures '4-2': write a measure (5) or a range (5-8), from 1"), "\(bad.stderr)")
    }
}

/// `chart show --session ID`: how a stored session played, over the chart's tab.
@Suite struct ChartShowSessionTests {
    @Test func aStoredSessionIsMarkedNoteByNote() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let chart = dir.appendingPathComponent("two.wchart").path
        try "title: Two\nbpm: 120\n\nmeasure x2\nkick   x-x-\nsnare  -x-x\n".write(toFile: chart, atomically: true, encoding: .utf8)
        // Measure 1: kick on time, snare 50 ms early, kick 50 ms late, snare missed; a stray hi-hat
        // at 1.75 s (step 14). Measure 2 all on time.
        let hits = dir.appendingPathComponent("hits.txt").path
        try "0 36 100\n450 38 100\n1050 36 100\n1750 42 80\n2000 36 100\n2500 38 100\n3000 36 100\n3500 38 100\n"
            .write(toFile: hits, atomically: true, encoding: .utf8)
        let env = ["WOODSHED_DATA_DIR": dir.path, "XDG_CONFIG_HOME": dir.appendingPathComponent("config").path]
        let play = try WoodshedBinary.run(["play", chart, "--input", "events:\(hits)", "--no-feedback", "--json"], environment: env)
        #expect(play.status == 0, "\(play.stderr)")
        let history = try WoodshedBinary.run(["history", "--json"], environment: env)
        let id = try #require(history.stdout.firstMatch(of: /"id"\s*:\s*(\d+)/).map { String($0.1) })
        let shown = try WoodshedBinary.run(["chart", "show", chart, "--session", id], environment: env)
        #expect(shown.status == 0, "\(shown.stderr)")
        // In a pipe: the notes, and under each line the plain marks.
        #expect(Array(shown.lines.drop { !$0.hasPrefix("HH") }.prefix(6)) == [
            "HH |----------------|----------------|",
            "   |              + |                |",
            "SD |----o-------o---|----o-------o---|",
            "   |    <       x   |    ●       ●   |",
            "BD |o-------o-------|o-------o-------|",
            "   |●       >       |●       ●       |",
        ], "\(shown.stdout)")
        // Another chart, or a session that is not there: one line each.
        let other = dir.appendingPathComponent("other.wchart").path
        try "measure\nkick x---\n".write(toFile: other, atomically: true, encoding: .utf8)
        let wrong = try WoodshedBinary.run(["chart", "show", other, "--session", id], environment: env)
        #expect(wrong.status != 0)
        #expect(wrong.stderr.contains("session \(id) was played on \(chart), not \(other)"), "\(wrong.stderr)")
        let missing = try WoodshedBinary.run(["chart", "show", chart, "--session", "999"], environment: env)
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("no session 999 in the history; `woodshed history` lists them"), "\(missing.stderr)")
    }
}
