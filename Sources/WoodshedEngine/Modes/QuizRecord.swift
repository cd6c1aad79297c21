import WoodshedCore

/// What a quiz mode tells the display, one small record at a time through its `SPSCQueue`.
public struct QuizRecord: Hashable, Sendable, BitwiseCopyable {
    public enum Kind: Hashable, Sendable, BitwiseCopyable {
        /// Question `question` was posed at `time`.
        case asked
        /// A note was played for question `question`.
        case answered
        /// The stop key was played at `time`; the quiz ends.
        case stopped
    }

    public var kind: Kind
    /// Index into the quiz plan's questions.
    public var question: Int
    /// When it happened, on the practice time base (the kernel stamp for an answer).
    public var time: EngineTime
    /// The MIDI note played (answers).
    public var played: UInt8
    public var correct: Bool
    /// The answer's stamp minus the time the question was posed, minus the calibrated latency.
    public var response: EngineTime

    public init(kind: Kind, question: Int, time: EngineTime, played: UInt8 = 0, correct: Bool = false, response: EngineTime = .zero) {
        self.kind = kind
        self.question = question
        self.time = time
        self.played = played
        self.correct = correct
        self.response = response
    }
}
