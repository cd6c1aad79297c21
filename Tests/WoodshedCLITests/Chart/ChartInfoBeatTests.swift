import Foundation
import Testing

/// `chart info` names a note off the grids musicians count by its nearest step and how far off it
/// is, not by an odd fraction.
@Suite struct ChartInfoBeatTests {
    @Test func anOddPositionIsTheNearestStepAndAnOffset() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("odd.dtx").path
        // 120 BPM, a kick on slot 29 of 96 (beat 2 + 5/24: 1/24 of a beat = 20.8 ms before the "e" of 2)
        // and one on slot 24 (beat 2, on the grid).
        let data = (0..<96).map { $0 == 29 || $0 == 24 ? "01" : "00" }.joined()
        try "#BPM: 120\n#00013: \(data)\n".write(toFile: path, atomically: true, encoding: .utf8)
        let result = try WoodshedBinary.run(["chart", "info", path])
        #expect(result.status == 0, "\(result.stderr)")
        let notes = result.lines.filter { $0.hasSuffix("kick         100") || $0.contains(" kick ") }
        #expect(notes.count == 2, "\(result.stdout)")
        #expect(notes.first?.contains("  2       kick") == true, "\(result.stdout)")
        #expect(notes.last?.contains("  2e -21 ms  kick") == true, "\(result.stdout)")
    }
}
