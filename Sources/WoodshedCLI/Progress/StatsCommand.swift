import ArgumentParser
import WoodshedStore

/// `woodshed stats`: practice time, accuracy over time, bests per chart, quiz results.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show practice time, accuracy per week and month, the trend, and bests per chart.")

    @Option(help: "Only sessions of this chart (its id, or part of its title or path).")
    var chart: String?

    @Flag(help: "Print JSON instead of lines.")
    var json = false

    func run() throws {
        let store = try ProgressStore.open() ?? Store()
        let report = try StatsReport(store: store, chart: chart)
        if json { try ProgressStore.printJSON(report) } else { report.lines().forEach { print($0) } }
    }
}
