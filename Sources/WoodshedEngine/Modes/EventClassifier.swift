import WoodshedCore

/// What an incoming event means to the practice mode, after mapping and filtering.
public enum NoteMeaning: Hashable, Sendable, BitwiseCopyable {
    /// A drum hit on this voice.
    case drum(DrumVoice)
    /// A pitched note (keyboard, guitar), the MIDI note number after any transpose.
    case pitched(UInt8)
    /// A hit the kit map knows but the filters dropped.
    case dropped(DropReason)
    /// A note the map does not know.
    case unmapped
    /// A note-off or control change: nothing to judge.
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
}

/// Every note is a pitch: a MIDI keyboard, played as it is (optionally transposed).
public struct PitchedClassifier: EventClassifier, Sendable {
    public var transpose: Int

    public init(transpose: Int = 0) { self.transpose = transpose }

    public mutating func classify(_ event: MIDIEvent) -> NoteMeaning {
        guard event.kind == .noteOn else { return .other }
        let note = Int(event.number) + transpose
        guard (0...127).contains(note) else { return .unmapped }
        return .pitched(UInt8(note))
    }
}
