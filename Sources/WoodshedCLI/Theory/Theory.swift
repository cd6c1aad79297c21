import ArgumentParser

/// `woodshed theory`: the reference desk. Spells scales and intervals, finds notes on a neck and
/// draws notes on a staff, exactly as the quizzes judge them.
struct Theory: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "theory",
        abstract: "Spell scales and intervals, find a note on the fretboard, draw notes on a staff.",
        discussion: "Middle C is C4 (MIDI 60). Notes are written C4, F#3, Bb2, F##2 (or Fx2), Ebb; ♯ and ♭ work too.",
        subcommands: [TheoryScale.self, TheoryInterval.self, TheoryFrets.self, TheoryStaff.self]
    )
}
