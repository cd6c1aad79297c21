import Foundation
import GRDB
import WoodshedCore

/// `woodshed export`: every session and every event, for spreadsheets and scripts.
///
/// CSV is one row per event (drum note, extra hit or quiz answer) with its session's columns
/// repeated, so a pivot table needs no joins; a session without events still gets one row. JSON is
/// an array of sessions, each with its `events`, one session a line. Both follow the JSON
/// conventions (docs/json.md): the same snake_case names, `started_at` in ISO 8601 with its offset,
/// the session's length in seconds. Both are streamed session by session, so a history of millions
/// of events never sits in memory at once.
public enum Exporter {
    public enum Format: String, Sendable, CaseIterable {
        case csv, json
    }

    /// The session's columns as exported (the store's, with the length in seconds).
    static let sessionColumns = [
        "id", "kind", "status", "input", "started_at", "duration_seconds", "chart_id", "chart_title", "chart_path",
        "quiz_root", "quiz_mode", "quiz_set", "speed", "loop_from", "loop_to", "level", "voices", "offset_ms", "notes",
        "hits", "perfect", "great", "good", "miss", "extra", "accuracy", "hit_rate", "score", "max_combo",
        "mean_offset_ms", "sd_offset_ms", "questions", "correct", "errors", "mean_response_ms",
    ]
    static let drumColumns = [
        "voice", "measure", "beat", "position", "expected_ms", "played_ms", "offset_ms", "tier", "velocity",
    ]
    static let quizColumns = ["asked", "expected", "played", "correct", "response_ms", "interval", "semitones"]

    /// Writes the whole history in `format`, handing text to `write` in chunks.
    public static func export(_ store: Store, format: Format, to write: (String) throws -> Void) throws {
        let ids = try store.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM session ORDER BY started_at, id") }
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
            for id in ids {
                let session = try exportedSession(store, id: id)
                let prefix = sessionColumns.map { csvField(session.fields[$0] ?? .null) }.joined(separator: ",")
                for event in session.events {
                    let drum = event.kind == "drum" ? drumColumns.map { csvField(event.fields[$0] ?? .null) } : blankDrum
                    let quiz = event.kind == "quiz" ? quizColumns.map { csvField(event.fields[$0] ?? .null) } : blankQuiz
                    try emit(([prefix, event.kind] + drum + quiz).joined(separator: ",") + "\n")
                }
                if session.events.isEmpty { try emit(([prefix, ""] + blankDrum + blankQuiz).joined(separator: ",") + "\n") }
            }
        case .json:
            try emit("[")
            for (index, id) in ids.enumerated() {
                try emit((index == 0 ? "\n" : ",\n") + JSONOutput.line(try exportedSession(store, id: id)))
            }
            try emit(ids.isEmpty ? "]\n" : "\n]\n")
        }
        if !buffer.isEmpty { try write(buffer) }
    }

    /// One value of a row as exported.
    enum Value: Encodable, Equatable {
        case null, int(Int64), double(Double), string(String), bool(Bool)

        init(_ value: DatabaseValue) {
            switch value.storage {
            case .null, .blob: self = .null
            case .int64(let i): self = .int(i)
            case .double(let d): self = d.isFinite ? .double(d) : .null
            case .string(let s): self = .string(s)
            }
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .null: try container.encodeNil()
            case .int(let i): try container.encode(i)
            case .double(let d): try container.encode(d)
            case .string(let s): try container.encode(s)
            case .bool(let b): try container.encode(b)
            }
        }
    }

    /// A row's columns by name; encoded as one object with exactly these keys.
    struct Fields: Encodable {
        var values: [String: Value]
        subscript(_ name: String) -> Value? { values[name] }

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for (name, value) in values { try container.encode(value, forKey: Key(stringValue: name)) }
        }
    }

    struct Event {
        var kind: String
        var fields: Fields
    }

    /// A session with its events, as exported.
    struct Session: Encodable {
        var fields: Fields
        var events: [Event]

        func encode(to encoder: Encoder) throws {
            try fields.encode(to: encoder)
            var container = encoder.container(keyedBy: Fields.Key.self)
            var list = container.nestedUnkeyedContainer(forKey: Fields.Key(stringValue: "events"))
            for event in events {
                var values = event.fields.values
                values["event"] = .string(event.kind)
                try list.encode(Fields(values: values))
            }
        }
    }

    private static func exportedSession(_ store: Store, id: Int64) throws -> Session {
        try store.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM session WHERE id = ?", arguments: [id]) else {
                return Session(fields: Fields(values: [:]), events: [])
            }
            var values: [String: Value] = [:]
            for column in sessionColumns {
                switch column {
                case "started_at":
                    let date: Date? = row["started_at"]
                    values[column] = date.map { .string(JSONOutput.timestamp($0)) } ?? .null
                case "duration_seconds":
                    let ms: Double? = row["duration_ms"]
                    values[column] = ms.map { .double($0 / 1000) } ?? .null
                default:
                    values[column] = Value(row[column] as DatabaseValue? ?? .null)
                }
            }
            let kind = SessionKind(rawValue: row["kind"])
            let (table, label, columns) = kind.isQuiz ? ("quiz_event", "quiz", quizColumns) : ("drum_event", "drum", drumColumns)
            let events = try Row.fetchAll(db, sql: "SELECT * FROM \(table) WHERE session_id = ? ORDER BY id", arguments: [id]).map { event in
                var fields: [String: Value] = [:]
                for column in columns {
                    let value = Value(event[column] as DatabaseValue? ?? .null)
                    if label == "quiz", column == "correct", case .int(let i) = value { fields[column] = .bool(i != 0) } else { fields[column] = value }
                }
                return Event(kind: label, fields: Fields(values: fields))
            }
            return Session(fields: Fields(values: values), events: events)
        }
    }

    static func csvField(_ value: Value) -> String {
        switch value {
        case .null: return ""
        case .int(let i): return String(i)
        case .double(let d): return String(d)
        case .bool(let b): return b ? "true" : "false"
        case .string(let s):
            guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return s }
            return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
    }
}
