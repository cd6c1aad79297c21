import Foundation
import WoodshedCore

/// Writes lines to standard output and flushes each, so a pipe sees them as they happen.
public enum Output {
    public static func line(_ text: String) {
        guard let status = statusText else { return FileHandle.standardOutput.write(Data((text + "\n").utf8)) }
        // Over the status line, which comes back under it.
        FileHandle.standardOutput.write(Data(("\r\u{1B}[K" + text + "\n" + status).utf8))
    }

    /// The status line kept under the other lines on a terminal, rewritten in place with a carriage
    /// return (a quiz's clock, the running score). Callers set one only when `Terminal.isInteractive`
    /// and not with `--json`: a pipe never sees it.
    nonisolated(unsafe) private static var statusText: String?
    nonisolated(unsafe) private static var exitHook = false

    /// Shows `text` as the status line (nil: clears it, leaving the cursor at the line's start).
    public static func status(_ text: String?) {
        guard text != statusText else { return }
        if !exitHook {
            exitHook = true
            Terminal.onExit { Output.status(nil) }  // Ctrl-C, an error: the terminal is left clean
        }
        statusText = text
        FileHandle.standardOutput.write(Data(("\r\u{1B}[K" + (text ?? "")).utf8))
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
        if statusText != nil { FileHandle.standardOutput.write(Data("\r\u{1B}[K".utf8)) }
        FileHandle.standardError.write(Data((text + "\n").utf8))
        if let status = statusText { FileHandle.standardOutput.write(Data(status.utf8)) }
    }
}
