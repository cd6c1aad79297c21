import WoodshedCore

/// What an incoming event means to the practice mode, after mapping and filtering.
public enum NoteMeaning: Hashable, Sendable, BitwiseCopyable {
    /// A drum hit on this voice.
    case drum(DrumVoice)
    /// A pitched note (keyboard, guitar), the MIDI note number after any transpose.
    case pitched(UInt8)
    /// A pitched key let go: the same transposed note number its note-on sounded, so the synth
    /// releases the note that is actually ringing.
    case released(UInt8)
    /// A hit the map knows (on this voice, for a kit) but the filters dropped.
    case dropped(DrumVoice?, DropReason)
    /// A note the map does not know.
    case unmapped
    /// A control change, or a note-off on a kit: nothing to judge.
    case other
}

/// Why a hit was dropped before judging.
public enum DropReason: String, Hashable, Sendable, BitwiseCopyable {
    /// Softer than the voice's minimum velocity.
    case belowMinimumVelocity = "below-minimum-velocity"
    /// A second trigger of the same pad within its re-trigger window.
    case doubleTrigger = "double-trigger"
    /// A much softer hit on another pad right after a hard hit.
    case crosstalk
}

/// Turns raw MIDI events into meanings: a drum kit map with its filters, or a keyboard map.
/// Runs on the timing thread: `classify` must not allocate, lock or print.
public protocol EventClassifier {
    mutating func classify(_ event: MIDIEvent) -> NoteMeaning
    /// Makes any state the classifier mutates its own, so `classify` never copies it on the timing
    /// thread. Modes call it once on their stored copy, before start.
    mutating func prepareForRealTime()
}

extension EventClassifier {
    public mutating func prepareForRealTime() {}
}

/// Every note is a pitch: a MIDI keyboard (or guitar), through its map's range, transpose and
/// minimum velocity.
public struct PitchedClassifier: EventClassifier, Sendable {
    public var map: PitchedMap

    public init(map: PitchedMap = PitchedMap()) { self.map = map }

    public mutating func classify(_ event: MIDIEvent) -> NoteMeaning {
        if event.kind == .noteOff {
            guard let pitch = map.pitch(forNote: event.number), (0...127).contains(pitch.midiNote) else { return .other }
            return .released(UInt8(pitch.midiNote))
        }
        guard event.kind == .noteOn else { return .other }
        guard let pitch = map.pitch(forNote: event.number, velocity: event.value) else {
            return event.value < map.minimumVelocity ? .dropped(nil, .belowMinimumVelocity) : .unmapped
        }
        guard (0...127).contains(pitch.midiNote) else { return .unmapped }
        return .pitched(UInt8(pitch.midiNote))
    }
}

/// A drum kit: the kit map's note table with its hit filters (minimum velocity, double triggers,
/// crosstalk, hi-hat openness from the foot controller).
public struct DrumKitClassifier: EventClassifier, Sendable {
    private var filter: HitFilter
    private let map: DrumKitMap

    public init(map: DrumKitMap) {
        self.map = map
        filter = HitFilter(map: map)
    }

    public mutating func prepareForRealTime() { filter.ownState() }

    public mutating func classify(_ event: MIDIEvent) -> NoteMeaning {
        switch event.kind {
        case .controlChange:
            filter.controlChange(controller: event.number, value: event.value)
            return .other
        case .noteOff:
            return .other
        case .noteOn:
            switch filter.admit(note: event.number, velocity: event.value, at: event.time) {
            case .accepted(let voice): return .drum(voice)
            case .belowMinimumVelocity: return .dropped(map.voice(forNote: event.number), .belowMinimumVelocity)
            case .doubleTrigger: return .dropped(map.voice(forNote: event.number), .doubleTrigger)
            case .crosstalk: return .dropped(map.voice(forNote: event.number), .crosstalk)
            case .unmapped: return .unmapped
            }
        }
    }
}
