import Foundation

/// A chart loaded from disk, with where it came from and what its reader skipped.
///
/// Loading checks what a player would otherwise only find out mid-song: that the chart has notes
/// to play, and that a backing track stays inside the chart's folder (`../x.ogg` and absolute paths
/// elsewhere are rejected).
public struct ChartFile: Sendable {
    public var chart: Chart
    public var path: String
    public var format: ChartFormat
    public var skipped: SkippedInput
    /// DTXMania's BGM adjustment for this chart (its `.score.ini`), already applied to the song and
    /// the chart's own sound cues; zero when there is none.
    public var bgmAdjust: EngineTime = .zero
    /// Problems beside the chart that do not stop it playing, one line each (a `.score.ini` that
    /// cannot be read).
    public var warnings: [String] = []

    /// The folder holding the chart; backing tracks are relative to it.
    public var folder: URL { URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL }

    /// Loads and checks a chart — a chart file, or a Clone Hero song folder (its `notes.mid` or
    /// `notes.chart`). Throws a `UserFacingError` for every problem. `drumDifficulty` picks the drum
    /// part of a `.chart` file (the other formats hold one).
    public static func load(_ given: String, drumDifficulty: DrumDifficulty = .expert) throws -> ChartFile {
        var isFolder: ObjCBool = false
        let path = FileManager.default.fileExists(atPath: given, isDirectory: &isFolder) && isFolder.boolValue
            ? try SongFolder.chart(in: given) : given
        let format = try ChartFormat.of(path)
        let url = URL(fileURLWithPath: path)
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: url))
        } catch {
            throw WoodshedError("\(path): cannot read the chart file (\(FileManager.default.fileExists(atPath: path) ? "permission denied?" : "no such file"))")
        }
        var songINI: String? = nil
        var audioFile: String? = nil
        if format == .midi || format == .cloneHero {
            // A Clone Hero song folder: a song.ini and the song audio beside the chart. A MIDI file is
            // read as one only with its song.ini; a .chart always is one.
            let folder = url.deletingLastPathComponent()
            if let data = try? Data(contentsOf: folder.appendingPathComponent("song.ini")) {
                let (text, encoding) = ChartText.scannable(Array(data))
                songINI = ChartText.decode(text[...], encoding)
            }
            if songINI != nil || format == .cloneHero {
                // The song's audio: its `song` stem, else its first stem (the others play with it).
                audioFile = SongFolder.stems(in: folder).first?.file
            }
        }
        let (chart, skipped) = try format.read(
            bytes, file: path, songINI: songINI, audioFile: audioFile, drumDifficulty: drumDifficulty)
        guard !chart.notes.isEmpty else {
            let why = switch format {
            case .dtx: "no chips on drum lanes 11-1C"
            case .midi: "no drum notes on channel 10 or in a PART DRUMS track"
            case .native: "no grid lines with hits"
            case .cloneHero: "no drum notes in [\(drumDifficulty.chartSectionName)]"
            }
            throw WoodshedError("\(path): the chart has no playable notes (\(why)); check that it is a drum chart")
        }
        var file = ChartFile(chart: chart, path: path, format: format, skipped: skipped)
        if format == .dtx { file.applyScoreIni() }
        if let backing = chart.backingTrack { _ = try file.backingTrackURL(backing, mustExist: false) }
        return file
    }

    /// DTXMania's `.score.ini` beside a DTX chart: its BGM adjustment moves the song and the sound
    /// cues (a value that cannot be read is a warning; the song then plays unadjusted).
    private mutating func applyScoreIni() {
        let scorePath = path + ".score.ini"
        guard let data = FileManager.default.contents(atPath: scorePath) else { return }
        let (bytes, encoding) = ChartText.scannable(Array(data))
        do {
            guard let adjust = try DTXScoreIni.bgmAdjust(in: ChartText.decode(bytes[...], encoding), file: scorePath),
                  adjust != .zero else { return }
            bgmAdjust = adjust
            chart = chart.delayingSongAndCues(by: adjust)
        } catch {
            warnings.append((error as? UserFacingError)?.message ?? "\(scorePath): \(error)")
        }
    }

    /// The backing track's location, checked to stay inside the chart's folder and (with
    /// `mustExist`) to exist.
    public func backingTrackURL(_ backing: BackingTrack, mustExist: Bool = true) throws -> URL {
        let resolved = ChartFile.resolve(backing.file, in: folder)
        guard let resolved else {
            throw WoodshedError("\(path): backing track '\(backing.file)' is outside the chart's folder (through '..', a leading '/' or a link out of it); put the audio file itself beside the chart")
        }
        if mustExist && !FileManager.default.fileExists(atPath: resolved.path) {
            throw WoodshedError("\(path): backing track '\(backing.file)' not found in \(folder.path); put it beside the chart or remove the backing line")
        }
        return resolved
    }

    /// Whether the chart is part of a song folder whose audio comes as stems (a song.ini beside a
    /// MIDI chart, or a `.chart`).
    public var isSongFolder: Bool {
        format == .cloneHero || (format == .midi && FileManager.default.fileExists(atPath: folder.appendingPathComponent("song.ini").path))
    }

    /// Where a song folder's stem lies, or nil when it is a link out of the folder.
    public func stemURL(_ stem: SongFolder.Stem) -> URL? {
        ChartFile.resolve(stem.file, in: folder)
    }

    /// Where a chart's sound file (`ChartSound.file`) lies: inside the chart's folder, or nil when it
    /// would leave it (a chip is not worth refusing the whole chart for; its caller says so).
    public func soundURL(_ sound: ChartSound) -> URL? {
        ChartFile.resolve(sound.file, in: folder)
    }

    /// The file as it is spelled on disk when only its letter case differs (charts made on Windows
    /// name `Kick.WAV` for `kick.wav`); `url` itself when it exists or nothing matches.
    static func matchingCase(_ url: URL, under folder: URL) -> URL {
        let manager = FileManager.default
        guard !manager.fileExists(atPath: url.path) else { return url }
        let base = folder.standardizedFileURL.resolvingSymlinksInPath()
        let baseParts = base.pathComponents.count
        var found = base
        for part in url.pathComponents.dropFirst(baseParts) {
            let exact = found.appendingPathComponent(part)
            if manager.fileExists(atPath: exact.path) { found = exact; continue }
            guard let names = try? manager.contentsOfDirectory(atPath: found.path),
                  let match = names.first(where: { $0.caseInsensitiveCompare(part) == .orderedSame }) else { return url }
            found = found.appendingPathComponent(match)
        }
        // The match must still lie inside the folder (a link spelled in another case).
        return ChartFile.inside(String(found.path.dropFirst(base.path.count + 1)), folder) ?? url
    }

    /// `file` inside `folder`, or nil when it would leave the folder — by `..`, by an absolute path,
    /// or through a symbolic link that points out of it (a file from a stranger's chart pack must not
    /// reach anything else on the machine).
    /// A file spelled in another letter case than on disk (a chart made on Windows) is found.
    static func resolve(_ file: String, in folder: URL) -> URL? {
        inside(file, folder).map { matchingCase($0, under: folder) }
    }

    /// `file` inside `folder` as written, or nil when it would leave it.
    private static func inside(_ file: String, _ folder: URL) -> URL? {
        let candidate = file.hasPrefix("/") ? URL(fileURLWithPath: file) : folder.appendingPathComponent(file)
        let standardized = candidate.standardizedFileURL.resolvingSymlinksInPath().path
        let base = folder.standardizedFileURL.resolvingSymlinksInPath().path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        guard standardized.hasPrefix(prefix), !file.isEmpty else { return nil }
        return URL(fileURLWithPath: standardized)
    }

    /// Writes `chart` to `path` in the format its extension names.
    public static func save(_ chart: Chart, to path: String) throws {
        let bytes = try ChartFormat.writable(path).write(chart)
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw WoodshedError("\(path): cannot write the chart (\(error.localizedDescription))")
        }
    }
}
