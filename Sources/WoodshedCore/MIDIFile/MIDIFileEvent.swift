/// One event of a Standard MIDI File track, at an absolute tick.
public struct MIDIFileEvent: Hashable, Sendable {
    /// Ticks since the start of the track (absolute, not a delta).
    public var tick: Int64
    public var kind: Kind

    public enum Kind: Hashable, Sendable {
        /// A channel message: status byte (with the channel in its low nibble) and up to two data bytes.
        case channel(status: UInt8, data1: UInt8, data2: UInt8)
        /// A meta event (`FF type len data`): tempo, time signature, text, track name, marker…
        case meta(type: UInt8, data: [UInt8])
        /// A system-exclusive message (`F0` or `F7`), kept as written.
        case sysex(status: UInt8, data: [UInt8])
    }

    public init(tick: Int64, kind: Kind) {
        self.tick = tick
        self.kind = kind
    }

    /// A note-on with velocity above 0 (a note-on with velocity 0 is a note-off).
    public var noteOn: (channel: UInt8, note: UInt8, velocity: UInt8)? {
        guard case let .channel(status, note, velocity) = kind, status & 0xF0 == 0x90, velocity > 0 else { return nil }
        return (status & 0x0F, note, velocity)
    }

    /// A note-off, written either as `8n` or as `9n` with velocity 0.
    public var noteOff: (channel: UInt8, note: UInt8)? {
        guard case let .channel(status, note, velocity) = kind else { return nil }
        if status & 0xF0 == 0x80 || (status & 0xF0 == 0x90 && velocity == 0) { return (status & 0x0F, note) }
        return nil
    }

    /// The text of a text-like meta event (types 1–7: text, copyright, track name, instrument, lyric, marker, cue).
    public var text: (type: UInt8, text: String)? {
        guard case let .meta(type, data) = kind, (1...7).contains(type) else { return nil }
        return (type, String(decoding: data, as: UTF8.self))
    }

    public static let textMeta: UInt8 = 0x01
    public static let trackNameMeta: UInt8 = 0x03
    public static let markerMeta: UInt8 = 0x06
    public static let endOfTrackMeta: UInt8 = 0x2F
    public static let tempoMeta: UInt8 = 0x51
    public static let timeSignatureMeta: UInt8 = 0x58
}
