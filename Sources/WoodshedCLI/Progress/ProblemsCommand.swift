import ArgumentParser
import WoodshedStore

/// `woodshed problems`: where recent drum sessions go wrong and what to practise next.
struct ProblemsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "problems",
        abstract: "Find weak voices, rhythms and measures in recent drum sessions, with commands to practise them.")

    @Option(help: "Only sessions of this chart (its id, or part of its title or path).")
    var chart: String?

    @Flag(help: "Print JSON instead of lines.")
    var json = false

    func run() throws {
        let store = try ProgressStore.open() ?? Store()
        let report = try ProblemsReport(store: store, chart: chart)
        if json { try ProgressStore.printJSON(report) } else { report.lines().forEach { print($0) } }
    }
}
