/// What a tap calibration found: the offset, how much the taps spread, and what was left out.
public struct CalibrationResult: Hashable, Sendable {
    /// The median of the used taps' offsets: positive when taps arrive late.
    public var offset: EngineTime
    /// The standard deviation of the used taps' offsets.
    public var spread: EngineTime
    /// The taps the offset was computed from.
    public var used: [CalibrationTap]
    /// The taps left out, each with its reason, in the order they were played.
    public var dropped: [DroppedTap]
    /// How many taps were analysed (used + dropped).
    public var total: Int { used.count + dropped.count }

    public init(offset: EngineTime, spread: EngineTime, used: [CalibrationTap], dropped: [DroppedTap]) {
        self.offset = offset
        self.spread = spread
        self.used = used
        self.dropped = dropped
    }

    public var offsetMs: Double { offset.milliseconds }
    public var spreadMs: Double { spread.milliseconds }

    /// The plain word on how far to trust the offset.
    public var trust: CalibrationTrust { CalibrationTrust(spreadMs: spreadMs) }

    /// Whether enough taps survived to store the offset: at least half of them, and at least
    /// `TapAnalysis.minimumUsed`.
    public var isUsable: Bool {
        used.count >= TapAnalysis.minimumUsed && 2 * used.count >= total
    }
}
