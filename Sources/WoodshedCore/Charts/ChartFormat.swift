/// The chart file formats Woodshed reads and writes, chosen by file extension.
public enum ChartFormat: String, CaseIterable, Sendable {
    case dtx
    case midi
    case native = "wchart"

    /// The format of a file name (`.dtx`, `.mid`/`.midi`, `.wchart`; any case), or nil.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: ".") else { return nil }
        switch fileName[fileName.index(after: dot)...].lowercased() {
        case "dtx": self = .dtx
        case "mid", "midi": self = .midi
        case "wchart": self = .native
        default: return nil
        }
    }

    static let supportedExtensions = ".dtx, .mid, .midi, .wchart"

    /// The format of `fileName`, or a user-facing error naming the supported ones.
    public static func of(_ fileName: String) throws -> ChartFormat {
        guard let format = ChartFormat(fileName: fileName) else {
            throw WoodshedError("\(fileName): unknown chart format; use one of \(supportedExtensions)")
        }
        return format
    }

    /// Reads a chart from bytes. Extra files beside a MIDI chart are passed in by the caller.
    public func read(_ bytes: [UInt8], file: String, songINI: String? = nil, audioFile: String? = nil) throws -> (chart: Chart, skipped: SkippedInput) {
        switch self {
        case .dtx: return try DTXReader.read(bytes, file: file)
        case .midi: return try ChartMIDIReader.read(bytes, file: file, songINI: songINI, audioFile: audioFile)
        case .native: return (try NativeChartReader.read(bytes, file: file), SkippedInput())
        }
    }

    /// A chart's bytes in this format.
    public func write(_ chart: Chart) throws -> [UInt8] {
        switch self {
        case .dtx: return Array(try DTXWriter.write(chart).utf8)
        case .midi: return ChartMIDIWriter.write(chart)
        case .native: return Array(NativeChartWriter.write(chart).utf8)
        }
    }
}
