/// How the hit filter treats the hits of one drum voice.
public struct DrumPadSettings: Hashable, Sendable {
    /// Softer hits than this (MIDI velocity 1…127) are dropped as noise.
    public var minimumVelocity: UInt8
    /// A second hit on the same voice sooner than this after the last accepted one, and no louder,
    /// is a double trigger (the sensor ringing) and is dropped. Zero turns the check off.
    public var retriggerWindow: EngineTime
    /// Whether a much softer hit on this voice just after a hard hit elsewhere may be dropped as
    /// crosstalk. Off for the hi-hat pedal by default: its note comes from a position sensor,
    /// not a piezo, so it cannot pick up another pad's vibration.
    public var suppressesCrosstalk: Bool

    public init(
        minimumVelocity: UInt8 = DrumPadSettings.defaultMinimumVelocity,
        retriggerWindow: EngineTime = DrumPadSettings.defaultRetriggerWindow,
        suppressesCrosstalk: Bool = true
    ) {
        self.minimumVelocity = max(1, minimumVelocity)
        self.retriggerWindow = retriggerWindow
        self.suppressesCrosstalk = suppressesCrosstalk
    }

    /// Every real hit counts, ghost notes included; modules already drop the faintest noise.
    public static let defaultMinimumVelocity: UInt8 = 1
    /// Faster than any single hand on one pad, slower than a sensor's ringing.
    public static let defaultRetriggerWindow = EngineTime.milliseconds(30)
}
