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
