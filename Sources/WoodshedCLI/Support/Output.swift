import Foundation
import WoodshedCore

/// Writes lines to standard output and flushes each, so a pipe sees them as they happen.
public enum Output {
    public static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// One JSON object on one line (`--json` streams), written the one way (`JSONOutput`).
    public static func json(_ value: some Encodable) {
        line(JSONOutput.line(value))
    }

    /// One indented JSON document (`--json` reports).
    public static func jsonDocument(_ value: some Encodable) {
        line(JSONOutput.document(value))
    }

    /// One line on standard error (warnings, notices that must not mix with `--json` output).
    public static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
