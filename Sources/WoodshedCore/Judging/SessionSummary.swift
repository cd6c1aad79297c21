/// What a session came to: counts per tier, accuracy, score, timing spread and tendency, and which
/// voices were missed — computed once on the display side from every judgement and extra hit.
public struct SessionSummary: Hashable, Sendable, Codable {
    /// Notes judged.
    public var notes: Int
    /// Notes hit (Perfect, Great or Good).
    public var hits: Int
    public var perfect: Int
    public var great: Int
    public var good: Int
    public var miss: Int
    /// Hits that matched no note.
    public var extra: Int
    /// 100 × (1.0·Perfect + 0.8·Great + 0.5·Good) / notes, in percent (0 with no notes).
    public var accuracy: Double
    /// 100 × hits / notes, in percent (0 with no notes).
    public var hitRate: Double
    public var score: Int64
    public var maxCombo: Int
    /// Mean Δ of the hits in milliseconds (positive late); 0 with no hits.
    public var meanOffsetMilliseconds: Double
    /// Standard deviation of the hits' Δ in milliseconds (population: divided by the number of
    /// hits, since the session is the whole population); 0 with fewer than one hit.
    public var sdOffsetMilliseconds: Double
    public var histogram: TimingHistogram
    /// Per voice with notes, in `DrumVoice.allCases` order.
    public var missRateByVoice: [VoiceMisses]
    /// "early by 6 ms", "on time" (mean within ±2 ms), "late by 9 ms", or "no hits".
    public var tendency: String

    /// The mean is "on time" when its magnitude, rounded to whole milliseconds, is at most this.
    public static let onTimeMilliseconds = 2

    public init(judgements: [Judgement], extras: [ExtraHit]) {
        self.init(judgements: judgements, extraCount: extras.count)
    }

    /// The same from the number of extra hits alone (all that is summed of them).
    public init(judgements: [Judgement], extraCount: Int) {
        notes = judgements.count
        perfect = judgements.count { $0.tier == .perfect }
        great = judgements.count { $0.tier == .great }
        good = judgements.count { $0.tier == .good }
        miss = judgements.count { $0.tier == .miss }
        hits = perfect + great + good
        extra = extraCount
        let weighted = 10 * perfect + 8 * great + 5 * good
        accuracy = notes == 0 ? 0 : 10 * Double(weighted) / Double(notes)
        hitRate = notes == 0 ? 0 : 100 * Double(hits) / Double(notes)
        score = judgements.map(\.points).reduce(0) { $0 + Int64($1) }
        maxCombo = Int(judgements.map(\.combo).max() ?? 0)

        let offsets = judgements.filter { $0.tier.isHit }.map(\.offset)
        let milliseconds = offsets.map(\.milliseconds)
        let mean = milliseconds.isEmpty ? 0 : milliseconds.reduce(0, +) / Double(milliseconds.count)
        meanOffsetMilliseconds = mean
        sdOffsetMilliseconds = milliseconds.isEmpty ? 0
            : (milliseconds.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(milliseconds.count)).squareRoot()
        histogram = TimingHistogram(offsets: offsets)
        missRateByVoice = DrumVoice.allCases.compactMap { voice in
            let ofVoice = judgements.filter { $0.voice == voice }
            return ofVoice.isEmpty ? nil : VoiceMisses(voice: voice, notes: ofVoice.count, misses: ofVoice.count { $0.tier == .miss })
        }
        tendency = SessionSummary.tendency(meanMilliseconds: mean, hits: hits)
    }

    /// "early by 6 ms", "on time" or "late by 9 ms" for a mean Δ (whole milliseconds), "no hits".
    public static func tendency(meanMilliseconds: Double, hits: Int) -> String {
        guard hits > 0 else { return "no hits" }
        let rounded = Int(meanMilliseconds.rounded())
        if abs(rounded) <= onTimeMilliseconds { return "on time" }
        return rounded < 0 ? "early by \(-rounded) ms" : "late by \(rounded) ms"
    }
}
