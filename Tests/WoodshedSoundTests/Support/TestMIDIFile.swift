/// A minimal Standard MIDI File writer for tests (format 0, one track, default tempo 120 BPM).
struct TestMIDIFile {
    struct Note {
        var seconds: Double
        var channel: UInt8
        var key: UInt8
        var velocity: UInt8
        var length: Double
    }

    /// 480 ticks per quarter note at 120 BPM: 960 ticks per second.
    static let ticksPerSecond = 960.0
    var notes: [Note] = []

    mutating func add(at seconds: Double, channel: UInt8, key: UInt8, velocity: UInt8 = 100, length: Double = 0.1) {
        notes.append(Note(seconds: seconds, channel: channel, key: key, velocity: velocity, length: length))
    }

    var bytes: [UInt8] {
        var events: [(tick: Int, order: Int, data: [UInt8])] = []
        for note in notes {
            let on = Int((note.seconds * Self.ticksPerSecond).rounded())
            let off = Int(((note.seconds + note.length) * Self.ticksPerSecond).rounded())
            events.append((on, 1, [0x90 | note.channel, note.key, note.velocity]))
            events.append((off, 0, [0x80 | note.channel, note.key, 0]))
        }
        events.sort { ($0.tick, $0.order) < ($1.tick, $1.order) }
        var track: [UInt8] = []
        var last = 0
        for event in events {
            track += Self.variableLength(event.tick - last) + event.data
            last = event.tick
        }
        track += [0x00, 0xFF, 0x2F, 0x00]
        return Array("MThd".utf8) + Self.bigEndian(6, bytes: 4) + [0, 0, 0, 1] + Self.bigEndian(480, bytes: 2)
            + Array("MTrk".utf8) + Self.bigEndian(track.count, bytes: 4) + track
    }

    static func variableLength(_ value: Int) -> [UInt8] {
        var value = value
        var out = [UInt8(value & 0x7F)]
        value >>= 7
        while value > 0 {
            out.insert(UInt8(value & 0x7F) | 0x80, at: 0)
            value >>= 7
        }
        return out
    }

    static func bigEndian(_ value: Int, bytes count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
