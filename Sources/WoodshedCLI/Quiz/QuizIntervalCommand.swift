import ArgumentParser
import WoodshedCore
import WoodshedEngine
import WoodshedStore

/// `woodshed quiz interval`: "Minor 6th above E3" — play the answer.
struct QuizIntervalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "interval",
        abstract: "Name an interval above a root; play the answer (or, with --ear, play what you hear).",
        discussion: """
            Each question plays the root; after the answer root and the right answer sound together, both \
            are drawn on the staff, and the right spelled note is shown. A4 and d5 are separate questions \
            answered by the same key. --name answers by typing the interval's name (one a line on standard input).
            """
    )

    @Option(name: .long, help: "The root of every question: a note name with or without octave (E, E3). Random when not given.")
    var root: String?

    @Option(name: .long, help: ArgumentHelp("Which intervals: simple (m2…P8), compound (m9…M13), all, or a list like m3,M3,A4,d5.", valueName: "simple|compound|all|LIST"))
    var set = "simple"

    @Option(name: .long, help: "How many questions.")
    var count = 10

    @Flag(name: .long, help: "Only hear the interval (root, then the top note); play the top note.")
    var ear = false

    @Flag(name: .long, help: "Answer by typing the interval's name (m6, minor 6th) instead of playing it.")
    var name = false

    @OptionGroup var quiz: QuizOptions
    @OptionGroup var engine: EngineOptions

    func validate() throws {
        guard (1...1000).contains(count) else { throw ValidationError("--count must be 1–1000") }
    }

    mutating func run() throws {
        let clef = try quiz.parsedClef()
        let intervals = try IntervalSet(parsing: set)
        var rootPitch: SpelledPitch?
        var rootName: NoteName?
        if let root {
            let parsed = try NoteName.parseWithOptionalOctave(root)
            rootName = parsed.name
            rootPitch = parsed.octave.map { parsed.name.inOctave($0) }
        }
        let plan = QuizPlan.intervals(root: rootPitch, rootName: rootName, set: intervals, count: count, clef: clef,
                                      seed: quiz.resolvedSeed)
        guard !plan.questions.isEmpty else {
            throw WoodshedError("no question can be spelled from root \(root ?? "?") with --set \(set); choose another root or set")
        }
        let session = SessionPlan(kind: .interval, quizRoot: root, quizMode: ear ? "ear" : (name ? "name" : nil),
                                  quizSet: intervals.name)
        let run = QuizRun(kind: .interval, plan: plan, rules: .interval(grading: quiz.grading, ear: ear), clef: clef,
                          options: quiz, engine: engine, session: session, ear: ear)
        if name { try run.runByName() } else { try run.run() }
    }
}
