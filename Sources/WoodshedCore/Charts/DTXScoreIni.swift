import Foundation

/// What Woodshed reads of the `.score.ini` file DTXMania keeps beside a chart (`song.dtx.score.ini`):
/// the per-song BGM adjustment a drummer set there (Shift+↑/↓ while playing in DTXMania), so a song
/// tuned to sit on its chips there sits on them here too.
///
/// DTXMania adds it, in milliseconds, to the time of every automatic sound chip — the BGM (channel
/// 01) and the sound effects — and not to the notes: positive plays the song later.
public enum DTXScoreIni {
    /// The `[File]` section's `BGMAdjust`, or nil when there is none. `file` names the score file in
    /// errors: a value that is not a whole number of milliseconds (−60 000…60 000) throws.
    public static func bgmAdjust(in text: String, file: String) throws -> EngineTime? {
        var section = ""
        var found: EngineTime?
        for (number, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") {
                section = line
                continue
            }
            guard section == "[File]", let equals = line.firstIndex(of: "=") else { continue }
            guard line[..<equals].trimmingCharacters(in: .whitespaces) == "BGMAdjust" else { continue }
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard let ms = Int(value), abs(ms) <= 60_000 else {
                throw WoodshedError("\(file):\(number + 1): BGMAdjust '\(value)' is not a whole number of milliseconds "
                                    + "(-60000 to 60000); fix or delete the line (the song plays unadjusted)")
            }
            found = .milliseconds(Double(ms))
        }
        return found
    }
}
