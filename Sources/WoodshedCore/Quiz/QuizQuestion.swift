/// One thing a quiz asks for: a note to play, worked out exactly before the quiz starts.
///
/// A scale quiz asks one question per degree (the root, then each degree up to the octave); an
/// interval quiz one per interval. Everything the timing thread compares against (`expected`'s MIDI
/// note and pitch class) is fixed here, so judging an answer is integer comparison.
public struct QuizQuestion: Hashable, Sendable {
    /// What the question is about.
    public enum Subject: Hashable, Sendable {
        /// An interval above `root`.
        case interval(Interval)
        /// Degree 1…8 (8 = the octave) of a scale in `mode`.
        case degree(Int, Mode)
    }

    public var subject: Subject
    /// The note the question is built on (the interval's lower note, the scale's root).
    public var root: SpelledPitch
    /// The spelled answer, in the octave drawn on the staff.
    public var expected: SpelledPitch

    public init(subject: Subject, root: SpelledPitch, expected: SpelledPitch) {
        self.subject = subject
        self.root = root
        self.expected = expected
    }

    /// Semitones from the root to the answer.
    public var semitones: Int { expected.midiNote - root.midiNote }

    /// The interval's short name (`m6`) or the degree's number (`3`), as stored per question.
    public var label: String {
        switch subject {
        case .interval(let interval): interval.shortName
        case .degree(let degree, _): String(degree)
        }
    }

    /// What is shown: "Minor 6th above E3", "degree 3 of D Dorian".
    public var prompt: String {
        switch subject {
        case .interval(let interval): "\(interval.name) above \(root)"
        case .degree(let degree, let mode): "degree \(degree) of \(root.name) \(mode.name)"
        }
    }

    /// Whether `midiNote` answers the question: the same pitch class, or with `grading` exact the
    /// same key (so A4 and d5 above C are both answered by F#/Gb).
    public func isAnswered(by midiNote: Int, grading: QuizGrading) -> Bool {
        grading.accepts(midiNote, expected: expected.midiNote)
    }
}

/// How strictly an answer is compared with the expected note.
public enum QuizGrading: String, Hashable, Sendable, BitwiseCopyable {
    /// Any octave of the right pitch class (the default: the player's hand may be anywhere).
    case pitchClass = "pitch-class"
    /// Exactly the expected key (`--octave-exact`).
    case exactNote = "exact"

    @inlinable public func accepts(_ played: Int, expected: Int) -> Bool {
        switch self {
        case .pitchClass: (played - expected) % 12 == 0
        case .exactNote: played == expected
        }
    }
}
