import WoodshedCore

/// How a quiz behaves between question and answer: the differences between the scale quiz and the
/// interval quiz (and its ear-training variant), as plain values fixed before the quiz starts.
public struct QuizRules: Sendable {
    /// Pitch class (default) or the exact key.
    public var grading: QuizGrading = .pitchClass
    /// A wrong note leaves the question open (scale degrees) instead of moving on (intervals).
    public var retryUntilCorrect = false
    /// Sound the root when the question is posed (intervals).
    public var soundsRoot = false
    /// Sound the answer's top note this long after the root (`--ear`: the interval is only heard).
    public var topNoteDelay: EngineTime?
    /// After an answer, sound root and the correct answer together (intervals).
    public var soundsAnswerChord = false
    /// The pause between an answered question and the next one being posed.
    public var gap: EngineTime = .zero
    /// A key that ends the quiz (results follow), e.g. the lowest key of an 88-key keyboard.
    public var stopNote: UInt8?
    /// How long the quiz stays open after the last answer, so its feedback is heard before a live
    /// run stops the audio (offline runs render their own tail).
    public var linger: EngineTime = .zero

    public init() {}

    /// The scale quiz: a wrong degree is tried again, no pause between degrees.
    public static func scale(grading: QuizGrading) -> QuizRules {
        var rules = QuizRules()
        rules.grading = grading
        rules.retryUntilCorrect = true
        return rules
    }

    /// The interval quiz: the root is heard when asked, root and answer after the answer, then a
    /// pause of one second. With `ear`, the top note follows the root after 600 ms.
    public static func interval(grading: QuizGrading, ear: Bool) -> QuizRules {
        var rules = QuizRules()
        rules.grading = grading
        rules.soundsRoot = true
        rules.soundsAnswerChord = true
        rules.topNoteDelay = ear ? .milliseconds(600) : nil
        rules.gap = .seconds(1)
        return rules
    }
}
