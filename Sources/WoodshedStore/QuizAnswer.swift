import WoodshedCore  // its encodeIfPresent: JSON writes unknown values as null (JSONOutput)

/// One quiz question and the answer played.
public struct QuizAnswer: Hashable, Sendable, Codable {
    /// The question as shown ("M3 above Eb4", "degree 6 of D dorian").
    public var asked: String
    /// The expected spelled note ("G4").
    public var expected: String
    /// The note played, spelled as the quiz heard it; nil when the question timed out.
    public var played: String?
    public var correct: Bool
    /// Milliseconds from the question to the answer.
    public var responseMs: Double?
    /// The interval ("M3") or scale degree ("6") asked for.
    public var interval: String?
    /// The expected distance in semitones from the root.
    public var semitones: Int?

    public init(
        asked: String, expected: String, played: String?, correct: Bool,
        responseMs: Double? = nil, interval: String? = nil, semitones: Int? = nil
    ) {
        self.asked = asked
        self.expected = expected
        self.played = played
        self.correct = correct
        self.responseMs = responseMs
        self.interval = interval
        self.semitones = semitones
    }
}
