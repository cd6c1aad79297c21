/// What a session practised. Open-ended (a new practice mode brings its own kind) but with the
/// known ones spelled out, so views can group and filter on them.
public struct SessionKind: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Playing a drum chart (DTX or MIDI).
    public static let drums: SessionKind = "drums"
    /// A scale quiz on a keyboard.
    public static let scale: SessionKind = "scale"
    /// An interval quiz on a keyboard.
    public static let interval: SessionKind = "interval"
    /// Measuring the input/output latency offset.
    public static let calibration: SessionKind = "calibration"

    public var description: String { rawValue }

    /// Whether this kind's events are questions and answers rather than drum notes.
    public var isQuiz: Bool { self == .scale || self == .interval }
}
