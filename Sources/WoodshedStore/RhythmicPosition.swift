/// Where in the beat a note falls, as the chart layer classifies it; used to find rhythmic weak spots.
public enum RhythmicPosition: String, Hashable, Sendable, Codable, CaseIterable {
    /// Beat 1 of a measure.
    case downbeat
    /// Any other beat.
    case beat
    /// The "and" halfway between beats.
    case upbeat
    /// The "e" and "a" sixteenth off-beats.
    case sixteenth = "16th"
    /// Triplet subdivisions.
    case triplet
    /// Anything finer or irregular.
    case other
}
