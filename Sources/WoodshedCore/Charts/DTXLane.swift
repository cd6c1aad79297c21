/// The DTX (DTXMania) drum lanes and how they map to Woodshed's voices.
enum DTXLane {
    /// The voice of a drum-lane channel (`0x11`…`0x1C`), or nil for every other channel.
    static func voice(ofChannel channel: Int) -> DrumVoice? {
        switch channel {
        case 0x11: .hihat
        case 0x12: .snare
        case 0x13: .kick
        case 0x14: .tomHigh
        case 0x15: .tomLow
        case 0x16: .crash
        case 0x17: .tomFloor
        case 0x18: .hihatOpen
        case 0x19: .ride
        case 0x1A: .crashLeft
        case 0x1B: .hihatPedal
        case 0x1C: .kickLeft
        default: nil
        }
    }

    /// The lane a voice is written to. DTX has fewer lanes than Woodshed has voices: rim and
    /// cross-stick go to the snare lane, the mid tom to the low tom, the ride bell to the ride,
    /// splash and china to the left cymbal.
    static func channel(of voice: DrumVoice) -> Int {
        switch voice {
        case .hihat: 0x11
        case .snare, .snareRim, .crossStick: 0x12
        case .kick: 0x13
        case .tomHigh: 0x14
        case .tomMid, .tomLow: 0x15
        case .crash: 0x16
        case .tomFloor: 0x17
        case .hihatOpen: 0x18
        case .ride, .rideBell: 0x19
        case .crashLeft, .splash, .china: 0x1A
        case .hihatPedal: 0x1B
        case .kickLeft: 0x1C
        }
    }

    /// The channels whose chips the chart plays by itself while the drummer plays the drums: the
    /// sound effects (61–69, 70–79, 80–89, 90–92) and the guitar and bass lanes (20–27, A0–A7).
    static func isCueChannel(_ channel: Int) -> Bool {
        (0x61...0x69).contains(channel) || (0x70...0x79).contains(channel) || (0x80...0x89).contains(channel)
            || (0x90...0x92).contains(channel) || (0x20...0x27).contains(channel) || (0xA0...0xA7).contains(channel)
    }

    /// The voice of a hidden chip's channel (`0x31`…`0x3C`, the drum lanes' order), or nil.
    static func voice(ofHiddenChannel channel: Int) -> DrumVoice? {
        (0x31...0x3C).contains(channel) ? voice(ofChannel: channel - 0x20) : nil
    }

    /// The voice of an empty-hit chip's channel (DTXMania's `…_NoChip`: B1–B9 as the lanes 11–19,
    /// BC left cymbal, BD left pedal, BE left bass drum; BA and BB are guitar and bass), or nil.
    static func voice(ofEmptyHitChannel channel: Int) -> DrumVoice? {
        switch channel {
        case 0xB1...0xB9: voice(ofChannel: channel - 0xA0)
        case 0xBC: .crashLeft
        case 0xBD: .hihatPedal
        case 0xBE: .kickLeft
        default: nil
        }
    }

    /// The hidden-chip channel of a voice's lane.
    static func hiddenChannel(of voice: DrumVoice) -> Int { channel(of: voice) + 0x20 }

    /// The empty-hit channel of a voice's lane.
    static func emptyHitChannel(of voice: DrumVoice) -> Int {
        switch channel(of: voice) {
        case 0x1A: 0xBC
        case 0x1B: 0xBD
        case 0x1C: 0xBE
        case let lane: lane + 0xA0
        }
    }

    /// The sound-effect channels SE01–SE32, in order.
    static let soundEffectChannels = Array(0x61...0x69) + Array(0x70...0x79) + Array(0x80...0x89) + Array(0x90...0x92)

    static let bgmChannel = 0x01
    static let barLengthChannel = 0x02
    static let bpmHexChannel = 0x03
    static let bpmReferenceChannel = 0x08

    /// Woodshed's own header naming the chips that are accents (DTXMania ignores unknown headers).
    static let accentHeader = "WOODSHEDACCENT"
}
