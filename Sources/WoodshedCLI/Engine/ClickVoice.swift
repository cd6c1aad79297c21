import Foundation
import WoodshedConfig
import WoodshedCore
import WoodshedEngine
import WoodshedSong
import WoodshedSound
import WoodshedStore

/// What the click sounds like: one of the five built-in sounds, or your own — one file for every
/// click (the first beat of a bar played louder) or an accent file and a normal file.
///
/// Written as the player types it (`--sound woodblock`, `--sound ~/clicks/cowbell.wav`, `--sound
/// hi.wav,lo.wav`), in the config file (`[metronome] sound`), and remembered: the last `metronome
/// --sound` is the click of every later command until another is chosen.
enum ClickVoice: Hashable, CustomStringConvertible {
    case builtIn(ClickSound)
    /// Absolute paths.
    case files(accent: String, normal: String)

    /// How much softer an ordinary click is than the accent when one file makes both.
    static let normalGain: Float = 0.6

    /// The sound `text` names: a built-in name, else one or two audio files (relative to the current
    /// folder), checked to exist.
    init(_ text: String) throws {
        if let sound = ClickSound(rawValue: text.lowercased()) {
            self = .builtIn(sound)
            return
        }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(in: .whitespaces) }
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty }) else {
            throw WoodshedError("click sound '\(text)': use one of \(ClickSound.validNames), an audio file, or ACCENT.wav,NORMAL.wav")
        }
        let paths = parts.map { part -> String in
            let expanded = NSString(string: part).expandingTildeInPath
            return URL(fileURLWithPath: expanded, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL.path
        }
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            let isName = !text.contains("/") && !text.contains(".")
            throw WoodshedError(isName ? "unknown click sound '\(text)'; use one of: \(ClickSound.validNames), or an audio file"
                                       : "click sound \(path) not found; give an audio file (WAV, FLAC, Ogg, Opus, MP3) or one of: \(ClickSound.validNames)")
        }
        self = .files(accent: paths[0], normal: paths.count == 2 ? paths[1] : paths[0])
    }

    /// As written back (the store, the config file).
    var text: String {
        switch self {
        case .builtIn(let sound): sound.rawValue
        case .files(let accent, let normal): accent == normal ? accent : "\(accent),\(normal)"
        }
    }

    var description: String {
        switch self {
        case .builtIn(let sound): sound.rawValue
        case .files(let accent, let normal):
            accent == normal ? URL(fileURLWithPath: accent).lastPathComponent
                : "\(URL(fileURLWithPath: accent).lastPathComponent), \(URL(fileURLWithPath: normal).lastPathComponent)"
        }
    }

    /// The click track for an output at `sampleRate`: built-in clicks synthesized, files decoded
    /// (whole, resampled, to one channel) before the run.
    func track(sampleRate: Int) throws -> ClickTrack {
        switch self {
        case .builtIn(let sound):
            return ClickTrack(sound: sound, sampleRate: sampleRate)
        case .files(let accent, let normal):
            let accentWave = try SoundDecoder.mono(path: accent, rate: sampleRate)
            let normalWave = accent == normal ? accentWave.map { $0 * Self.normalGain } : try SoundDecoder.mono(path: normal, rate: sampleRate)
            return ClickTrack(sampleRate: sampleRate, normal: normalWave, accent: accentWave)
        }
    }

    /// The click for this run: `--sound` when given, else the one last chosen with `metronome
    /// --sound` (remembered in `store`), else the config file's, else classic. A remembered file
    /// that has gone since falls back to the config file's, with a warning.
    static func chosen(flag: String? = nil, configuration: WoodshedConfiguration, store: Store?,
                       warn: (String) -> Void = { _ in }) throws -> ClickVoice {
        if let flag { return try ClickVoice(flag) }
        if let remembered = try? store?.setting(.metronomeSound) {
            do { return try ClickVoice(remembered) } catch {
                warn("warning: the remembered click \(remembered) cannot be used (\((error as? UserFacingError)?.message ?? "\(error)")); using \(configuration.metronomeSound)")
            }
        }
        return try ClickVoice(configuration.metronomeSound)
    }
}
