/// Which related voices judging treats as one, so that a hit on either satisfies a note of either.
///
/// An e-kit reports an open or closed hi-hat, a rim or head shot, by the controller's position or
/// the zone struck, and charts are often written less precisely than that. With a group on, a
/// hi-hat note is matched by a closed or an open hi-hat hit alike. Each group can be switched off
/// for players who want to be held to the exact voice.
public struct VoiceGroups: Hashable, Sendable {
    /// hihat + hihat-open.
    public var hihat: Bool
    /// kick + kick-left.
    public var kick: Bool
    /// crash + crash-left + splash + china.
    public var crash: Bool
    /// ride + ride-bell.
    public var ride: Bool
    /// snare + snare-rim.
    public var snare: Bool

    public init(hihat: Bool, kick: Bool, crash: Bool, ride: Bool, snare: Bool) {
        self.hihat = hihat
        self.kick = kick
        self.crash = crash
        self.ride = ride
        self.snare = snare
    }

    /// Every group on: the default.
    public static let all = VoiceGroups(hihat: true, kick: true, crash: true, ride: true, snare: true)
    /// Every voice judged on its own.
    public static let none = VoiceGroups(hihat: false, kick: false, crash: false, ride: false, snare: false)

    /// The voice that stands for `voice`'s group: itself when it is in no group or its group is off.
    @inlinable public func leader(of voice: DrumVoice) -> DrumVoice {
        switch voice {
        case .hihatOpen where hihat: .hihat
        case .kickLeft where kick: .kick
        case .crashLeft where crash, .splash where crash, .china where crash: .crash
        case .rideBell where ride: .ride
        case .snareRim where snare: .snare
        default: voice
        }
    }

    /// A dense index (0 ..< `count`) of `voice`'s group: voices in one group share it, and the
    /// indices follow `DrumVoice.allCases` order, so they can index fixed-size tables.
    public func group(of voice: DrumVoice) -> Int {
        var group = 0
        for candidate in DrumVoice.allCases {
            if candidate == voice { return leader(of: voice) == voice ? group : self.group(of: leader(of: voice)) }
            if leader(of: candidate) == candidate { group += 1 }
        }
        return group
    }

    /// How many groups there are (18 voices with every group off, 11 with every group on).
    public var count: Int { DrumVoice.allCases.count { leader(of: $0) == $0 } }

    /// The voices of `voice`'s group, in `DrumVoice.allCases` order.
    public func members(ofGroupWith voice: DrumVoice) -> [DrumVoice] {
        let leader = leader(of: voice)
        return DrumVoice.allCases.filter { self.leader(of: $0) == leader }
    }
}
