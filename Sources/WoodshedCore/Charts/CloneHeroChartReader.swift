/// Reads Clone Hero `.chart` drum charts (the text format of Moonscraper and Feedback Editor).
///
/// ```
/// [Song]
/// {
///   Name = "Backbeat"
///   Resolution = 192
/// }
/// [SyncTrack]
/// {
///   0 = TS 4
///   0 = B 120000
/// }
/// [ExpertDrums]
/// {
///   0 = N 0 0
///   192 = N 2 0
///   192 = N 66 0
/// }
/// ```
/// Sections are `[Name]`, then `{`, lines `key = value`, then `}`; track lines are
/// `TICK = CODE VALUES`, in tick order within a section. Read: `[Song]` `Resolution` (ticks per
/// quarter note, required), `Offset` (seconds), `Name`, `Artist`, `Genre`, `Difficulty`,
/// `MusicStream`; `[SyncTrack]` `B` (tempo in thousandths of a BPM) and `TS` (numerator and an
/// optional exponent of the denominator, 2 = quarters); `[Events]` `E "section Name"`,
/// `E "prc_name"` and `E "end"`; and the drums of one difficulty (see `CloneHeroDrumLane`). Tempo
/// anchors (`A`) are for editors and ignored; star power, drum fills, roll lanes, solos, lyrics and
/// other instruments are skipped and counted.
///
/// Measures follow the time signatures from tick 0 (4/4 and 120 BPM until the first `TS` and `B`).
/// A `TS` inside a measure starts a new measure at its tick, as Clone Hero draws its bar lines: the
/// measure it interrupts is cut short and keeps its own signature.
///
/// A `song.ini` beside the chart wins over `[Song]` (games prefer it, and `[Song]` is often left
/// unfilled): its name, artist, genre, `diff_drums` and `delay` replace the chart's, and its
/// `pro_drums` / `five_lane_drums` decide how the colours are read.
public enum CloneHeroChartReader {
    static let maxResolution: Int64 = 1_000_000
    static let maxMeasures = 100_000
    static let maxOffsetSeconds = 3600.0
    /// The last tick read: far beyond any song (100 000 bars at the largest Resolution are 4·10¹¹
    /// ticks), small enough that tick arithmetic stays exact.
    static let maxTick: Int64 = 1_000_000_000_000
    /// The longest chart: a day. Slow tempos (`B 1` is 0.001 BPM, 16 hours a quarter note) would
    /// otherwise carry times past what a nanosecond clock holds.
    static let maxSeconds = 86_400.0

    /// Reads `rawBytes` as a `.chart` file and returns the drums of `difficulty`. `songIni` is the
    /// `song.ini` beside the file, if any; `audioFile` the song audio found beside it under a name
    /// the games reserve (`song.ogg` …), which wins over `[Song] MusicStream`.
    public static func read(
        _ rawBytes: [UInt8], file: String, difficulty: DrumDifficulty = .expert,
        songIni: SongIni? = nil, audioFile: String? = nil
    ) throws -> (chart: Chart, skipped: SkippedInput) {
        let (bytes, encoding) = ChartText.scannable(rawBytes)
        var parser = Parser(file: file, difficulty: difficulty)
        var lines = ByteLines(bytes)
        while let line = lines.next() {
            try parser.line(ChartText.decode(bytes[line.range], encoding)[...], line.number)
        }
        return try parser.finish(songIni: songIni, audioFile: audioFile)
    }

    /// One drum gem of the chosen difficulty, with what its markers said about it.
    struct Hit {
        var tick: Int64
        var lane: Int
        var cymbal: Bool
        var dynamic: NoteDynamic
        var line: Int
    }

    enum SectionKind: Equatable {
        case song, syncTrack, events, drums(DrumDifficulty), other
    }

    struct OpenSection {
        var name: String
        var kind: SectionKind
        /// The line of the `[Name]` header.
        var line: Int
        var lastTick: Int64 = 0
        var lastTickLine = 0
    }

    enum Place {
        case outside
        case expectingBrace(OpenSection)
        case inside(OpenSection)
    }

    /// The notes and markers of one tick of a drum section, resolved together once the tick is over
    /// (a marker may come before or after its note).
    struct PendingTick {
        var tick: Int64 = -1
        /// Each lane once (a repeated gem is the same hit), so a tick stays small whatever the file says.
        var lanes: [(lane: Int, line: Int)] = []
        var markers: Set<Int> = []
    }

    struct Parser {
        let file: String
        let difficulty: DrumDifficulty
        var place = Place.outside
        /// Header lines of the sections that are read, to refuse a second copy of one.
        var readSections: [String: Int] = [:]
        var songLine: Int? = nil
        var resolution: Int64? = nil
        var offsetSeconds: Double? = nil
        var metadata = ChartMetadata()
        var musicStream: String? = nil
        var tempos: [(tick: Int64, bpm: Double, line: Int)] = []
        var signatures: [(tick: Int64, signature: TimeSignature)] = []
        var sections: [(tick: Int64, name: String)] = []
        var end: (tick: Int64, line: Int)? = nil
        /// The chosen difficulty's gems; every drum section present has an entry (its gems are only
        /// kept for the chosen one).
        var drums: [DrumDifficulty: [Hit]] = [:]
        var pending = PendingTick()
        // What the drum sections say about the kit they were written for.
        var hasCymbalMarkers = false
        var hasFiveLaneGreen = false
        var hasSustains = false
        var skipped = SkippedInput()

        init(file: String, difficulty: DrumDifficulty) {
            self.file = file
            self.difficulty = difficulty
        }

        func error(_ line: Int, _ problem: String) -> ParseError {
            ParseError(SourceLocation(file: file, line: line), problem)
        }

        /// A piece of the input for an error message: at most 40 characters.
        func shown(_ text: Substring) -> String {
            text.count <= 40 ? String(text) : String(text.prefix(39)) + "…"
        }

        mutating func line(_ raw: Substring, _ number: Int) throws {
            let text = raw.trimmingASCIIWhitespace
            guard !text.isEmpty else { return }
            switch place {
            case .outside:
                if text == "{" {
                    throw error(number, "found '{' without a section name above it; add a line such as [ExpertDrums] before it")
                }
                if text == "}" {
                    throw error(number, "found '}' but no section is open; remove it, or add a section name and '{' above it")
                }
                guard text.first == "[" else {
                    throw error(number, "found '\(shown(text))' outside a section; lines go between '{' and '}' after a section name such as [ExpertDrums]")
                }
                place = .expectingBrace(try header(text, number))
            case .expectingBrace(let section):
                guard text == "{" else {
                    throw error(number, "expected '{' on the line after [\(section.name)], found '\(shown(text))'")
                }
                place = .inside(section)
            case .inside(var section):
                if text == "}" {
                    close(section)
                    place = .outside
                    return
                }
                if text == "{" {
                    throw error(number, "found a second '{' in [\(section.name)] (line \(section.line)); add a line '}' to close [\(section.name)] first")
                }
                if text.first == "[", text.last == "]" {
                    throw error(number, "section \(shown(text)) starts before [\(section.name)] (line \(section.line)) is closed; add a line '}' above it")
                }
                try entry(text, number, &section)
                place = .inside(section)
            }
        }

        mutating func header(_ text: Substring, _ number: Int) throws -> OpenSection {
            let name = text.dropFirst().dropLast().trimmingASCIIWhitespace
            guard text.last == "]", !name.isEmpty, !name.contains("["), !name.contains("]") else {
                throw error(number, "expected a section name in brackets such as [ExpertDrums], found '\(shown(text))'")
            }
            let kind: SectionKind = switch name {
            case "Song": .song
            case "SyncTrack": .syncTrack
            case "Events": .events
            default: DrumDifficulty(chartSectionName: name).map { .drums($0) } ?? .other
            }
            if kind != .other {
                if let first = readSections[String(name)] {
                    throw error(number, "section [\(name)] appears twice (first at line \(first)); merge the two into one")
                }
                readSections[String(name)] = number
            }
            switch kind {
            case .song: songLine = number
            case .drums(let d): drums[d] = []
            default: break
            }
            return OpenSection(name: String(name), kind: kind, line: number)
        }

        mutating func close(_ section: OpenSection) {
            if case .drums(let d) = section.kind { flush(d) }
            pending.tick = -1
        }

        mutating func entry(_ text: Substring, _ number: Int, _ section: inout OpenSection) throws {
            if section.kind == .other {
                skipped.record(".chart [\(section.name)] line")
                return
            }
            guard let eq = text.firstIndex(of: "=") else {
                throw error(number, section.kind == .song
                    ? "expected 'Key = value' (e.g. 'Resolution = 192'), found '\(shown(text))'"
                    : "expected 'TICK = CODE VALUES' (e.g. '768 = N 1 0'), found '\(shown(text))'")
            }
            let key = text[..<eq].trimmingASCIIWhitespace
            let value = text[text.index(after: eq)...].trimmingASCIIWhitespace
            if section.kind == .song {
                try songEntry(key, value, number)
                return
            }
            guard let tick = wholeNumber(key) else {
                throw error(number, "expected a tick (a whole number from 0) before '=', found '\(shown(key))'")
            }
            guard tick <= CloneHeroChartReader.maxTick else {
                throw error(number, "tick \(tick) is past the last tick Woodshed reads (\(CloneHeroChartReader.maxTick)); check the number")
            }
            guard tick >= section.lastTick else {
                throw error(number, "tick \(tick) comes before tick \(section.lastTick) (line \(section.lastTickLine)); a section's lines must be in tick order")
            }
            section.lastTick = tick
            section.lastTickLine = number
            let codeEnd = value.firstIndex { $0 == " " || $0 == "\t" } ?? value.endIndex
            let code = value[..<codeEnd]
            let rest = value[codeEnd...].trimmingASCIIWhitespace
            guard !code.isEmpty else {
                throw error(number, "expected an event after '\(tick) =' (B, TS, E, N or S), found nothing")
            }
            switch section.kind {
            case .syncTrack: try syncEvent(tick, code, rest, number)
            case .events: globalEvent(tick, code, rest, number)
            case .drums(let d): try drumEvent(d, tick, code, rest, number)
            case .song, .other: break
            }
        }

        /// A whole number written with digits only (no sign), or nil (also when it does not fit).
        func wholeNumber(_ text: Substring) -> Int64? {
            guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return Int64(text)
        }

        func words(_ text: Substring) -> [Substring] {
            text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        }

        /// A `[Song]` value without its quotes.
        func unquoted(_ value: Substring) -> Substring {
            var v = value
            if v.first == "\"" {
                v = v.dropFirst()
                if v.last == "\"" { v = v.dropLast() }
            }
            return v.trimmingASCIIWhitespace
        }

        mutating func songEntry(_ key: Substring, _ value: Substring, _ line: Int) throws {
            let v = unquoted(value)
            switch key.lowercased() {
            case "resolution":
                guard let r = wholeNumber(v), r >= 1, r <= CloneHeroChartReader.maxResolution else {
                    throw error(line, "expected Resolution to be ticks per quarter note, a whole number from 1 to 1000000 (usually 192), found '\(shown(value))'")
                }
                resolution = r
            case "offset":
                guard !v.isEmpty else { return }
                guard let seconds = Double(v), seconds.isFinite else {
                    throw error(line, "expected Offset in seconds, e.g. 'Offset = 0.25', found '\(shown(value))'")
                }
                guard abs(seconds) <= CloneHeroChartReader.maxOffsetSeconds else {
                    throw error(line, "Offset \(shown(v)) s is out of range; use seconds from -3600 to 3600")
                }
                offsetSeconds = seconds
            case "difficulty":
                guard !v.isEmpty else { return }
                guard let level = Int(v) else {
                    throw error(line, "expected Difficulty to be a whole number, found '\(shown(value))'")
                }
                metadata.difficulty = level >= 0 ? level : nil
            case "name": metadata.title = SongIni.text(String(v))
            case "artist": metadata.artist = SongIni.text(String(v))
            case "genre": metadata.genre = SongIni.text(String(v))
            case "musicstream":
                // Only a file beside the chart: old editors wrote absolute Windows paths here.
                let isFileName = !v.isEmpty && v != "None" && !v.contains("/") && !v.contains("\\") && v != "." && v != ".."
                musicStream = isFileName ? String(v) : nil
            default: break  // Album, Year, Charter, PreviewStart, the other streams: nothing to hold them
            }
        }

        mutating func syncEvent(_ tick: Int64, _ code: Substring, _ rest: Substring, _ line: Int) throws {
            let args = words(rest)
            switch code {
            case "B":
                guard args.count == 1, let milliBPM = wholeNumber(args[0]) else {
                    throw error(line, "expected a tempo in thousandths of a BPM after B, e.g. 'B 120000' for 120 BPM, found '\(shown(rest))'")
                }
                guard milliBPM > 0 else {
                    throw error(line, "'B 0' is a tempo of 0 BPM; use a tempo above 0, e.g. 'B 120000' for 120 BPM")
                }
                guard milliBPM <= 1_000_000 else {
                    throw error(line, "'B \(milliBPM)' is a tempo above 1000 BPM; use at most 'B 1000000' (B counts thousandths of a BPM)")
                }
                tempos.append((tick, Double(milliBPM) / 1000, line))
            case "TS":
                let numbers = args.compactMap { wholeNumber($0) }
                guard (1...2).contains(args.count), numbers.count == args.count else {
                    throw error(line, "expected 'TS NUMERATOR [EXPONENT]', e.g. 'TS 4' for 4/4 or 'TS 7 3' for 7/8, found '\(shown(rest))'")
                }
                let numerator = numbers[0], exponent = numbers.count == 2 ? numbers[1] : 2
                guard numerator >= 1, numerator <= 1024, exponent <= 6 else {
                    throw error(line, "'TS \(shown(rest))' is out of range; use a numerator from 1 to 1024 and an exponent from 0 (x/1) to 6 (x/64)")
                }
                signatures.append((tick, TimeSignature(Int(numerator), 1 << Int(exponent))))
            case "A":
                break  // a tempo anchor only locks a tempo to the audio while editing
            default:
                skipped.record(".chart [SyncTrack] \(code.prefix(8))")
            }
        }

        mutating func globalEvent(_ tick: Int64, _ code: Substring, _ rest: Substring, _ line: Int) {
            guard code == "E" else {
                skipped.record(".chart [Events] \(code.prefix(8))")
                return
            }
            let text = unquoted(rest)
            let bracketed = text.first == "[" ? String(text) : "[\(text)]"
            if let name = ChartMIDIReader.sectionName(fromEvent: bracketed) {
                let trimmed = name[...].trimmingASCIIWhitespace
                if !trimmed.isEmpty { sections.append((tick, String(trimmed))) }
            } else if bracketed == "[end]" {
                if end == nil { end = (tick, line) }
            } else if text.hasPrefix("lyric") || text.hasPrefix("phrase_") {
                skipped.record(".chart lyrics")
            } else {
                skipped.record(".chart [Events] text event")
            }
        }

        mutating func drumEvent(_ d: DrumDifficulty, _ tick: Int64, _ code: Substring, _ rest: Substring, _ line: Int) throws {
            let chosen = d == difficulty
            let args = words(rest)
            switch code {
            case "N":
                guard args.count == 2, let number = wholeNumber(args[0]), let length = wholeNumber(args[1]) else {
                    throw error(line, "expected 'N NOTE LENGTH', e.g. '768 = N 1 0', found '\(shown(rest))'")
                }
                if tick != pending.tick {
                    flush(d)
                    pending.tick = tick
                }
                let n = Int(truncatingIfNeeded: number)
                if number <= 255, CloneHeroDrumLane.isNote(n) {
                    if chosen, !pending.lanes.contains(where: { $0.lane == n }) { pending.lanes.append((n, line)) }
                    if n == CloneHeroDrumLane.fiveLaneGreen { hasFiveLaneGreen = true }
                    if length > 0 { hasSustains = true }
                } else if number <= 255, CloneHeroDrumLane.markedLane(ofMarker: n) != nil {
                    if chosen { pending.markers.insert(n) }
                    if n >= CloneHeroDrumLane.cymbalMarker(of: CloneHeroDrumLane.yellow) { hasCymbalMarkers = true }
                } else if chosen {
                    skipped.record(number <= 255 ? ".chart drum note N \(number)" : ".chart drum note N above 255")
                }
            case "S":
                guard args.count == 2, let type = wholeNumber(args[0]), wholeNumber(args[1]) != nil else {
                    throw error(line, "expected 'S TYPE LENGTH', e.g. '768 = S 2 384', found '\(shown(rest))'")
                }
                guard chosen else { return }
                switch type {
                case 2: skipped.record(".chart star power (S 2)")
                case 64: skipped.record(".chart drum fill (S 64)")
                case 65, 66: skipped.record(".chart roll lane (S \(type))")
                default: skipped.record(".chart phrase S \(type <= 255 ? String(type) : "above 255")")
                }
            case "E":
                if chosen { skipped.record(".chart drum track text event") }
            default:
                if chosen { skipped.record(".chart drum track \(code.prefix(8)) line") }
            }
        }

        /// Resolves the notes of the pending tick against its markers.
        mutating func flush(_ d: DrumDifficulty) {
            defer {
                pending.lanes.removeAll(keepingCapacity: true)
                pending.markers.removeAll(keepingCapacity: true)
            }
            guard d == difficulty, !pending.lanes.isEmpty || !pending.markers.isEmpty else { return }
            for (lane, line) in pending.lanes {
                let cymbal = (CloneHeroDrumLane.yellow...CloneHeroDrumLane.green).contains(lane)
                    && pending.markers.contains(CloneHeroDrumLane.cymbalMarker(of: lane))
                var dynamic = NoteDynamic.normal
                if (CloneHeroDrumLane.red...CloneHeroDrumLane.fiveLaneGreen).contains(lane) {
                    if pending.markers.contains(CloneHeroDrumLane.accentMarker(of: lane)) {
                        dynamic = .accent
                    } else if pending.markers.contains(CloneHeroDrumLane.ghostMarker(of: lane)) {
                        dynamic = .ghost
                    }
                }
                drums[d, default: []].append(Hit(tick: pending.tick, lane: lane, cymbal: cymbal, dynamic: dynamic, line: line))
            }
            for marker in pending.markers.sorted() {
                let lane = CloneHeroDrumLane.markedLane(ofMarker: marker)
                if !pending.lanes.contains(where: { $0.lane == lane }) {
                    skipped.record(".chart marker N \(marker) without its note")
                }
            }
        }

        mutating func finish(songIni: SongIni?, audioFile: String?) throws -> (chart: Chart, skipped: SkippedInput) {
            switch place {
            case .outside: break
            case .expectingBrace(let s):
                throw error(s.line, "section [\(s.name)] has no '{' after it; add a line '{' below it and a line '}' after its last line")
            case .inside(let s):
                throw error(s.line, "section [\(s.name)] is not closed; add a line '}' after its last line")
            }
            guard let songLine else {
                throw WoodshedError("\(file): no [Song] section; a .chart file needs one with a line 'Resolution = 192' (ticks per quarter note)")
            }
            guard let resolution else {
                throw error(songLine, "[Song] has no Resolution; add a line 'Resolution = 192' (ticks per quarter note) to it")
            }
            guard let hits = drums[difficulty] else {
                let present = DrumDifficulty.allCases.filter { drums[$0] != nil }.map(\.rawValue)
                guard !present.isEmpty else {
                    throw WoodshedError("\(file): no drum part ([ExpertDrums], [HardDrums], [MediumDrums] or [EasyDrums]); check that the song is charted for drums")
                }
                throw WoodshedError("\(file): no \(difficulty.rawValue) drums ([\(difficulty.chartSectionName)]); this chart has drums for \(present.joined(separator: ", ")): choose one of those")
            }

            func quarter(_ tick: Int64) -> ExactFraction { ExactFraction(tick, resolution) }

            // The chart ends after its last note (or at `end`, if later).
            var endQuarter = ExactFraction.zero
            var endLine = songLine
            if let last = hits.last {
                endQuarter = quarter(last.tick) + ExactFraction(1, resolution)
                endLine = last.line
            }
            if let end, quarter(end.tick) > endQuarter {
                endQuarter = quarter(end.tick)
                endLine = end.line
            }

            // Measures: a time signature takes effect at its tick; one arriving mid-measure cuts that
            // measure short.
            var builder = ChartBuilder(metadata: metadata)
            var starts: [ExactFraction] = []
            var start = ExactFraction.zero
            var signature = TimeSignature.fourFour
            var next = 0
            repeat {
                while next < signatures.count && quarter(signatures[next].tick) <= start {
                    signature = signatures[next].signature
                    next += 1
                }
                var length = signature.measureLength
                if next < signatures.count, quarter(signatures[next].tick) < start + length {
                    length = quarter(signatures[next].tick) - start
                }
                guard length > .zero, starts.count < CloneHeroChartReader.maxMeasures else {
                    throw error(endLine, "this tick is past measure \(CloneHeroChartReader.maxMeasures); a chart may be at most \(CloneHeroChartReader.maxMeasures) measures long")
                }
                builder.appendMeasure(signature: signature, length: length)
                starts.append(start)
                start = start + length
            } while start < endQuarter
            starts.append(start)

            // The length in seconds, tempo by tempo, refused past a day (the line is the tempo in force).
            var seconds = 0.0
            var bpm = builder.defaultBPM, from = ExactFraction.zero, tempoLine = endLine
            var nextTempo = 0
            while true {
                let q = nextTempo < tempos.count ? min(quarter(tempos[nextTempo].tick), start) : start
                seconds += (q - from).doubleValue * 60 / bpm
                guard seconds <= CloneHeroChartReader.maxSeconds else {
                    throw error(tempoLine, "the chart would last more than 24 hours at this tempo; check the B lines (B counts thousandths of a BPM: 'B 120000' is 120 BPM)")
                }
                guard q < start else { break }
                (bpm, from, tempoLine) = (tempos[nextTempo].bpm, q, tempos[nextTempo].line)
                nextTempo += 1
            }

            /// The (measure, fraction of it) of a tick, moving `measure` forward; nil past the end.
            func position(_ tick: Int64, from measure: inout Int) -> (Int, ExactFraction)? {
                let q = quarter(tick)
                guard q < starts[starts.count - 1] else { return nil }
                while measure + 2 < starts.count && starts[measure + 1] <= q { measure += 1 }
                return (measure, (q - starts[measure]) / (starts[measure + 1] - starts[measure]))
            }

            var m = 0
            for t in tempos {
                guard case let (mi, p)? = position(t.tick, from: &m) else { break }
                builder.setTempo(t.bpm, measureIndex: mi, position: p)
            }
            m = 0
            for s in sections {
                guard case let (mi, p)? = position(s.tick, from: &m) else { break }
                builder.addSection(s.name, measureIndex: mi, position: p)
            }

            let layout: CloneHeroDrumLane.Layout
            if songIni?.proDrums == true {
                layout = .fourLane
            } else if songIni?.fiveLaneDrums == true {
                layout = .fiveLane
            } else {
                layout = !hasCymbalMarkers && (hasFiveLaneGreen || hasSustains) ? .fiveLane : .fourLane
            }
            m = 0
            for hit in hits {
                guard case let (mi, p)? = position(hit.tick, from: &m),
                      let voice = CloneHeroDrumLane.voice(ofLane: hit.lane, cymbal: hit.cymbal, layout: layout) else { continue }
                builder.addNote(voice, measureIndex: mi, position: p, dynamic: hit.dynamic)
            }

            var offset = offsetSeconds.map { EngineTime.seconds(-$0) } ?? .zero
            if let songIni {
                if let name = songIni.name { builder.metadata.title = name }
                if let artist = songIni.artist { builder.metadata.artist = artist }
                if let genre = songIni.genre { builder.metadata.genre = genre }
                if let level = songIni.drumsDifficulty { builder.metadata.difficulty = level }
                if let delay = songIni.delay { offset = EngineTime(nanoseconds: 0) - delay }
                for (kind, count) in songIni.skipped.counts { skipped.record(kind, count: count) }
            }
            var chart = builder.build()
            if let audio = audioFile ?? musicStream { chart.backingTrack = BackingTrack(file: audio, offset: offset) }
            return (chart, skipped)
        }
    }
}
