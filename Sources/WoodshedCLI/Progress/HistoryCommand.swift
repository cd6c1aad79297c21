import ArgumentParser
import WoodshedStore

/// `woodshed history`: one line per practice session.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List practice sessions, one line each, oldest first.")

    @Option(help: "Only sessions of this kind (drums, scale, interval, calibration).")
    var kind: String?

    @Option(help: "Only sessions of this chart (its id, or part of its title or path).")
    var chart: String?

    @Option(help: "Only sessions on or after this day (YYYY-MM-DD).")
    var since: String?

    @Flag(help: "Print JSON instead of lines.")
    var json = false

    func run() throws {
        let filter = SessionFilter(kind: kind.map(SessionKind.init(rawValue:)), chart: chart, since: try ProgressStore.parseSince(since))
        let report = try ProgressStore.open().map { try HistoryReport(store: $0, filter: filter) } ?? HistoryReport(sessions: [])
        if json { try ProgressStore.printJSON(report) } else { report.lines().forEach { print($0) } }
    }
}
