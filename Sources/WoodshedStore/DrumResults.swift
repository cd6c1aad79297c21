import WoodshedCore  // its encodeIfPresent: JSON writes unknown values as null (JSONOutput)

/// The totals of a drum session, as the judging layer computed them.
///
/// Percentages are 0–100, as a player reads them. Offsets are played minus expected, in
/// milliseconds: negative is early.
public struct DrumResults: Hashable, Sendable, Codable {
    public var notes: Int
    public var hits: Int
    public var perfect: Int
    public var great: Int
    public var good: Int
    public var miss: Int
    public var extra: Int
    /// Accuracy in percent (the judging layer's weighting of tiers).
    public var accuracy: Double
    /// Notes hit (any tier but miss) in percent of notes.
    public var hitRate: Double
    public var score: Int
    public var maxCombo: Int
    public var meanOffsetMs: Double?
    public var sdOffsetMs: Double?

    public init(
        notes: Int, hits: Int, perfect: Int, great: Int, good: Int, miss: Int, extra: Int,
        accuracy: Double, hitRate: Double, score: Int, maxCombo: Int,
        meanOffsetMs: Double? = nil, sdOffsetMs: Double? = nil
    ) {
        self.notes = notes
        self.hits = hits
        self.perfect = perfect
        self.great = great
        self.good = good
        self.miss = miss
        self.extra = extra
        self.accuracy = accuracy
        self.hitRate = hitRate
        self.score = score
        self.maxCombo = maxCombo
        self.meanOffsetMs = meanOffsetMs
        self.sdOffsetMs = sdOffsetMs
    }
}
