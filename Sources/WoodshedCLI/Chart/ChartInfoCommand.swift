import ArgumentParser
import Foundation
import WoodshedCore
import WoodshedSndFile

/// `woodshed chart info CHART [--json]`: metadata and every note with its time.
struct ChartInfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Print a chart's metadata and every note with its time in milliseconds."
    )

    @Argument(help: "The chart file (.dtx, .mid, .midi, .wchart or .chart).")
    var chart: String

    @Option(help: "The drum part of a Clone Hero .chart file: expert, hard, medium or easy.")
    var difficulty: DrumDifficulty = .expert

    @Flag(help: "Print one JSON object (metadata and a `notes` list) instead of text.")
    var json = false

    @Option(help: "Show the simplified chart at this level (1 kick/snare on the beats … 5 full).")
    var level: Int = 5

    func validate() throws {
        guard Chart.simplificationLevels.contains(level) else {
            throw ValidationError("--level must be 1 to 5")
        }
    }

    func run() throws {
        let file = try ChartFile.load(chart, drumDifficulty: difficulty)
        let chart = file.chart.simplified(level: level)
        if json {
            Output.jsonDocument(ChartInfoJSON(file, chart))
            return
        }
        let m = chart.metadata
        func field(_ label: String, _ value: String) {
            print("\(label):".padding(toLength: 12, withPad: " ", startingAt: 0) + value)
        }
        field("chart", "\(file.path) (\(file.format.rawValue))")
        for (label, value) in [("title", m.title), ("artist", m.artist), ("genre", m.genre), ("comment", m.comment)] {
            if let value, !value.isEmpty { field(label, value) }
        }
        if let d = m.difficulty { field("difficulty", String(d)) }
        let tempos = chart.tempoChanges.map { formatBPM($0.bpm) }
        field("bpm", "\(formatBPM(chart.bpm))" + (chart.hasTempoChanges ? " (changes: \(tempos.joined(separator: " → ")))" : ""))
        field("measures", "\(chart.measures.count), \(formatMs(chart.end)) ms")
        field("notes", "\(chart.notes.count)" + (level < 5 ? " (level \(level))" : ""))
        if let backing = chart.backingTrack {
            let audio = AudioFileCheck(try? file.backingTrackURL(backing, mustExist: false), namingThePath: true)
            field("backing", "\(backing.file) at \(formatMs(backing.offset)) ms" + audio.dashSummary)
        }
        if file.bgmAdjust != .zero {
            field("bgm adjust", String(format: "%+.0f ms (DTXMania's, from %@; applied to the song and sound effects)",
                                       file.bgmAdjust.milliseconds, URL(fileURLWithPath: file.path).lastPathComponent + ".score.ini"))
        }
        for warning in file.warnings { Output.error("woodshed: warning: \(warning)") }
        if file.isSongFolder {
            // A song folder's audio is every stem, mixed.
            for stem in SongFolder.stems(in: file.folder) {
                let audio = AudioFileCheck(file.stemURL(stem), namingThePath: false)
                field("stem", stem.file + audio.dashSummary + (stem.isDrums ? " (drums: muted while you play, --drum-stem)" : ""))
            }
        }
        if !chart.sounds.isEmpty {
            let audio = chart.sounds.map { ($0, AudioFileCheck(file.soundURL($0), namingThePath: false)) }
            let missing = audio.filter { !$0.1.found }, unreadable = audio.filter { $0.1.found && $0.1.info == nil }
            var line = "\(audio.count) sound \(audio.count == 1 ? "file" : "files"), \(audio.count - missing.count - unreadable.count) playable"
            if !missing.isEmpty { line += ", \(missing.count) not found" }
            if !unreadable.isEmpty { line += ", \(unreadable.count) unreadable" }
            field("sounds", line)
            for (sound, check) in missing + unreadable {
                print(String(repeating: " ", count: 12) + "#WAV\(sound.chip) \(sound.file): \(check.problem ?? "")")
            }
        }
        for section in chart.sections {
            field("section", "\(section.name) at measure \(section.measureIndex + 1), \(formatMs(section.time)) ms")
        }
        if !file.skipped.isEmpty { field("skipped", file.skipped.summary) }
        print("")
        print("   time ms  measure  beat    voice        velocity")
        // A chart may hold 100,000 notes: the lines are written as bytes (no Foundation formatting,
        // no string per field), in large pieces.
        fflush(nil)  // what print() buffered goes first
        var out: [UInt8] = []
        out.reserveCapacity(1 << 20)
        // Beat names by position, for measures of one shape (length and beat); voice names padded.
        var beats: [ExactFraction: [UInt8]] = [:]
        var shape = (ExactFraction.zero, ExactFraction.zero)
        let voices = DrumVoice.allCases.map { Array($0.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0).utf8) }
        for note in chart.notes {
            let measure = chart.measures[note.measureIndex]
            if shape != (measure.length, measure.signature.beatLength) {
                shape = (measure.length, measure.signature.beatLength)
                beats.removeAll(keepingCapacity: true)
            }
            Self.appendMilliseconds(note.time, width: 10, to: &out)
            out += [0x20, 0x20]
            Self.append(Int64(note.measureNumber), width: 7, to: &out)
            out += [0x20, 0x20]
            if let known = beats[note.position] {
                out += known
            } else {
                let beat = note.position * measure.length / measure.signature.beatLength + .one
                if let odd = Self.oddBeat(note, beat: beat, measure: measure, chart: chart) {
                    Self.appendPadded(Array(odd.utf8), width: 6, to: &out)
                } else {
                    var text = Array(formatBeat(beat).utf8)
                    if text.count < 6 { text += repeatElement(0x20, count: 6 - text.count) }
                    beats[note.position] = text
                    out += text
                }
            }
            out += [0x20, 0x20]
            out += voices[note.voice.index]
            out.append(0x20)
            Self.append(Int64(note.velocity), width: 0, to: &out)
            out.append(0x0A)
            if out.count >= 1 << 20 {
                FileHandle.standardOutput.write(Data(out))
                out.removeAll(keepingCapacity: true)
            }
        }
        FileHandle.standardOutput.write(Data(out))
    }

    /// A note off the grids musicians count (sixteenths, triplets, their halves): the nearest
    /// sixteenth or triplet step and how far off it is, `2e +12 ms`, not `2+31/96`. Nil on the grid.
    static func oddBeat(_ note: ChartNote, beat: ExactFraction, measure: Measure, chart: Chart) -> String? {
        guard ![1, 2, 3, 4, 6, 8, 12, 16].contains(beat.denominator) else { return nil }
        // Steps of a sixteenth and of a triplet eighth, in the signature's beats.
        let quarter = ExactFraction(1) / measure.signature.beatLength
        var best: (name: String, at: ExactFraction)?
        for (steps, names) in [(ExactFraction(4), ["", "e", "&", "a"]), (ExactFraction(3), ["", "t", "l"])] {
            let perBeat = steps / quarter
            let k = ((beat - .one) * perBeat + ExactFraction(1, 2)).floor
            let at = ExactFraction(k) / perBeat + .one
            let whole = at.floor
            let index = ((at - ExactFraction(whole)) * perBeat).floor
            let name = "\(whole)" + (perBeat.isWhole && Int(index) < names.count ? names[Int(index)] : "+\(at - ExactFraction(whole))")
            if best == nil || abs((at - beat).doubleValue) < abs((best!.at - beat).doubleValue) { best = (name, at) }
        }
        guard let best, let gridTime = chart.time(measureIndex: note.measureIndex,
                                                  position: (best.at - .one) * measure.signature.beatLength / measure.length) else { return nil }
        let ms = Int((note.time - gridTime).milliseconds.rounded())
        return "\(best.name) \(ms >= 0 ? "+" : "")\(ms) ms"
    }

    /// `value` in decimal, right-aligned in `width` columns.
    static func append(_ value: Int64, width: Int, to out: inout [UInt8]) {
        var digits = 1
        var rest = value.magnitude / 10
        while rest > 0 { digits += 1; rest /= 10 }
        let length = digits + (value < 0 ? 1 : 0)
        if length < width { out += repeatElement(0x20, count: width - length) }
        if value < 0 { out.append(0x2D) }
        appendDigits(value.magnitude, count: digits, to: &out)
    }

    /// The `count` decimal digits of `value`, most significant first.
    static func appendDigits(_ value: UInt64, count: Int, to out: inout [UInt8]) {
        let start = out.count
        out += repeatElement(0x30, count: count)
        var v = value
        for i in stride(from: start + count - 1, through: start, by: -1) {
            out[i] = 0x30 + UInt8(v % 10)
            v /= 10
        }
    }

    /// Milliseconds to the microsecond (`-12.345`, as `formatMs`), right-aligned in `width` columns.
    static func appendMilliseconds(_ t: EngineTime, width: Int, to out: inout [UInt8]) {
        let ns = t.nanoseconds
        if ns.magnitude % 1000 == 500 {
            // Exactly half a microsecond: round as `formatMs` does (the binary value decides).
            let text = Array(formatMs(t).utf8)
            if text.count < width { out += repeatElement(0x20, count: width - text.count) }
            out += text
            return
        }
        let micro = (ns.magnitude + 500) / 1000
        let negative = ns < 0 && micro > 0
        var digits = 1
        var rest = micro / 1000 / 10
        while rest > 0 { digits += 1; rest /= 10 }
        let length = digits + 4 + (negative ? 1 : 0)
        if length < width { out += repeatElement(0x20, count: width - length) }
        if negative { out.append(0x2D) }
        appendDigits(micro / 1000, count: digits, to: &out)
        out.append(0x2E)
        appendDigits(micro % 1000, count: 3, to: &out)
    }

    /// `text` left-aligned in `width` columns.
    static func appendPadded(_ text: [UInt8], width: Int, to out: inout [UInt8]) {
        out += text
        if text.count < width { out += repeatElement(0x20, count: width - text.count) }
    }

}

/// The `--json` shape: metadata, then `notes` with `timeMs`, `voice`, `measure` (1-based), `velocity`.
struct ChartInfoJSON: Encodable {
    struct Note: Encodable {
        var timeMs: Double
        var voice: String
        var measure: Int
        var beat: Double
        var velocity: Int
        var dynamic: String
        var placement: String
    }
    struct Tempo: Encodable {
        var timeMs: Double
        var bpm: Double
        var measure: Int
    }
    struct Section: Encodable {
        var name: String
        var timeMs: Double
        var measure: Int
    }
    struct Backing: Encodable {
        var file: String
        var offsetMs: Double
        var found: Bool
        /// "Ogg Vorbis", "FLAC", … (null when the file cannot be read).
        var format: String?
        var sampleRate: Int?
        var channels: Int?
        var seconds: Double?
        /// Why the file cannot be played, in one line (null when it can).
        var problem: String?
    }
    var file: String
    var format: String
    var title: String?
    var artist: String?
    var genre: String?
    var comment: String?
    var difficulty: Int?
    var bpm: Double
    var tempos: [Tempo]
    var measures: Int
    var durationSeconds: Double
    var sections: [Section]
    var backing: Backing?
    /// DTXMania's BGM adjustment (`.score.ini`), already in `backing.offset_ms` and the cues.
    var bgmAdjustMs: Double
    struct Sound: Encodable {
        var chip: String
        var file: String
        var volume: Int?
        var found: Bool
        var format: String?
        var seconds: Double?
        var problem: String?
    }
    /// The chart's own sound files (DTX `#WAVzz`), each checked like the backing track.
    var sounds: [Sound]
    struct Stem: Encodable {
        var name: String
        var file: String
        var drums: Bool
        var format: String?
        var sampleRate: Int?
        var seconds: Double?
        var problem: String?
    }
    /// A song folder's stems (empty for a chart on its own).
    var stems: [Stem]
    var skipped: Int
    var notes: [Note]

    init(_ file: ChartFile, _ chart: Chart) {
        self.file = file.path
        format = file.format.rawValue
        title = chart.metadata.title
        artist = chart.metadata.artist
        genre = chart.metadata.genre
        comment = chart.metadata.comment
        difficulty = chart.metadata.difficulty
        bpm = chart.bpm
        tempos = chart.tempoChanges.map { Tempo(timeMs: $0.time.milliseconds, bpm: $0.bpm, measure: $0.measureIndex + 1) }
        measures = chart.measures.count
        durationSeconds = chart.end.seconds
        sections = chart.sections.map { Section(name: $0.name, timeMs: $0.time.milliseconds, measure: $0.measureIndex + 1) }
        backing = chart.backingTrack.map {
            let audio = AudioFileCheck(try? file.backingTrackURL($0, mustExist: false), namingThePath: true)
            return Backing(file: $0.file, offsetMs: $0.offset.milliseconds, found: audio.found, format: audio.info?.format,
                           sampleRate: audio.info?.sampleRate, channels: audio.info?.channels, seconds: audio.info?.seconds,
                           problem: audio.problem)
        }
        bgmAdjustMs = file.bgmAdjust.milliseconds
        sounds = chart.sounds.map {
            let audio = AudioFileCheck(file.soundURL($0), namingThePath: false)
            return Sound(chip: $0.chip, file: $0.file, volume: $0.volume, found: audio.found, format: audio.info?.format,
                         seconds: audio.info?.seconds, problem: audio.problem)
        }
        stems = file.isSongFolder ? SongFolder.stems(in: file.folder).map {
            let audio = AudioFileCheck(file.stemURL($0), namingThePath: false)
            return Stem(name: $0.name, file: $0.file, drums: $0.isDrums, format: audio.info?.format,
                        sampleRate: audio.info?.sampleRate, seconds: audio.info?.seconds, problem: audio.problem)
        } : []
        skipped = file.skipped.total
        notes = chart.notes.map { note in
            let m = chart.measures[note.measureIndex]
            let beat = note.position * m.length / m.signature.beatLength + .one
            return Note(
                timeMs: note.time.milliseconds, voice: note.voice.rawValue, measure: note.measureNumber,
                beat: beat.doubleValue, velocity: Int(note.velocity), dynamic: note.dynamic.rawValue,
                placement: note.placement.rawValue)
        }
    }
}

func formatMs(_ t: EngineTime) -> String { String(format: "%.3f", t.milliseconds) }

func formatBPM(_ bpm: Double) -> String {
    bpm == bpm.rounded() ? String(Int(bpm)) : String(format: "%.2f", bpm)
}

/// A beat as a musician reads it: `1`, `2.5`, `3+1/3`.
func formatBeat(_ beat: ExactFraction) -> String {
    if beat.isWhole { return String(beat.numerator) }
    let rest = beat - ExactFraction(beat.floor)
    if [2, 4, 8, 16].contains(rest.denominator) { return String(beat.doubleValue) }
    return "\(beat.floor)+\(rest)"
}

extension String {
    func leftPad(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }

    func rightPad(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
