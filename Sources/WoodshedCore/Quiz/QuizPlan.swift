/// The questions of one quiz session, drawn before it starts from a seed.
///
/// Same seed, same questions, on every machine (`SeededRandom`), so a quiz can be repeated and an
/// events file replayed against it. Built on the main thread; the timing thread only reads it.
public struct QuizPlan: Hashable, Sendable {
    public var questions: [QuizQuestion]

    public init(questions: [QuizQuestion]) { self.questions = questions }

    /// Roots a quiz picks when none is given: the fifteen key names (C, the seven sharp keys, the
    /// seven flat keys), so every question spells within double sharps and flats.
    public static let keyRoots: [NoteName] = ["C", "G", "D", "A", "E", "B", "F#", "C#", "F", "Bb", "Eb", "Ab", "Db", "Gb", "Cb"]
        .map { try! NoteName(parsing: $0) }

    /// `count` interval questions from `set`. Every root is `root` when given (a note in an octave),
    /// else `rootName` placed as low as the clef's staff shows it, else a random key root placed so.
    /// The same question does not come twice in a row when there is another to ask.
    public static func intervals(
        root: SpelledPitch?, rootName: NoteName? = nil, set: IntervalSet, count: Int, clef: Clef, seed: UInt64
    ) -> QuizPlan {
        var random = SeededRandom(seed: seed)
        var questions: [QuizQuestion] = []
        var attempts = 0
        while questions.count < count, attempts < count * 50 {
            attempts += 1
            let name = rootName ?? root?.name ?? keyRoots.randomElement(using: &random)!
            let base = root ?? clef.lowestPlacement(of: name)
            let interval = set.intervals.randomElement(using: &random)!
            // A root whose answer would need a triple accidental is drawn again.
            guard let top = try? base.transposed(by: interval), (0...127).contains(top.midiNote),
                  (0...127).contains(base.midiNote)
            else { continue }
            let question = QuizQuestion(subject: .interval(interval), root: base, expected: top)
            let hasChoice = set.intervals.count > 1 || (root == nil && rootName == nil)
            if hasChoice, question == questions.last { continue }
            questions.append(question)
        }
        return QuizPlan(questions: questions)
    }

    /// The eight questions of one scale (degrees 1…7 and the octave), rising from the root placed
    /// as low as the clef shows it, or from `octave` when one is given.
    public static func scaleDegrees(_ scale: Scale, clef: Clef, octave: Int? = nil) -> [QuizQuestion] {
        var staff = StaffDrawing(clef: clef)
        if let octave { staff.append(scale.root.inOctave(octave)) } else { staff.appendRising(scale.root) }
        for name in scale.notes.dropFirst() + [scale.root] { staff.appendRising(name) }
        let root = staff.notes[0]
        return staff.notes.enumerated().map { index, pitch in
            QuizQuestion(subject: .degree(index + 1, scale.mode), root: root, expected: pitch)
        }
    }

    /// `rounds` scales, one after the other: the given root and mode, or random ones (conventional
    /// spellings of the twelve pitch classes, the seven modes).
    public static func scales(
        root: NoteName?, mode: Mode?, rounds: Int, clef: Clef, octave: Int? = nil, seed: UInt64
    ) throws(TheoryError) -> QuizPlan {
        var random = SeededRandom(seed: seed)
        var questions: [QuizQuestion] = []
        for _ in 0..<max(1, rounds) {
            let chosenMode = mode ?? Mode.allCases.randomElement(using: &random)!
            let scale: Scale
            if let root {
                scale = try Scale(root: root, mode: chosenMode)
            } else {
                scale = Scale(pitchClass: PitchClass.all.randomElement(using: &random)!, mode: chosenMode)
            }
            questions += scaleDegrees(scale, clef: clef, octave: octave)
        }
        return QuizPlan(questions: questions)
    }
}
