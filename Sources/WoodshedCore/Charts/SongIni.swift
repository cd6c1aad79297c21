/// The `[song]` section of a Clone Hero / YARG / Phase Shift `song.ini`, the file beside a
/// `notes.chart` or `notes.mid` that says what the song is and how its audio lines up.
///
/// Charters write these by hand and games are lenient with them, so reading one never fails: a line
/// that is not `key = value`, or a number that is not a number, is skipped and counted (with the
/// first such line's number, for `chart info`) and the rest of the file still counts.
///
/// Header and keys are case-insensitive; `key = value` may be written with or without spaces
/// around `=`; whole lines starting with `;` or `#` are comments (a `#` inside a value is text:
/// `name = #1 Crush`); a byte order mark is dropped; rich-text tags such as `<color=#FF0000>` are
/// removed from names. A key given twice keeps its last value. Keys Woodshed does not use are kept
/// in `otherKeys`.
public struct SongIni: Hashable, Sendable {
    /// The song title (`name`).
    public var name: String?
    public var artist: String?
    public var album: String?
    public var genre: String?
    /// The release year as written (`year` is free text: `2002`, `, 2002`, `1990s`).
    public var year: String?
    /// Who charted the song (`charter`, or its older spelling `frets`).
    public var charter: String?
    /// The song's length (`song_length`, milliseconds); metadata only, never used for timing.
    public var songLength: EngineTime?
    /// How much later the notes come than the audio (`delay`, milliseconds; may be negative).
    public var delay: EngineTime?
    /// Where a song preview starts in the audio (`preview_start_time`, milliseconds).
    public var previewStart: EngineTime?
    /// The drum part's difficulty on the game's 0–6 scale (`diff_drums`); nil when absent or
    /// `-1` ("no drum part").
    public var drumsDifficulty: Int?
    /// `pro_drums`: the drum chart uses cymbal markers (forces 4-lane pro reading).
    public var proDrums: Bool?
    /// `five_lane_drums`: the drum chart is for Guitar Hero's 5-lane kit.
    public var fiveLaneDrums: Bool?
    /// Every other key of `[song]` (lowercased) with its value as written.
    public var otherKeys: [String: String] = [:]
    /// How many lines were not understood, and the number of the first one.
    public private(set) var skippedLines = 0
    public private(set) var firstSkippedLine: Int? = nil

    /// The largest time (in either direction) a millisecond value may give: a day.
    static let maxMilliseconds = 86_400_000.0

    public init() {}

    /// Reads the text of a `song.ini`.
    public init(parsing text: String) {
        var inSong = false
        var sawHeader = false
        var frets: String? = nil
        var number = 0
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            number += 1
            var line = rawLine
            if number == 1, line.unicodeScalars.first == "\u{FEFF}" { line = Substring(line.unicodeScalars.dropFirst()) }
            line = line.trimmingASCIIWhitespace
            guard let first = line.first, first != ";", first != "#" else { continue }
            if first == "[" {
                guard line.last == "]", line.count >= 2 else { skipLine(number); continue }
                inSong = line.dropFirst().dropLast().trimmingASCIIWhitespace.lowercased() == "song"
                sawHeader = true
                continue
            }
            guard inSong else {
                // Lines of other sections are theirs; a line before any header belongs to nothing.
                if !sawHeader { skipLine(number) }
                continue
            }
            guard let eq = line.firstIndex(of: "=") else { skipLine(number); continue }
            let key = line[..<eq].trimmingASCIIWhitespace.lowercased()
            let value = String(line[line.index(after: eq)...].trimmingASCIIWhitespace)
            guard !key.isEmpty else { skipLine(number); continue }
            if key == "frets" {
                frets = SongIni.text(value)
            } else if !set(key, value) {
                skipLine(number)
            }
        }
        if charter == nil { charter = frets }
    }

    /// Reads `song.ini` bytes (UTF-8, with or without a byte order mark, or UTF-16 with one).
    public init(bytes: [UInt8]) {
        let (scannable, encoding) = ChartText.scannable(bytes)
        self.init(parsing: ChartText.decode(scannable[...], encoding))
    }

    /// What was skipped, for merging into a chart reader's report.
    public var skipped: SkippedInput {
        var result = SkippedInput()
        if let firstSkippedLine {
            result.record("song.ini line not understood (first: line \(firstSkippedLine))", count: skippedLines)
        }
        return result
    }

    private mutating func skipLine(_ number: Int) {
        skippedLines += 1
        if firstSkippedLine == nil { firstSkippedLine = number }
    }

    /// Stores one `key = value`; false when the value does not fit the key.
    private mutating func set(_ key: String, _ value: String) -> Bool {
        switch key {
        case "name": name = SongIni.text(value)
        case "artist": artist = SongIni.text(value)
        case "album": album = SongIni.text(value)
        case "genre": genre = SongIni.text(value)
        case "year": year = SongIni.text(value)
        case "charter": charter = SongIni.text(value)
        case "song_length", "delay", "preview_start_time":
            guard !value.isEmpty else { return true }
            guard let ms = Double(value), ms.isFinite, abs(ms) <= SongIni.maxMilliseconds else { return false }
            let time = EngineTime.milliseconds(ms)
            if key == "song_length" { songLength = time } else if key == "delay" { delay = time } else { previewStart = time }
        case "diff_drums":
            guard !value.isEmpty else { return true }
            guard let level = Int(value) else { return false }
            drumsDifficulty = level >= 0 ? level : nil
        case "pro_drums", "five_lane_drums":
            guard !value.isEmpty else { return true }
            let flag: Bool
            switch value.lowercased() {
            case "true", "1": flag = true
            case "false", "0": flag = false
            default: return false
            }
            if key == "pro_drums" { proDrums = flag } else { fiveLaneDrums = flag }
        default:
            otherKeys[key] = value
        }
        return true
    }

    /// A text value with rich-text tags removed; nil when nothing is left.
    static func text(_ value: String) -> String? {
        let plain = strippingRichText(value)[...].trimmingASCIIWhitespace
        return plain.isEmpty ? nil : String(plain)
    }

    /// The Unity rich-text tags Clone Hero and YARG render in names (`<color=#F00>`, `</b>`…).
    static let richTextTags: Set<String> = [
        "b", "i", "u", "s", "color", "size", "alpha", "mark", "sup", "sub", "font", "material", "quad",
        "br", "lowercase", "uppercase", "allcaps", "smallcaps", "nobr", "noparse", "align", "cspace",
        "indent", "line-height", "line-indent", "link", "margin", "mspace", "pos", "rotate", "space",
        "sprite", "style", "voffset", "width", "gradient",
    ]

    /// `value` without the rich-text tags in it; anything else in angle brackets (`Guns <3 Roses`)
    /// stays.
    static func strippingRichText(_ value: String) -> String {
        guard value.contains("<") else { return value }
        var result = ""
        var rest = value[...]
        while let open = rest.firstIndex(of: "<") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: ">") else {
                rest = rest[open...]
                break
            }
            var inner = rest[afterOpen..<close]
            if inner.first == "/" { inner = inner.dropFirst() }
            let tagName = inner.prefix { $0 != "=" && $0 != " " }.lowercased()
            if SongIni.richTextTags.contains(tagName) {
                rest = rest[rest.index(after: close)...]
            } else {
                result.append("<")
                rest = rest[afterOpen...]
            }
        }
        return result + rest
    }
}
