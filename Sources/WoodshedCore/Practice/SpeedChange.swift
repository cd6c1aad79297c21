/// A change of speed in the middle of a run (`[` and `]` while playing): from practice time `at`
/// on, the music runs `ratio` times as fast as it did (1.1: 10 % faster), so whatever was due after
/// `at` comes sooner or later by that ratio. The judge, the click, the chart's sounds, the display
/// and the song each apply the same change to their own times, ahead of `at`.
public struct SpeedChange: Hashable, Sendable, BitwiseCopyable {
    public var at: EngineTime
    public var ratio: Double

    public init(at: EngineTime, ratio: Double) {
        self.at = at
        self.ratio = ratio
    }

    /// Where `time` lies after the change (times up to `at` stay).
    @inlinable
    public func apply(to time: EngineTime) -> EngineTime {
        time <= at ? time : at + EngineTime(nanoseconds: Int64((Double((time - at).nanoseconds) / ratio).rounded()))
    }
}
