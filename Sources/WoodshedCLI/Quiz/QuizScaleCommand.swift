import ArgumentParser
import WoodshedCore
import WoodshedEngine
import WoodshedStore

/// `woodshed quiz scale`: play a mode up from its root to the octave, each note judged as the next degree.
struct QuizScaleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scale",
        abstract: "Play a scale upward from the root, then the octave; each note is judged as the next degree.",
        discussion: """
            A right note is drawn on the staff and sounded; a wrong one is sounded, counted as an error, \
            and the same degree is asked again. Root and mode are random unless given (--seed fixes them).
            """
    )

    @Option(name: .long, help: "The root: a note name (F#, Gb; an octave like C3 sets where it is expected with --octave-exact), a pitch class (C#/Db) or a MIDI note number.")
    var root: String?

    @Option(name: .long, help: "ionian (major), dorian, phrygian, lydian, mixolydian, aeolian (minor) or locrian.")
    var mode: String?

    @Option(name: .long, help: "How many scales, one after the other.")
    var rounds = 1

    @OptionGroup var quiz: QuizOptions
    @OptionGroup var engine: EngineOptions

    func validate() throws {
        guard (1...100).contains(rounds) else { throw ValidationError("--rounds must be 1–100") }
    }

    mutating func run() throws {
        let clef = try quiz.parsedClef()
        let mode = try self.mode.map { try Mode(parsing: $0) }
        var rootName: NoteName?
        var octave: Int?
        if let root {
            // A pitch class or MIDI number gets the conventional spelling for the mode (or for Ionian).
            if let parsed = try? NoteName.parseWithOptionalOctave(root) {
                rootName = parsed.name
                octave = parsed.octave
            } else {
                rootName = try Scale(parsingRoot: root, mode: mode ?? .ionian).root
            }
        }
        let plan = try QuizPlan.scales(root: rootName, mode: mode, rounds: rounds, clef: clef, octave: octave, seed: quiz.resolvedSeed)
        let modes = Set(plan.questions.compactMap { question -> Mode? in
            if case .degree(_, let mode) = question.subject { return mode }
            return nil
        })
        let session = SessionPlan(kind: .scale, quizRoot: plan.questions.first.map { "\($0.root.name)" },
                                  quizMode: modes.count == 1 ? modes.first?.rawValue : "mixed")
        try QuizRun(kind: .scale, plan: plan, rules: .scale(grading: quiz.grading), clef: clef,
                    options: quiz, engine: engine, session: session).run()
    }
}
