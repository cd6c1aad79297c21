extension StandardMIDIFile {
    /// The file's bytes. Events of each track are written in tick order (stable), without running
    /// status; an End of Track is added where missing.
    public func serialized() -> [UInt8] {
        var out: [UInt8] = Array("MThd".utf8)
        append32(6, to: &out)
        append16(UInt16(format), to: &out)
        append16(UInt16(tracks.count), to: &out)
        switch division {
        case let .ticksPerQuarter(ppq): append16(UInt16(ppq), to: &out)
        case let .smpte(fps, tpf): append16(UInt16(UInt8(bitPattern: Int8(-fps))) << 8 | UInt16(tpf), to: &out)
        }
        for track in tracks {
            var body: [UInt8] = []
            let events = track.events.enumerated().sorted { ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset) }
                .map(\.element)
            var tick: Int64 = 0
            var ended = false
            for event in events where !ended {
                appendVLQ(Int(max(0, event.tick - tick)), to: &body)
                tick = max(tick, event.tick)
                switch event.kind {
                case let .channel(status, d1, d2):
                    body.append(status)
                    body.append(d1 & 0x7F)
                    if status & 0xF0 != 0xC0 && status & 0xF0 != 0xD0 { body.append(d2 & 0x7F) }
                case let .meta(type, data):
                    body.append(0xFF)
                    body.append(type)
                    appendVLQ(data.count, to: &body)
                    body += data
                    if type == MIDIFileEvent.endOfTrackMeta { ended = true }
                case let .sysex(status, data):
                    body.append(status)
                    appendVLQ(data.count, to: &body)
                    body += data
                }
            }
            if !ended { body += [0x00, 0xFF, 0x2F, 0x00] }
            out += Array("MTrk".utf8)
            append32(UInt32(body.count), to: &out)
            out += body
        }
        return out
    }

    private func append16(_ v: UInt16, to out: inout [UInt8]) {
        out.append(UInt8(v >> 8))
        out.append(UInt8(v & 0xFF))
    }

    private func append32(_ v: UInt32, to out: inout [UInt8]) {
        for shift in stride(from: 24, through: 0, by: -8) { out.append(UInt8((v >> UInt32(shift)) & 0xFF)) }
    }

    private func appendVLQ(_ value: Int, to out: inout [UInt8]) {
        var v = min(value, 0x0FFF_FFFF)
        var bytes: [UInt8] = [UInt8(v & 0x7F)]
        v >>= 7
        while v > 0 {
            bytes.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        out += bytes.reversed()
    }
}

extension MIDIFileEvent {
    /// A Set Tempo meta event for `bpm` quarter notes per minute.
    public static func tempo(bpm: Double, tick: Int64) -> MIDIFileEvent {
        let us = Int(max(1, min(0xFF_FFFF, (60_000_000 / bpm).rounded())))
        return MIDIFileEvent(tick: tick, kind: .meta(type: tempoMeta, data: [UInt8(us >> 16), UInt8((us >> 8) & 0xFF), UInt8(us & 0xFF)]))
    }

    /// A text-like meta event (track name, marker, text) in UTF-8.
    public static func text(_ type: UInt8, _ text: String, tick: Int64) -> MIDIFileEvent {
        MIDIFileEvent(tick: tick, kind: .meta(type: type, data: Array(text.utf8)))
    }
}
