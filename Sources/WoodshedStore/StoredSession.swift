import Foundation
import GRDB
import WoodshedCore  // its encodeIfPresent: JSON writes unknown values as null (JSONOutput)

/// A session as read back from the store.
public struct StoredSession: Hashable, Sendable, Codable, Identifiable {
    public var id: Int64
    public var plan: SessionPlan
    public var status: SessionStatus
    /// Wall-clock practice time in seconds.
    public var durationSeconds: Double
    public var drums: DrumResults?
    public var quiz: QuizResults?
    /// Accuracy in percent (drum accuracy, or correct answers for quizzes), if known.
    public var accuracy: Double?
    /// Drum notes or quiz questions written so far (also for running or aborted sessions).
    public var eventCount: Int

    /// The line shown after an open found this session cut short, without the `woodshed: ` prefix:
    /// "session 12 (drums, Rock Steady) was cut short on 2026-11-21 10:02; its 431 notes are kept as aborted".
    public var cutShortMessage: String {
        let what = plan.kind.isQuiz ? (eventCount == 1 ? "answer" : "answers") : (eventCount == 1 ? "note" : "notes")
        let subject = plan.subject == plan.kind.rawValue ? "" : ", \(plan.subject)"
        let its = eventCount == 1 ? "its 1 \(what) is" : "its \(eventCount) \(what) are"
        return "session \(id) (\(plan.kind)\(subject)) was cut short on \(ProgressFormat.dateTime(plan.startedAt)); "
            + "\(its) kept as aborted"
    }

    /// Columns read by `init(row:)`; `event_count` is computed by the query.
    static let selectSQL = "SELECT s.*, 0 AS event_count FROM session s"
    static let selectCountingSQL = """
        SELECT s.*, CASE WHEN s.kind IN ('scale','interval')
            THEN (SELECT COUNT(*) FROM quiz_event q WHERE q.session_id = s.id)
            ELSE (SELECT COUNT(*) FROM drum_event d WHERE d.session_id = s.id AND d.expected_ms IS NOT NULL) END
            AS event_count
        FROM session s
        """

    init(row: Row) {
        let loopFrom: Int? = row["loop_from"]
        let loopTo: Int? = row["loop_to"]
        let voices: String? = row["voices"]
        let input: String? = row["input"]
        plan = SessionPlan(
            kind: SessionKind(rawValue: row["kind"]),
            startedAt: row["started_at"],
            chartID: row["chart_id"], chartTitle: row["chart_title"], chartPath: row["chart_path"],
            quizRoot: row["quiz_root"], quizMode: row["quiz_mode"], quizSet: row["quiz_set"],
            speed: row["speed"],
            loop: loopFrom.flatMap { from in loopTo.map { to in from...max(from, to) } },
            level: row["level"],
            voices: voices.map { $0.split(separator: ",").map(String.init) },
            offsetMs: row["offset_ms"], input: input.flatMap(SessionInput.init(rawValue:)))
        id = row["id"]
        status = SessionStatus(rawValue: row["status"]) ?? .aborted
        durationSeconds = (row["duration_ms"] as Double? ?? 0) / 1000
        accuracy = row["accuracy"]
        let counted: Int = row["event_count"] ?? 0
        eventCount = counted > 0 ? counted : (row["notes"] ?? row["questions"] ?? 0)
        if let notes: Int = row["notes"], let score: Int = row["score"] {
            drums = DrumResults(
                notes: notes, hits: row["hits"] ?? 0, perfect: row["perfect"] ?? 0, great: row["great"] ?? 0,
                good: row["good"] ?? 0, miss: row["miss"] ?? 0, extra: row["extra"] ?? 0,
                accuracy: row["accuracy"] ?? 0, hitRate: row["hit_rate"] ?? 0, score: score,
                maxCombo: row["max_combo"] ?? 0, meanOffsetMs: row["mean_offset_ms"], sdOffsetMs: row["sd_offset_ms"])
        }
        if let questions: Int = row["questions"] {
            quiz = QuizResults(
                questions: questions, correct: row["correct"] ?? 0, errors: row["errors"] ?? 0,
                meanResponseMs: row["mean_response_ms"])
        }
    }
}
