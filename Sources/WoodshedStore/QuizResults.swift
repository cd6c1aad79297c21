import WoodshedCore  // its encodeIfPresent: JSON writes unknown values as null (JSONOutput)

/// The totals of a quiz session.
public struct QuizResults: Hashable, Sendable, Codable {
    public var questions: Int
    public var correct: Int
    /// Wrong answers given (may exceed `questions - correct` when a question allows retries).
    public var errors: Int
    public var meanResponseMs: Double?

    public init(questions: Int, correct: Int, errors: Int, meanResponseMs: Double? = nil) {
        self.questions = questions
        self.correct = correct
        self.errors = errors
        self.meanResponseMs = meanResponseMs
    }

    /// Correct answers in percent of questions; stored as the session's accuracy.
    public var accuracy: Double { questions == 0 ? 0 : Double(correct) * 100 / Double(questions) }
}
