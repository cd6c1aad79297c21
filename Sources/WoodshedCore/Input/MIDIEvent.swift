/// One incoming MIDI event, stamped on the engine's time base.
///
/// This is what the timing thread reads from any input — the ALSA sequencer (stamped by the kernel on
/// arrival), an events file, a MIDI file or the computer keyboard. It is a small trivial value so that
/// it can be copied through lock-free queues without allocation.
public struct MIDIEvent: Hashable, Sendable, BitwiseCopyable {
    /// What kind of message this is.
    public enum Kind: UInt8, Sendable, BitwiseCopyable {
        case noteOn
        case noteOff
        case controlChange
    }

    /// When the event arrived (live: the kernel's stamp) or is written to happen (files).
    public var time: EngineTime
    public var kind: Kind
    /// MIDI channel, 1–16 as musicians count them.
    public var channel: UInt8
    /// Note number for notes, controller number for control changes.
    public var number: UInt8
    /// Velocity for notes (a note-on with velocity 0 is stored as `.noteOff`), value for control changes.
    public var value: UInt8
    /// Where it came from: an ALSA sequencer address packed as client << 8 | port, or 0 for files.
    public var source: UInt16

    @inlinable
    public init(time: EngineTime, kind: Kind, channel: UInt8 = 10, number: UInt8, value: UInt8, source: UInt16 = 0) {
        self.time = time
        self.kind = kind
        self.channel = channel
        self.number = number
        self.value = value
        self.source = source
    }

    /// A note-on; velocity 0 becomes a note-off, as the MIDI standard says.
    @inlinable
    public static func noteOn(_ note: UInt8, velocity: UInt8, at time: EngineTime, channel: UInt8 = 10, source: UInt16 = 0) -> MIDIEvent {
        MIDIEvent(time: time, kind: velocity == 0 ? .noteOff : .noteOn, channel: channel, number: note, value: velocity, source: source)
    }

    /// The source address as ALSA prints it, `client:port`.
    /// `source` of events typed on the computer keyboard.
    public static let computerKeyboardSource: UInt16 = 0xFFFF

    /// The source address as ALSA prints it, `client:port`; `file` for events read from a file,
    /// `keys` for the computer keyboard.
    public var sourceAddress: String {
        switch source {
        case 0: "file"
        case MIDIEvent.computerKeyboardSource: "keys"
        default: "\(source >> 8):\(source & 0xFF)"
        }
    }
}
