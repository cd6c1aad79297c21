/// The chart file formats Woodshed reads and writes, chosen by file extension.
public enum ChartFormat: String, CaseIterable, Sendable {
    case dtx
    case midi
    case native = "wchart"
    /// Clone Hero / Moonscraper `.chart` text (read only).
    case cloneHero = "chart"

    /// The format of a file name (`.dtx`, `.mid`/`.midi`, `.wchart`, `.chart`; any case), or nil.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: ".") else { return nil }
        switch fileName[fileName.index(after: dot)...].lowercased() {
        case "dtx": self = .dtx
        case "mid", "midi": self = .midi
        case "wchart": self = .native
        case "chart": self = .cloneHero
        default: return nil
        }
    }

    static let supportedExtensions = ".dtx, .mid, .midi, .wchart, .chart"
    static let writableExtensions = ".dtx, .mid, .midi, .wchart"

    /// Whether Woodshed can write this format (`.chart` is only read: Clone Hero's editors make them).
    public var isWritable: Bool { self != .cloneHero }

    /// The format of `fileName`, or a user-facing error naming the supported ones.
    public static func of(_ fileName: String) throws -> ChartFormat {
        guard let format = ChartFormat(fileName: fileName) else {
            throw WoodshedError("\(fileName): unknown chart format; use one of \(supportedExtensions)")
        }
        return format
    }

    /// The format of `fileName` when Woodshed can write it, or a user-facing error: checked before
    /// anything is read, so a conversion to `.chart` is refused at once.
    public static func writable(_ fileName: String) throws -> ChartFormat {
        let format = try of(fileName)
        guard format.isWritable else { throw notWritable(fileName) }
        return format
    }

    static func notWritable(_ fileName: String?) -> WoodshedError {
        WoodshedError((fileName.map { "\($0): " } ?? "") + "Woodshed does not write .chart files; write one of \(writableExtensions)")
    }

    /// Reads a chart from bytes. Extra files beside a MIDI or `.chart` chart (the `song.ini` text,
    /// the song audio's name) are passed in by the caller; `drumDifficulty` picks a `.chart` file's
    /// drum part.
    public func read(
        _ bytes: [UInt8], file: String, songINI: String? = nil, audioFile: String? = nil,
        drumDifficulty: DrumDifficulty = .expert
    ) throws -> (chart: Chart, skipped: SkippedInput) {
        switch self {
        case .dtx: return try DTXReader.read(bytes, file: file)
        case .midi: return try ChartMIDIReader.read(bytes, file: file, songINI: songINI, audioFile: audioFile)
        case .native: return (try NativeChartReader.read(bytes, file: file), SkippedInput())
        case .cloneHero:
            return try CloneHeroChartReader.read(
                bytes, file: file, difficulty: drumDifficulty, songIni: songINI.map(SongIni.init(parsing:)),
                audioFile: audioFile)
        }
    }

    /// A chart's bytes in this format.
    public func write(_ chart: Chart) throws -> [UInt8] {
        switch self {
        case .dtx: return Array(try DTXWriter.write(chart).utf8)
        case .midi: return ChartMIDIWriter.write(chart)
        case .native: return Array(NativeChartWriter.write(chart).utf8)
        case .cloneHero:
            throw ChartFormat.notWritable(nil)
        }
    }
}
