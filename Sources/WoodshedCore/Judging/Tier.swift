/// How close a hit came to its note, best first. A note nobody hit (or hit too far off) is a miss.
///
/// The raw value is the lower-case name used in JSON lines, the store and the display.
public enum Tier: String, Sendable, BitwiseCopyable, CaseIterable, Codable {
    case perfect
    case great
    case good
    case miss

    /// Whether the note counts as hit: everything but a miss keeps the combo going.
    @inlinable public var isHit: Bool { self != .miss }

    /// The share of a note's points this tier earns, in tenths (Perfect 10, Great 8, Good 5, Miss 0),
    /// so that points and accuracy are computed in exact integers.
    @inlinable public var weightInTenths: Int32 {
        switch self {
        case .perfect: 10
        case .great: 8
        case .good: 5
        case .miss: 0
        }
    }

    /// The tier's name as a player reads it: "Perfect", "Great", "Good", "Miss".
    public var label: String {
        switch self {
        case .perfect: "Perfect"
        case .great: "Great"
        case .good: "Good"
        case .miss: "Miss"
        }
    }
}
