/// Reads a drum chart from a Standard MIDI File.
///
/// Two kinds of files: Rock Band / Clone Hero charts (a track named `PART DRUMS`, `PART DRUM` or
/// `PART REAL_DRUMS_PS`; expert notes 96–100 and 95, tom markers 110–112), and any other file,
/// whose channel-10 notes are read through a General MIDI table. Time signature events make the
/// measures (4/4 until the first one), Set Tempo events the tempo map, markers and `[section …]`
/// text events the sections.
public enum ChartMIDIReader {
    static let drumTrackNames: Set<String> = ["PART DRUMS", "PART DRUM", "PART REAL_DRUMS_PS"]

    /// Reads `bytes`. `songINI` is the text of a `song.ini` beside the file and `audioFile` the name
    /// of the song audio beside it (Clone Hero folders hold `song.ogg`), if there are any.
    public static func read(
        _ bytes: [UInt8], file: String, songINI: String? = nil, audioFile: String? = nil
    ) throws -> (chart: Chart, skipped: SkippedInput) {
        let smf = try StandardMIDIFile(bytes: bytes, file: file)
        return try read(smf, file: file, songINI: songINI, audioFile: audioFile)
    }

    public static func read(
        _ smf: StandardMIDIFile, file: String, songINI: String? = nil, audioFile: String? = nil
    ) throws -> (chart: Chart, skipped: SkippedInput) {
        var skipped = SkippedInput()
        let ppq = Int64(smf.ticksPerQuarter)
        var builder = ChartBuilder()
        if let name = smf.tracks.first?.name, !name.hasPrefix("PART ") { builder.metadata.title = name }

        // Tempo map, time signatures, sections, end.
        var signatures: [(tick: Int64, signature: TimeSignature)] = []
        var sections: [(tick: Int64, name: String)] = []
        var endTick: Int64 = 0
        var tempos: [(tick: Int64, bpm: Double)] = []
        for track in smf.tracks {
            endTick = max(endTick, track.endTick)
            let isEvents = track.name == "EVENTS"
            for event in track.events {
                guard case let .meta(type, data) = event.kind else { continue }
                switch type {
                case MIDIFileEvent.tempoMeta where data.count >= 3:
                    let us = Int(data[0]) << 16 | Int(data[1]) << 8 | Int(data[2])
                    if us > 0, case .ticksPerQuarter = smf.division { tempos.append((event.tick, 60_000_000 / Double(us))) }
                case MIDIFileEvent.timeSignatureMeta where data.count >= 2:
                    let signature = TimeSignature(Int(data[0]), 1 << Int(min(data[1], 6)))
                    if signature.isValid { signatures.append((event.tick, signature)) }
                case MIDIFileEvent.markerMeta:
                    sections.append((event.tick, String(decoding: data, as: UTF8.self)))
                case MIDIFileEvent.textMeta:
                    let text = String(decoding: data, as: UTF8.self)
                    if isEvents, let name = sectionName(fromEvent: text) {
                        sections.append((event.tick, name))
                    } else if text != "[ENABLE_CHART_DYNAMICS]" && !(isEvents && text.hasPrefix("[")) {
                        skipped.record("MIDI text event")
                    }
                default: break
                }
            }
        }
        for t in tempos where !TempoChange.isPlayable(bpm: t.bpm) {
            throw WoodshedError("\(file): tick \(t.tick): tempo \(Int(t.bpm)) BPM is out of range; a chart needs a tempo above 0 and at most 1000 BPM")
        }

        // Notes.
        var notes: [(tick: Int64, voice: DrumVoice, velocity: UInt8, dynamic: NoteDynamic)] = []
        if let drumTrack = smf.tracks.first(where: { drumTrackNames.contains($0.name ?? "") }) {
            notes = rockBandNotes(drumTrack, &skipped)
        } else {
            let ons = smf.tracks.flatMap { $0.events.compactMap { e in e.noteOn.map { (e.tick, $0) } } }
            let uses36 = ons.contains { $0.1.channel == 9 && $0.1.note == 36 }
            for (tick, on) in ons {
                guard on.channel == 9 else {
                    skipped.record("MIDI note on channel \(on.channel + 1) (not drums)")
                    continue
                }
                guard let voice = GeneralMIDIDrums.voice(ofNote: on.note, fileUsesNote36: uses36) else {
                    skipped.record("MIDI drum note \(on.note) (no voice)")
                    continue
                }
                notes.append((tick, voice, on.velocity, NoteDynamic(velocity: on.velocity)))
            }
        }
        notes.sort { $0.tick < $1.tick }
        if let last = notes.last { endTick = max(endTick, last.tick + 1) }

        // Measures: a signature takes effect at its tick; one arriving mid-measure cuts that measure short.
        signatures.sort { $0.tick < $1.tick }
        var measureStarts: [Int64] = []
        var signature = TimeSignature.fourFour
        var nextSignature = 0
        var tick: Int64 = 0
        repeat {
            while nextSignature < signatures.count && signatures[nextSignature].tick <= tick {
                signature = signatures[nextSignature].signature
                nextSignature += 1
            }
            var length = signature.measureLength * ExactFraction(ppq)  // in ticks
            if nextSignature < signatures.count, ExactFraction(signatures[nextSignature].tick - tick) < length {
                length = ExactFraction(signatures[nextSignature].tick - tick)
            }
            let ticks = max(1, Int64((length.doubleValue).rounded()))
            builder.appendMeasure(signature: signature, length: ExactFraction(ticks, ppq))
            measureStarts.append(tick)
            tick += ticks
            if measureStarts.count > 100_000 { throw WoodshedError("\(file): the file is longer than 100000 measures") }
        } while tick < endTick
        measureStarts.append(tick)

        func position(_ t: Int64, from measure: inout Int) -> (Int, ExactFraction) {
            while measure + 1 < measureStarts.count - 1 && measureStarts[measure + 1] <= t { measure += 1 }
            let length = measureStarts[measure + 1] - measureStarts[measure]
            return (measure, ExactFraction(t - measureStarts[measure], length))
        }
        var m = 0
        for t in tempos.sorted(by: { $0.tick < $1.tick }) {
            let (mi, p) = position(t.tick, from: &m)
            builder.setTempo(t.bpm, measureIndex: mi, position: p)
        }
        m = 0
        for n in notes {
            let (mi, p) = position(n.tick, from: &m)
            builder.addNote(n.voice, measureIndex: mi, position: p, velocity: n.velocity, dynamic: n.dynamic)
        }
        m = 0
        for s in sections.sorted(by: { $0.tick < $1.tick }) where s.tick < tick {
            let (mi, p) = position(s.tick, from: &m)
            builder.addSection(s.name, measureIndex: mi, position: p)
        }

        var backingOffset: EngineTime? = nil
        if let songINI { backingOffset = applySongINI(songINI, to: &builder.metadata) }
        var chart = builder.build()
        if let audioFile { chart.backingTrack = BackingTrack(file: audioFile, offset: backingOffset ?? .zero) }
        return (chart, skipped)
    }

    /// `[section Verse 1]` → "Verse 1", `[prc_chorus_2]` → "chorus 2"; nil for other events.
    static func sectionName(fromEvent text: String) -> String? {
        guard text.hasPrefix("["), text.hasSuffix("]") else { return nil }
        let inner = text.dropFirst().dropLast()
        if inner.hasPrefix("section ") { return String(inner.dropFirst(8)) }
        if inner.hasPrefix("prc_") { return String(inner.dropFirst(4).map { $0 == "_" ? " " : $0 }) }
        return nil
    }

    /// Expert drums of a Rock Band / Clone Hero `PART DRUMS` track.
    static func rockBandNotes(
        _ track: MIDITrack, _ skipped: inout SkippedInput
    ) -> [(tick: Int64, voice: DrumVoice, velocity: UInt8, dynamic: NoteDynamic)] {
        let dynamicsEnabled = track.events.contains { $0.text?.text == "[ENABLE_CHART_DYNAMICS]" }
        // Tom markers: note 110/111/112 held from its note-on to its note-off.
        var markerStart: [UInt8: Int64] = [:]
        var markers: [UInt8: [Range<Int64>]] = [:]
        for event in track.events {
            if let on = event.noteOn, (110...112).contains(on.note) {
                markerStart[on.note] = event.tick
            } else if let off = event.noteOff, (110...112).contains(off.note), let start = markerStart[off.note] {
                markers[off.note, default: []].append(start..<max(event.tick, start + 1))
                markerStart[off.note] = nil
            }
        }
        func tomMarked(_ marker: UInt8, _ tick: Int64) -> Bool {
            if let start = markerStart[marker], tick >= start { return true }  // never released
            return markers[marker]?.contains { $0.contains(tick) } ?? false
        }
        var result: [(Int64, DrumVoice, UInt8, NoteDynamic)] = []
        for event in track.events {
            guard let on = event.noteOn else { continue }
            let voice: DrumVoice
            switch on.note {
            case 95, 96: voice = .kick
            case 97: voice = .snare
            case 98: voice = tomMarked(110, event.tick) ? .tomHigh : .hihat
            case 99: voice = tomMarked(111, event.tick) ? .tomLow : .ride
            case 100: voice = tomMarked(112, event.tick) ? .tomFloor : .crash
            case 110...112: continue
            default:
                skipped.record("PART DRUMS note \(on.note) (not an expert gem)")
                continue
            }
            var dynamic = NoteDynamic.normal
            if dynamicsEnabled, on.note != 95, on.note != 96 {
                if on.velocity == 127 { dynamic = .accent } else if on.velocity == 1 { dynamic = .ghost }
            }
            result.append((event.tick, voice, dynamic.defaultVelocity, dynamic))
        }
        return result
    }

    /// Fills metadata from `song.ini` (`name`, `artist`, `genre`, `loading_phrase`, `diff_drums`)
    /// and returns the audio offset from `delay` (ms; a positive delay starts the chart later).
    static func applySongINI(_ text: String, to metadata: inout ChartMetadata) -> EngineTime? {
        let ini = SongIni(parsing: text)
        if let name = ini.name { metadata.title = name }
        if let artist = ini.artist { metadata.artist = artist }
        if let genre = ini.genre { metadata.genre = genre }
        if let phrase = ini.otherKeys["loading_phrase"].flatMap(SongIni.text) { metadata.comment = phrase }
        if let level = ini.drumsDifficulty { metadata.difficulty = level }
        return ini.delay.map { .zero - $0 }
    }
}
