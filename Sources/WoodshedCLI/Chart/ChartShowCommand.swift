import ArgumentParser
import Foundation
import WoodshedCore

/// `woodshed chart show CHART [--measures A-B] [--width N] [--json]`: the chart as drum tab.
struct ChartShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print a chart as drum tab: a block per measure, a row per voice, one character per step.",
        discussion: """
            Rows top to bottom as on a drum staff (CR HH RD T1 T2 SD FT BD HF …); x a cymbal or the \
            hi-hat (X accented, o the open hi-hat), o a drum (O accented, g a ghost note), - a rest. \
            The grid is sixteenths unless the measure needs triplets or finer; the counting line above \
            counts the beats (1e&a, 1tl). As many measures side by side as the width allows.
            """
    )

    @Argument(help: "The chart file (.dtx, .mid, .midi, .wchart or .chart), or a song folder.")
    var chart: String

    @Option(help: "Only these measures (e.g. 5-8, or 5).")
    var measures: String?

    @Option(help: "Columns to fill (default: COLUMNS, else the terminal's width, else 80).")
    var width: Int?

    @Option(help: "The drum part of a Clone Hero .chart file: expert, hard, medium or easy.")
    var difficulty: DrumDifficulty = .expert

    @Option(help: "Show the simplified chart at this level (1 kick/snare on the beats … 5 full).")
    var level: Int = 5

    @Flag(help: "Print one JSON object: {\"measures\": [{\"measure\", \"steps\", \"rows\": {voice: cells}}]}.")
    var json = false

    func validate() throws {
        guard Chart.simplificationLevels.contains(level) else { throw ValidationError("--level must be 1 to 5") }
        if let measures, PracticeOptions.parseLoop(measures) == nil {
            throw ValidationError("--measures '\(measures)': write a measure (5) or a range (5-8), from 1")
        }
        if let width, width < 20 { throw ValidationError("--width must be at least 20 columns") }
    }

    func run() throws {
        let file = try ChartFile.load(chart, drumDifficulty: difficulty)
        let chart = file.chart.simplified(level: level)
        let range = measures.flatMap(PracticeOptions.parseLoop)
        if let range, range.lowerBound > chart.measures.count {
            throw WoodshedError("--measures \(measures!): \(file.path) has measures 1-\(chart.measures.count)")
        }
        let tab = DrumTab(chart, measures: range)
        if json {
            Output.jsonDocument(ChartTabJSON(tab))
            return
        }
        for line in tab.lines(width: width ?? Terminal.width) { Output.line(line) }
    }
}

/// `chart show --json`.
struct ChartTabJSON: Encodable {
    struct Measure: Encodable {
        var measure: Int
        var signature: String
        var bpm: Double
        var section: String?
        var steps: Int
        var counting: String
        /// Cells per row, keyed by the voice names `chart info` uses.
        var rows: [String: String]
    }
    var measures: [Measure]

    init(_ tab: DrumTab) {
        measures = tab.blocks.map { block in
            Measure(measure: block.number, signature: block.signature.description, bpm: block.bpm, section: block.section,
                    steps: block.steps, counting: block.counting,
                    rows: Dictionary(uniqueKeysWithValues: block.rows.map { ($0.line.voice.rawValue, $0.cells) }))
        }
    }
}
