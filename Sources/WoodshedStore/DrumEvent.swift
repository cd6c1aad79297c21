import WoodshedCore

/// One judged drum note or one extra hit, as stored for the progress views.
///
/// Times are engine times (zero = start of the chart's first measure); the store keeps them in
/// milliseconds. A miss has no `played` time, an extra hit no `expected` time and no measure need be
/// known for it.
public struct DrumEvent: Hashable, Sendable {
    public var voice: DrumVoice
    /// 1-based measure number in the chart.
    public var measure: Int?
    /// Beat within the measure, 1-based and fractional (2.5 = the "and" of beat 2).
    public var beat: Double?
    public var position: RhythmicPosition?
    public var expected: EngineTime?
    public var played: EngineTime?
    public var tier: HitTier
    /// MIDI velocity 1–127 of the played hit.
    public var velocity: Int?

    public init(
        voice: DrumVoice, measure: Int? = nil, beat: Double? = nil, position: RhythmicPosition? = nil,
        expected: EngineTime?, played: EngineTime?, tier: HitTier, velocity: Int? = nil
    ) {
        self.voice = voice
        self.measure = measure
        self.beat = beat
        self.position = position
        self.expected = expected
        self.played = played
        self.tier = tier
        self.velocity = velocity
    }

    /// Played minus expected (negative = early), when both are known.
    public var offset: EngineTime? {
        guard let expected, let played else { return nil }
        return played - expected
    }
}
