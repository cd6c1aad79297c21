/// The sound-producing parts of a drum kit that Woodshed tells apart.
///
/// A kit's MIDI notes are mapped to these (see `DrumKitMap`); charts are written in them; judging
/// groups some of them (see `VoiceGroup`). The raw value is the name a player types on the command
/// line and in mapping files (`--voices hihat,snare`).
public enum DrumVoice: String, CaseIterable, Hashable, Sendable, Codable, BitwiseCopyable, CustomStringConvertible {
    case kick
    case kickLeft = "kick-left"
    case snare
    case snareRim = "snare-rim"
    case crossStick = "cross-stick"
    case hihat
    case hihatOpen = "hihat-open"
    case hihatPedal = "hihat-pedal"
    case tomHigh = "tom-high"
    case tomMid = "tom-mid"
    case tomLow = "tom-low"
    case tomFloor = "tom-floor"
    case crash
    case crashLeft = "crash-left"
    case ride
    case rideBell = "ride-bell"
    case splash
    case china

    /// A small dense index (0..<18) for fixed-size tables on the timing thread.
    @inlinable public var index: Int {
        switch self {
        case .kick: 0
        case .kickLeft: 1
        case .snare: 2
        case .snareRim: 3
        case .crossStick: 4
        case .hihat: 5
        case .hihatOpen: 6
        case .hihatPedal: 7
        case .tomHigh: 8
        case .tomMid: 9
        case .tomLow: 10
        case .tomFloor: 11
        case .crash: 12
        case .crashLeft: 13
        case .ride: 14
        case .rideBell: 15
        case .splash: 16
        case .china: 17
        }
    }

    /// The voice at a dense `index`, or nil.
    @inlinable public init?(index: Int) {
        guard index >= 0, index < DrumVoice.allCases.count else { return nil }
        self = DrumVoice.allCases[index]
    }

    /// The General MIDI percussion note that sounds this voice (channel 10), used for feedback and
    /// for exporting charts.
    public var generalMIDINote: UInt8 {
        switch self {
        case .kick: 36
        case .kickLeft: 35
        case .snare: 38
        case .snareRim: 40
        case .crossStick: 37
        case .hihat: 42
        case .hihatOpen: 46
        case .hihatPedal: 44
        case .tomHigh: 50
        case .tomMid: 47
        case .tomLow: 45
        case .tomFloor: 43
        case .crash: 49
        case .crashLeft: 57
        case .ride: 51
        case .rideBell: 53
        case .splash: 55
        case .china: 52
        }
    }

    /// A short fixed-width label for line-mode displays.
    public var shortLabel: String {
        switch self {
        case .kick: "BD"
        case .kickLeft: "BD2"
        case .snare: "SD"
        case .snareRim: "RIM"
        case .crossStick: "XS"
        case .hihat: "HH"
        case .hihatOpen: "HHo"
        case .hihatPedal: "HHp"
        case .tomHigh: "T1"
        case .tomMid: "T2"
        case .tomLow: "T3"
        case .tomFloor: "FT"
        case .crash: "CR"
        case .crashLeft: "CR2"
        case .ride: "RD"
        case .rideBell: "RDb"
        case .splash: "SP"
        case .china: "CH"
        }
    }

    public var description: String { rawValue }

    /// All valid names, for "unknown voice" error messages.
    public static var validNames: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
