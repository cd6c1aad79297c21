/// How far a measured offset can be trusted, from the spread of the taps it came from.
///
/// A spread under 10 ms is within what a player hears as "together"; over 25 ms the taps wander
/// more than the offset is likely to be wrong by, so the measurement should be repeated.
public enum CalibrationTrust: String, Hashable, Sendable, CaseIterable {
    /// Spread under 10 ms.
    case good
    /// Spread from 10 to 25 ms.
    case fair
    /// Spread over 25 ms: tap again.
    case redo

    public init(spreadMs: Double) {
        if spreadMs < 10 {
            self = .good
        } else if spreadMs <= 25 {
            self = .fair
        } else {
            self = .redo
        }
    }

    /// A short sentence for the result line.
    public var advice: String {
        switch self {
        case .good: "good"
        case .fair: "fair — tapping more evenly would sharpen it"
        case .redo: "redo — the taps are too uneven to trust"
        }
    }
}
