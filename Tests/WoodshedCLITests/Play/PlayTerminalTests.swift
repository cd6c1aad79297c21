import Foundation
import Testing

/// On a terminal `play` keeps a status line under the measures, rewritten in place; in a pipe
/// nothing is ever rewritten.
@Suite struct PlayTerminalTests {
    static let chart = "title: Two\nbpm: 120\n\nmeasure x2\nkick   x-x-\nsnare  -x-x\n"

    @Test func aTerminalGetsAStatusLineAPipeDoesNot() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let chart = dir.appendingPathComponent("two.wchart").path
        try Self.chart.write(toFile: chart, atomically: true, encoding: .utf8)
        let hits = dir.appendingPathComponent("hits.txt").path
        try "0 36 100\n500 38 100\n1000 36 100\n1500 38 100\n2000 36 100\n2500 38 100\n3000 36 100\n3500 38 100\n"
            .write(toFile: hits, atomically: true, encoding: .utf8)
        let env = ["WOODSHED_DATA_DIR": dir.path, "XDG_CONFIG_HOME": dir.appendingPathComponent("config").path, "NO_COLOR": "1"]
        let args = ["play", chart, "--input", "events:\(hits)", "--no-feedback", "--count-in", "0"]
        let terminal = try WoodshedBinary.runInTerminal(args, environment: env)
        #expect(terminal.status == 0, "\(terminal.output)")
        let rewrite = "\r\u{1B}[K"
        // The status line: where the music is, the combo and the score, rewritten as they change…
        #expect(terminal.output.contains(rewrite + "m 1  beat 1  | combo 0  score 0"), "\(terminal.output.debugDescription)")
        #expect(terminal.output.contains(rewrite + "m 2  beat 1  | combo 4  score 400"), "\(terminal.output.debugDescription)")
        // … and gone before the results, which start on a clean line.
        #expect(terminal.output.contains("combo 8  score 800" + rewrite + "\r\nResults"), "\(terminal.output.debugDescription)")
        // Played again from a file, the first run is no best to beat (only what a person plays counts).
        let again = try WoodshedBinary.runInTerminal(args, environment: env)
        #expect(!again.output.contains("| best"), "\(again.output.debugDescription)")
        let pipe = try WoodshedBinary.run(args, environment: env)
        #expect(pipe.status == 0)
        #expect(!pipe.stdout.contains("\r") && !pipe.stdout.contains("\u{1B}"), "\(pipe.stdout.debugDescription)")
        #expect(!pipe.stdout.contains("combo 0  score 0"))
        // The same measures either way.
        #expect(pipe.stdout.contains("    m 2 played: 4 perfect, 0 near, 0 missed  | combo 8  score 800"), "\(pipe.stdout)")
        #expect(terminal.output.contains("    m 2 played: 4 perfect, 0 near, 0 missed  | combo 8  score 800"))
    }
}
