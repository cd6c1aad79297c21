import ArgumentParser

/// `woodshed quiz`: the scale and interval drills on a MIDI keyboard (or the computer keyboard).
struct QuizCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quiz",
        abstract: "Drill scales and intervals: Woodshed asks, you play the answer, it judges, sounds and draws it.",
        discussion: """
            Answers are judged by pitch class (any octave) unless --octave-exact. With --input \
            events:FILE (one note a line, `MS NOTE VELOCITY`, in order) the quiz runs offline and is \
            deterministic. Every question and answer is kept in the practice history (woodshed stats).
            """,
        subcommands: [QuizScaleCommand.self, QuizIntervalCommand.self]
    )
}
