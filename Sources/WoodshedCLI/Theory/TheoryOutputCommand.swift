import ArgumentParser

/// A theory command whose whole answer is one text computed from its arguments.
///
/// Keeping the answer in `output()` (pure, throwing `UserFacingError`s) and printing it in the
/// shared `run()` lets tests and quizzes get exactly what a person would see.
protocol TheoryOutputCommand: ParsableCommand {
    func output() throws -> String
}

extension TheoryOutputCommand {
    func run() throws {
        print(try output())
    }
}
