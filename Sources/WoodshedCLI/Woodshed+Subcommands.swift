import ArgumentParser

extension Woodshed {
    /// Every subcommand, in the order `woodshed --help` lists them. One line per command, so that
    /// adding a command is a one-line change here.
    static let subcommandList: [any ParsableCommand.Type] = [
        DemoCommand.self,
        PlayCommand.self,
        QuizCommand.self,
        CalibrateCommand.self,
        MetronomeCommand.self,
        MonitorCommand.self,
        DevicesCommand.self,
        RenderCommand.self,
        ListenCommand.self,
        ChartCommand.self,
        Theory.self,
        HistoryCommand.self,
        StatsCommand.self,
        ProblemsCommand.self,
        ExportCommand.self,
    ]
}
