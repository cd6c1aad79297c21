/// Turns a kit's note-ons into drum hits, dropping what the player did not play.
///
/// Runs on the timing thread: `admit` and `controlChange` read the map's fixed tables and update a
/// per-voice state array allocated once in `init`; they allocate nothing, take no lock and touch no
/// `String`. Keep one filter per input in one place and call it through `inout` (a copy of a
/// filter would have to copy its state array on its first hit).
///
/// The rules, in order, for a note-on:
/// 1. A note the map leaves out is `.unmapped`.
/// 2. A hi-hat note's openness may come from the foot controller (`HiHatOpenness`).
/// 3. Softer than the voice's minimum velocity (velocity 0 is a note-off): `.belowMinimumVelocity`.
/// 4. Within the voice's re-trigger window after its last accepted hit and no louder than it:
///    `.doubleTrigger`. A louder second hit is kept: it is a flam's main stroke, not ringing.
/// 5. An open hi-hat within the pedal-stomp window after a hi-hat pedal hit: `.crosstalk`.
/// 6. Within the crosstalk window after an accepted hit on another voice and below the crosstalk
///    percentage of its velocity: `.crosstalk`. A hard hit after a soft one is always kept; crosstalk
///    that arrives before the real hit cannot be told apart without delaying every hit.
/// Only accepted hits are remembered, so a burst of rejected ringing cannot extend a window.
public struct HitFilter: Sendable {
    /// What became of one note-on.
    public enum Verdict: Hashable, Sendable {
        /// A played hit on this voice.
        case accepted(DrumVoice)
        /// Softer than the voice's minimum velocity.
        case belowMinimumVelocity
        /// The same voice again too soon and no louder: the sensor ringing.
        case doubleTrigger
        /// A soft echo of a hard hit on another pad, or an open hi-hat shaken by a pedal stomp.
        case crosstalk
        /// The kit map assigns no voice to this note.
        case unmapped
    }

    @usableFromInline struct PadState: Sendable {
        @usableFromInline var lastHit: EngineTime
        @usableFromInline var velocity: UInt8
        @usableFromInline init(lastHit: EngineTime, velocity: UInt8) {
            self.lastHit = lastHit
            self.velocity = velocity
        }
        @usableFromInline static let silent = PadState(lastHit: EngineTime(nanoseconds: .min / 2), velocity: 0)
    }

    /// The kit map this filter applies.
    public let map: DrumKitMap
    @usableFromInline var pads: [PadState]
    @usableFromInline var pedalValue: Int16 = -1

    public init(map: DrumKitMap) {
        self.map = map
        self.pads = [PadState](repeating: .silent, count: DrumVoice.allCases.count)
    }

    /// Gives this filter a state array of its own, so that its first hit does not copy one it
    /// shares with another copy (copy-on-write would allocate on the timing thread). Call where the
    /// filter will live, before the timing thread starts.
    public mutating func ownState() {
        pads.withUnsafeMutableBufferPointer { _ in }
    }

    /// The last foot-controller value seen (0 open … 127 closed), or nil before the first one.
    public var footControllerValue: UInt8? { pedalValue < 0 ? nil : UInt8(pedalValue) }

    /// Forgets every earlier hit and the pedal position (a new take, a new time zero).
    public mutating func reset() {
        for i in pads.indices { pads[i] = .silent }
        pedalValue = -1
    }

    /// Records a control change; only the hi-hat foot controller of `.fromController` matters.
    @inlinable public mutating func controlChange(controller: UInt8, value: UInt8) {
        if case .fromController(let number, _) = map.hihatOpenness, controller == number {
            pedalValue = Int16(value & 0x7F)
        }
    }

    /// Decides whether a note-on at `time` (the kernel's arrival stamp) is a hit, and on which voice.
    @inlinable public mutating func admit(note: UInt8, velocity: UInt8, at time: EngineTime) -> Verdict {
        guard var voice = map.voice(forNote: note) else { return .unmapped }
        if case .fromController(_, let closedFrom) = map.hihatOpenness, pedalValue >= 0,
           voice == .hihat || voice == .hihatOpen {
            voice = pedalValue >= Int16(closedFrom) ? .hihat : .hihatOpen
        }
        let index = voice.index
        let settings = map.filter.pads[index]
        if velocity < settings.minimumVelocity { return .belowMinimumVelocity }

        let own = pads[index]
        let sinceOwn = time.nanoseconds &- own.lastHit.nanoseconds
        if sinceOwn >= 0, sinceOwn < settings.retriggerWindow.nanoseconds, velocity <= own.velocity {
            return .doubleTrigger
        }

        if voice == .hihatOpen {
            let sincePedal = time.nanoseconds &- pads[DrumVoice.hihatPedal.index].lastHit.nanoseconds
            if sincePedal >= 0, sincePedal < map.filter.pedalStompWindow.nanoseconds { return .crosstalk }
        }

        if settings.suppressesCrosstalk {
            let window = map.filter.crosstalkWindow.nanoseconds
            let percent = map.filter.crosstalkPercent
            for other in 0..<pads.count where other != index {
                let since = time.nanoseconds &- pads[other].lastHit.nanoseconds
                if since >= 0, since < window, Int(velocity) * 100 < percent * Int(pads[other].velocity) {
                    return .crosstalk
                }
            }
        }

        pads[index] = PadState(lastHit: time, velocity: velocity)
        return .accepted(voice)
    }
}
