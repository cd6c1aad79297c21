/// Everything the hit filter needs to tell a played hit from a sensor artefact.
///
/// A mapping file sets these (`[filter]` in `mappings/*.toml`); the defaults suit most kits.
/// The per-voice table is an array built once, so the timing thread only reads it.
public struct HitFilterSettings: Hashable, Sendable {
    @usableFromInline internal var pads: [DrumPadSettings]

    /// A hit within this time after a hard hit on another voice is crosstalk if it is soft enough.
    public var crosstalkWindow: EngineTime
    /// "Soft enough": below this percentage of the hard hit's velocity (0…100; 0 turns it off).
    public var crosstalkPercent: Int
    /// An open hi-hat note this soon after a hi-hat pedal hit is dropped as crosstalk: the pedal has
    /// just closed the hi-hat, so the note is the pad shaking from the stomp (or a kit that sends
    /// both notes). Zero turns it off.
    public var pedalStompWindow: EngineTime

    public init(
        crosstalkWindow: EngineTime = HitFilterSettings.defaultCrosstalkWindow,
        crosstalkPercent: Int = HitFilterSettings.defaultCrosstalkPercent,
        pedalStompWindow: EngineTime = HitFilterSettings.defaultPedalStompWindow
    ) {
        var pads = [DrumPadSettings](repeating: DrumPadSettings(), count: DrumVoice.allCases.count)
        pads[DrumVoice.hihatPedal.index].suppressesCrosstalk = false
        self.pads = pads
        self.crosstalkWindow = crosstalkWindow
        self.crosstalkPercent = crosstalkPercent
        self.pedalStompWindow = pedalStompWindow
    }

    /// The settings of one voice.
    @inlinable public subscript(voice: DrumVoice) -> DrumPadSettings {
        get { pads[voice.index] }
        set { pads[voice.index] = newValue }
    }

    public static let defaultCrosstalkWindow = EngineTime.milliseconds(10)
    public static let defaultCrosstalkPercent = 30
    public static let defaultPedalStompWindow = EngineTime.milliseconds(30)
}
