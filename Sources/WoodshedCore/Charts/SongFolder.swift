import Foundation

/// A Clone Hero / Rock Band / YARG song folder: a `song.ini`, a chart (`notes.mid`, `notes.midi` or
/// `notes.chart`, in that order, as YARG picks them) and the song's audio as stems — one file per
/// part (`song`, `guitar`, `drums_1` …), all playing together.
public enum SongFolder {
    /// The chart inside a song folder, or one line saying why there is none.
    public static func chart(in folder: String) throws -> String {
        for name in ["notes.mid", "notes.midi", "notes.chart"] {
            let path = (folder as NSString).appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        throw WoodshedError("\(folder): no notes.mid or notes.chart in this folder; give a chart file, or a Clone Hero song folder")
    }

    /// Stem names in the order they are listed; `preview` (the song select's snippet) is not one.
    public static let stemNames = ["song", "guitar", "bass", "rhythm", "keys", "vocals", "vocals_1", "vocals_2",
                                   "drums", "drums_1", "drums_2", "drums_3", "drums_4", "crowd"]
    /// Audio extensions, in the order one is picked when a stem has several.
    public static let audioExtensions = ["opus", "ogg", "mp3", "wav", "flac", "aiff"]

    /// One part of the song's audio.
    public struct Stem: Hashable, Sendable {
        /// The stem's name: `song`, `drums_2` …
        public var name: String
        /// Its file name in the folder.
        public var file: String
        /// Whether it is drums (muted by default for a drummer).
        public var isDrums: Bool { name.hasPrefix("drums") }
    }

    /// The stems present in `folder`. A plain `drums` stem is left out when numbered ones exist
    /// (the games do the same: it holds the same drums).
    public static func stems(in folder: URL) -> [Stem] {
        let names = Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        var found: [Stem] = []
        for stem in stemNames {
            if let ext = audioExtensions.first(where: { names.contains("\(stem).\($0)") }) {
                found.append(Stem(name: stem, file: "\(stem).\(ext)"))
            }
        }
        if found.contains(where: { $0.name.hasPrefix("drums_") }) { found.removeAll { $0.name == "drums" } }
        return found
    }
}
