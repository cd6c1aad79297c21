import ArgumentParser

/// `woodshed chart …`: look into drum charts and convert them between formats.
struct ChartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chart",
        abstract: "Inspect and convert drum charts (.dtx, .mid, .wchart; .chart is read only).",
        subcommands: [ChartInfoCommand.self, ChartShowCommand.self, ChartConvertCommand.self]
    )
}
