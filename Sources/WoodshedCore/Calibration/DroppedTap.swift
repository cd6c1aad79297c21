/// A tap the analysis left out, and why — shown to the player so a bad run can be understood.
public struct DroppedTap: Hashable, Sendable {
    /// Why a tap was not used.
    public enum Reason: String, Hashable, Sendable, CaseIterable {
        /// More than a third of a beat from the nearest beat: not an attempt at that beat.
        case farFromBeat = "far-from-beat"
        /// A second tap paired with the same beat (a pad that triggered twice, a bounce).
        case doubleTrigger = "double-trigger"
        /// Beyond 3 scaled median absolute deviations from the median of the other taps.
        case outlier

        /// The reason in words.
        public var explanation: String {
            switch self {
            case .farFromBeat: "more than a third of a beat from the click"
            case .doubleTrigger: "a second tap on the same beat"
            case .outlier: "far from the other taps"
            }
        }
    }

    public var tap: CalibrationTap
    public var reason: Reason

    public init(tap: CalibrationTap, reason: Reason) {
        self.tap = tap
        self.reason = reason
    }
}
