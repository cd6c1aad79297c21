/// A Standard MIDI File (format 0, 1 or 2): header and tracks, parsed from bytes.
///
/// A general reader and writer: the chart reader uses it for drum charts, the engine's `smf:FILE`
/// input uses `noteOns()` to play a file as if it were a kit. Running status, meta events and sysex
/// are handled; unknown chunks are skipped.
public struct StandardMIDIFile: Hashable, Sendable {
    public var format: Int
    public var division: MIDIDivision
    public var tracks: [MIDITrack]

    public init(format: Int = 1, division: MIDIDivision = .ticksPerQuarter(960), tracks: [MIDITrack] = []) {
        self.format = format
        self.division = division
        self.tracks = tracks
    }

    /// Parses a file's bytes. `file` names the file in error messages.
    public init(bytes: [UInt8], file: String) throws {
        let reader = Reader(file: file)
        self = try bytes.withUnsafeBufferPointer { try reader.parse($0) }
    }

    /// Ticks per quarter note, or for SMPTE files the ticks in half a second (so that a 120 BPM grid lines up).
    public var ticksPerQuarter: Int {
        switch division {
        case let .ticksPerQuarter(ppq): ppq
        case let .smpte(fps, tpf): max(1, fps * tpf / 2)
        }
    }

    /// The tempo map from every Set Tempo event in the file (format 2 files are read like format 1).
    public var tempoMap: MIDITempoMap {
        var tempos: [(tick: Int64, microsecondsPerQuarter: Int64)] = []
        for track in tracks {
            for event in track.events {
                if case let .meta(type, data) = event.kind, type == MIDIFileEvent.tempoMeta, data.count >= 3 {
                    tempos.append((event.tick, Int64(data[0]) << 16 | Int64(data[1]) << 8 | Int64(data[2])))
                }
            }
        }
        return MIDITempoMap(division: division, tempos: tempos)
    }

    /// Every note-on (velocity > 0) of every track and channel, with its time through the tempo map,
    /// sorted by time (then track, then file order).
    public func noteOns() -> [MIDINoteOn] {
        let map = tempoMap
        var result: [MIDINoteOn] = []
        for (index, track) in tracks.enumerated() {
            for event in track.events {
                if let on = event.noteOn {
                    result.append(MIDINoteOn(
                        time: .zero, tick: event.tick, channel: on.channel, note: on.note, velocity: on.velocity,
                        track: index))
                }
            }
        }
        // Stable: each track is already in tick order, so sort only by (tick, track).
        result = result.enumerated().sorted {
            ($0.element.tick, $0.element.track, $0.offset) < ($1.element.tick, $1.element.track, $1.offset)
        }.map(\.element)
        for i in result.indices { result[i].time = map.time(atTick: result[i].tick) }
        return result
    }

    struct Reader {
        let file: String

        func error(_ offset: Int, _ problem: String) -> WoodshedError {
            WoodshedError("\(file): byte \(offset): \(problem)")
        }

        func parse(_ b: UnsafeBufferPointer<UInt8>) throws -> StandardMIDIFile {
            guard b.count >= 14, b[0] == 0x4D, b[1] == 0x54, b[2] == 0x68, b[3] == 0x64 else {
                throw WoodshedError("\(file): not a Standard MIDI File (it does not start with 'MThd')")
            }
            let headerLength = Int(be32(b, 4))
            guard headerLength >= 6, 8 + headerLength <= b.count else { throw error(4, "header chunk length \(headerLength) is invalid") }
            let format = Int(be16(b, 8))
            guard format <= 2 else { throw error(8, "MIDI file format \(format) is unknown; expected 0, 1 or 2") }
            let trackCount = Int(be16(b, 10))
            let rawDivision = be16(b, 12)
            let division: MIDIDivision
            if rawDivision & 0x8000 != 0 {
                let fps = -Int(Int8(bitPattern: UInt8(rawDivision >> 8)))
                division = .smpte(framesPerSecond: fps, ticksPerFrame: Int(rawDivision & 0xFF))
                guard fps > 0, rawDivision & 0xFF > 0 else { throw error(12, "SMPTE division is invalid") }
            } else {
                guard rawDivision > 0 else { throw error(12, "the division (ticks per quarter note) is 0") }
                division = .ticksPerQuarter(Int(rawDivision))
            }
            var tracks: [MIDITrack] = []
            tracks.reserveCapacity(trackCount)
            var offset = 8 + headerLength
            while offset + 8 <= b.count {
                let length = Int(be32(b, offset + 4))
                let isTrack = b[offset] == 0x4D && b[offset + 1] == 0x54 && b[offset + 2] == 0x72 && b[offset + 3] == 0x6B
                let start = offset + 8
                let end = min(b.count, start + length)  // tolerate a track length past the end of the file
                if isTrack { tracks.append(try parseTrack(b, start, end)) }
                offset = start + length
            }
            if tracks.isEmpty && trackCount > 0 { throw error(8 + headerLength, "expected an 'MTrk' track chunk") }
            return StandardMIDIFile(format: format, division: division, tracks: tracks)
        }

        func parseTrack(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) throws -> MIDITrack {
            var events: [MIDIFileEvent] = []
            events.reserveCapacity((end - start) / 3)
            var i = start
            var tick: Int64 = 0
            var runningStatus: UInt8 = 0
            func vlq() throws -> Int {
                var value = 0
                for _ in 0..<4 {
                    guard i < end else { throw error(i, "the track ends inside a variable-length number") }
                    let byte = b[i]
                    i += 1
                    value = value << 7 | Int(byte & 0x7F)
                    if byte & 0x80 == 0 { return value }
                }
                throw error(i, "a variable-length number is longer than 4 bytes")
            }
            while i < end {
                tick += Int64(try vlq())
                guard i < end else { throw error(i, "the track ends after a delta time") }
                var status = b[i]
                if status < 0x80 {
                    guard runningStatus != 0 else { throw error(i, "data byte 0x\(String(status, radix: 16)) without a status byte") }
                    status = runningStatus
                } else {
                    i += 1
                }
                switch status {
                case 0xFF:
                    guard i < end else { throw error(i, "the track ends inside a meta event") }
                    let type = b[i]
                    i += 1
                    let length = try vlq()
                    guard i + length <= end else { throw error(i, "meta event 0x\(String(type, radix: 16)) runs past the end of the track") }
                    events.append(MIDIFileEvent(tick: tick, kind: .meta(type: type, data: Array(b[i..<(i + length)]))))
                    i += length
                    if type == MIDIFileEvent.endOfTrackMeta { return MIDITrack(events: events) }
                case 0xF0, 0xF7:
                    let length = try vlq()
                    guard i + length <= end else { throw error(i, "sysex runs past the end of the track") }
                    events.append(MIDIFileEvent(tick: tick, kind: .sysex(status: status, data: Array(b[i..<(i + length)]))))
                    i += length
                case 0x80...0xEF:
                    runningStatus = status
                    let dataCount = (status & 0xF0 == 0xC0 || status & 0xF0 == 0xD0) ? 1 : 2
                    guard i + dataCount <= end else { throw error(i, "the track ends inside a channel message") }
                    let d1 = b[i] & 0x7F
                    let d2 = dataCount == 2 ? b[i + 1] & 0x7F : 0
                    i += dataCount
                    events.append(MIDIFileEvent(tick: tick, kind: .channel(status: status, data1: d1, data2: d2)))
                default:
                    throw error(i - 1, "status byte 0x\(String(status, radix: 16)) is not allowed in a MIDI file")
                }
            }
            return MIDITrack(events: events)
        }

        func be16(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt16 { UInt16(b[i]) << 8 | UInt16(b[i + 1]) }
        func be32(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32 {
            UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
        }
    }
}
