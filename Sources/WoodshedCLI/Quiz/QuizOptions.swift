import ArgumentParser
import WoodshedCore

/// The options both quizzes share.
struct QuizOptions: ParsableArguments {
    @Option(name: .long, help: "Seed for the order of questions (the same seed asks the same questions).")
    var seed: UInt64?

    @Flag(name: .long, help: "Grade the exact key (the octave shown on the staff), not just the pitch class.")
    var octaveExact = false

    @Option(name: .long, help: ArgumentHelp("The staff's clef.", valueName: "bass|treble"))
    var clef: String = "bass"

    @Option(name: .long, help: ArgumentHelp("The key that ends the quiz (MIDI note; default 21, A0, the lowest key of an 88-key keyboard). Escape ends --input keys.", valueName: "NOTE"))
    var stopNote: Int = 21

    @Flag(name: .long, help: "One JSON object per question, per answer, then a summary.")
    var json = false

    var grading: QuizGrading { octaveExact ? .exactNote : .pitchClass }

    /// The seed given, or one from the system's random source.
    var resolvedSeed: UInt64 { seed ?? UInt64.random(in: 0...UInt64(UInt32.max)) }

    func parsedClef() throws -> Clef { try Clef(parsing: clef) }

    func validate() throws {
        guard (0...127).contains(stopNote) else { throw ValidationError("--stop-note must be a MIDI note 0–127") }
    }
}
