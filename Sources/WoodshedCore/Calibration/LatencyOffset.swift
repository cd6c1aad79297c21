/// The latency offset every judge applies to what is played: the delay from a click leaving the
/// program to the player's hit arriving back, measured by `woodshed calibrate`.
///
/// Positive means hits arrive late. The judging rule is Δ = (hit − offset) − note: a hit is moved
/// earlier by the offset before it is compared with the chart note (or the quiz's prompt), so a
/// player whose hits arrive 23 ms late because of the audio path is judged as on time.
public struct LatencyOffset: Hashable, Sendable, BitwiseCopyable {
    public var offset: EngineTime

    public init(_ offset: EngineTime) { self.offset = offset }

    public init(milliseconds: Double) { offset = .milliseconds(milliseconds) }

    /// No calibration: hits are judged as they arrive.
    public static let none = LatencyOffset(.zero)

    /// The largest offset accepted, set by hand or measured: more is not latency but a mistake.
    public static let limit = EngineTime.milliseconds(250)

    /// When the player meant the hit: the arrival time moved back by the offset.
    @inlinable public func corrected(_ hit: EngineTime) -> EngineTime { hit - offset }

    /// How far the hit is from the note after correction: negative early, positive late.
    @inlinable public func delta(hit: EngineTime, note: EngineTime) -> EngineTime { corrected(hit) - note }

    public var milliseconds: Double { offset.milliseconds }
}
