import Foundation
import GRDB
import WoodshedCore

/// `woodshed export`: every session and every event, for spreadsheets and scripts.
///
/// CSV is one row per event (drum note, extra hit or quiz answer) with its session's columns
/// repeated, so a pivot table needs no joins; a session without events still gets one row. JSON is
/// an array of sessions, each with its `events`. Both are streamed in chunks, so a history of
/// millions of events never sits in memory at once.
public enum Exporter {
    public enum Format: String, Sendable, CaseIterable {
        case csv, json
    }

    static let sessionColumns = [
        "id", "kind", "status", "started_at", "duration_ms", "chart_id", "chart_title", "chart_path", "quiz_root",
        "quiz_mode", "quiz_set", "speed", "loop_from", "loop_to", "level", "voices", "offset_ms", "notes", "hits",
        "perfect", "great", "good", "miss", "extra", "accuracy", "hit_rate", "score", "max_combo", "mean_offset_ms",
        "sd_offset_ms", "questions", "correct", "errors", "mean_response_ms", "input",
    ]
    static let drumColumns = [
        "voice", "measure", "beat", "position", "expected_ms", "played_ms", "offset_ms", "tier", "velocity",
    ]
    static let quizColumns = ["asked", "expected", "played", "correct", "response_ms", "interval", "semitones"]

    /// Writes the whole history in `format`, handing text to `write` in chunks.
    public static func export(_ store: Store, format: Format, to write: (String) throws -> Void) throws {
        let sessions = try store.read { db in try Row.fetchAll(db, sql: "SELECT * FROM session ORDER BY started_at, id") }
        var buffer = ""
        func emit(_ text: String) throws {
            buffer += text
            if buffer.utf8.count >= 1 << 16 { try write(buffer); buffer = "" }
        }
        switch format {
        case .csv:
            let header = sessionColumns.map { "session_\($0)" } + ["event"] + drumColumns.map { "drum_\($0)" }
                + quizColumns.map { "quiz_\($0)" }
            try emit(header.joined(separator: ",") + "\n")
            let blankDrum = Array(repeating: "", count: drumColumns.count)
            let blankQuiz = Array(repeating: "", count: quizColumns.count)
            for session in sessions {
                let prefix = sessionColumns.map { csvField(session[$0]) }.joined(separator: ",")
                var any = false
                try eachEvent(store, session: session) { kind, row in
                    any = true
                    let drum = kind == "drum" ? drumColumns.map { csvField(row[$0]) } : blankDrum
                    let quiz = kind == "quiz" ? quizColumns.map { csvField(row[$0]) } : blankQuiz
                    try emit(([prefix, kind] + drum + quiz).joined(separator: ",") + "\n")
                }
                if !any { try emit(([prefix, ""] + blankDrum + blankQuiz).joined(separator: ",") + "\n") }
            }
        case .json:
            try emit("[")
            for (index, session) in sessions.enumerated() {
                try emit(index == 0 ? "\n  {" : ",\n  {")
                try emit(sessionColumns.map { "\(jsonString($0)): \(jsonValue(session[$0]))" }.joined(separator: ", "))
                try emit(", \"events\": [")
                var first = true
                try eachEvent(store, session: session) { kind, row in
                    let columns = kind == "drum" ? drumColumns : quizColumns
                    let fields = ["\"event\": \(jsonString(kind))"]
                        + columns.map { "\(jsonString($0)): \(jsonValue(row[$0], bool: kind == "quiz" && $0 == "correct"))" }
                    try emit((first ? "\n    {" : ",\n    {") + fields.joined(separator: ", ") + "}")
                    first = false
                }
                try emit(first ? "]}" : "\n  ]}")
            }
            try emit(sessions.isEmpty ? "]\n" : "\n]\n")
        }
        if !buffer.isEmpty { try write(buffer) }
    }

    private static func eachEvent(_ store: Store, session: Row, _ body: (String, Row) throws -> Void) throws {
        let id: Int64 = session["id"]
        let kind = SessionKind(rawValue: session["kind"])
        let (table, label) = kind.isQuiz ? ("quiz_event", "quiz") : ("drum_event", "drum")
        try store.read { db in
            let cursor = try Row.fetchCursor(db, sql: "SELECT * FROM \(table) WHERE session_id = ? ORDER BY id", arguments: [id])
            while let row = try cursor.next() { try body(label, row) }
        }
    }

    static func csvField(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: return ""
        case .int64(let i): return String(i)
        case .double(let d): return String(d)
        case .string(let s):
            guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return s }
            return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        case .blob: return ""
        }
    }

    static func jsonValue(_ value: DatabaseValue, bool: Bool = false) -> String {
        switch value.storage {
        case .null: return "null"
        case .int64(let i): return bool ? (i != 0 ? "true" : "false") : String(i)
        case .double(let d): return d.isFinite ? String(d) : "null"
        case .string(let s): return jsonString(s)
        case .blob: return "null"
        }
    }

    static func jsonString(_ s: String) -> String { JSONText.quote(s) }
}
