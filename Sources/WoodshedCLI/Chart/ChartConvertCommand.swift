import ArgumentParser
import WoodshedCore

/// `woodshed chart convert IN OUT`: between DTX, MIDI and `.wchart`, formats by extension.
struct ChartConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a chart between .dtx, .mid/.midi and .wchart, or from a Clone Hero .chart (formats by extension).",
        discussion: "Notes, times, measures, tempo changes and sections are kept. DTX has fewer drum lanes than Woodshed has voices; MIDI keeps no backing track."
    )

    @Argument(help: "The chart to read.")
    var input: String

    @Argument(help: "The file to write; its extension picks the format.")
    var output: String

    @Option(help: "Write the simplified chart at this level (1 kick/snare on the beats … 5 full).")
    var level: Int = 5

    @Option(help: "The drum part to read from a Clone Hero .chart file: expert, hard, medium or easy.")
    var difficulty: DrumDifficulty = .expert

    func validate() throws {
        guard Chart.simplificationLevels.contains(level) else {
            throw ValidationError("--level must be 1 to 5")
        }
    }

    func run() throws {
        _ = try ChartFormat.writable(output)
        let file = try ChartFile.load(input, drumDifficulty: difficulty)
        let chart = file.chart.simplified(level: level)
        try ChartFile.save(chart, to: output)
        var line = "wrote \(output): \(chart.notes.count) notes in \(chart.measures.count) measures"
        if !file.skipped.isEmpty { line += " (\(file.skipped.summary))" }
        print(line)
    }
}
