import Foundation
import GRDB
import WoodshedCore

extension Store {
    /// Starts recording a session: writes its row (status `running`) and returns the recorder the
    /// practice mode feeds. Call from the display/consumer thread, never from the timing thread.
    public func startSession(_ plan: SessionPlan) throws(StoreError) -> SessionRecorder {
        let id = try insertSession(plan)
        return SessionRecorder(store: self, sessionID: id, plan: plan)
    }

    func insertSession(_ plan: SessionPlan) throws(StoreError) -> Int64 {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO session (kind, status, started_at, heartbeat_at, pid, chart_id, chart_title,
                        chart_path, quiz_root, quiz_mode, quiz_set, speed, loop_from, loop_to, level, voices, offset_ms, input)
                    VALUES (?, 'running', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    plan.kind.rawValue, plan.startedAt, Date(), Int64(getpid()), plan.chartID, plan.chartTitle,
                    plan.chartPath, plan.quizRoot, plan.quizMode, plan.quizSet, plan.speed,
                    plan.loop?.lowerBound, plan.loop?.upperBound, plan.level,
                    plan.voices?.joined(separator: ","), plan.offsetMs, plan.input?.rawValue,
                ])
            return db.lastInsertedRowID
        }
    }

    /// Writes one batch of events and the session's heartbeat in one transaction: all or nothing.
    func writeBatch(
        sessionID: Int64, drums: [DrumEvent], answers: [QuizAnswer], elapsedMs: Double
    ) throws(StoreError) {
        try write { db in
            if !drums.isEmpty {
                let insert = try db.cachedStatement(sql: """
                    INSERT INTO drum_event (session_id, voice, measure, beat, position, expected_ms, played_ms,
                        offset_ms, tier, velocity) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
                for event in drums {
                    insert.setUncheckedArguments([
                        sessionID, event.voice.rawValue, event.measure, event.beat, event.position?.rawValue,
                        event.expected?.milliseconds, event.played?.milliseconds, event.offset?.milliseconds,
                        event.tier.rawValue, event.velocity,
                    ])
                    try insert.execute()
                }
            }
            if !answers.isEmpty {
                let insert = try db.cachedStatement(sql: """
                    INSERT INTO quiz_event (session_id, asked, expected, played, correct, response_ms, interval,
                        semitones) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """)
                for answer in answers {
                    insert.setUncheckedArguments([
                        sessionID, answer.asked, answer.expected, answer.played, answer.correct,
                        answer.responseMs, answer.interval, answer.semitones,
                    ])
                    try insert.execute()
                }
            }
            try db.execute(
                sql: "UPDATE session SET heartbeat_at = ?, duration_ms = ? WHERE id = ?",
                arguments: [Date(), elapsedMs, sessionID])
        }
    }

    /// Marks the session finished (or aborted) with its totals.
    /// - Parameter speed: the speed to keep for the session when it changed while playing (the
    ///   slowest played), else nil (the speed it started at stands).
    func closeSession(
        id: Int64, status: SessionStatus, durationMs: Double, drums: DrumResults?, quiz: QuizResults?, speed: Double? = nil
    ) throws(StoreError) {
        try write { db in
            try db.execute(
                sql: "UPDATE session SET status = ?, duration_ms = ?, heartbeat_at = ? WHERE id = ?",
                arguments: [status.rawValue, durationMs, Date(), id])
            if let speed {
                try db.execute(sql: "UPDATE session SET speed = ? WHERE id = ?", arguments: [speed, id])
            }
            if let drums {
                try db.execute(
                    sql: """
                        UPDATE session SET notes = ?, hits = ?, perfect = ?, great = ?, good = ?, miss = ?,
                            extra = ?, accuracy = ?, hit_rate = ?, score = ?, max_combo = ?, mean_offset_ms = ?,
                            sd_offset_ms = ? WHERE id = ?
                        """,
                    arguments: [
                        drums.notes, drums.hits, drums.perfect, drums.great, drums.good, drums.miss, drums.extra,
                        drums.accuracy, drums.hitRate, drums.score, drums.maxCombo, drums.meanOffsetMs,
                        drums.sdOffsetMs, id,
                    ])
            }
            if let quiz {
                try db.execute(
                    sql: """
                        UPDATE session SET questions = ?, correct = ?, errors = ?, mean_response_ms = ?,
                            accuracy = ? WHERE id = ?
                        """,
                    arguments: [quiz.questions, quiz.correct, quiz.errors, quiz.meanResponseMs, quiz.accuracy, id])
            }
        }
    }

    /// One session by id.
    public func session(id: Int64) throws(StoreError) -> StoredSession? {
        try read { db in try StoredSession.fetch(db, whereSQL: "s.id = ?", arguments: [id], countingEvents: true).first }
    }

    /// Sessions matching `filter`, oldest first.
    public func sessions(_ filter: SessionFilter = SessionFilter()) throws(StoreError) -> [StoredSession] {
        try read { db in
            let (sql, arguments) = filter.whereClause()
            return try StoredSession.fetch(db, whereSQL: sql, arguments: arguments)
        }
    }

    /// The drum events of one session, in the order they were recorded.
    public func drumEvents(sessionID: Int64) throws(StoreError) -> [DrumEvent] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM drum_event WHERE session_id = ? ORDER BY id", arguments: [sessionID])
                .map(DrumEvent.init(row:))
        }
    }

    /// The quiz answers of one session, in the order they were given.
    public func quizAnswers(sessionID: Int64) throws(StoreError) -> [QuizAnswer] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM quiz_event WHERE session_id = ? ORDER BY id", arguments: [sessionID])
                .map(QuizAnswer.init(row:))
        }
    }
}

extension StoredSession {
    /// `countingEvents` fills `eventCount` (a count per session: leave it off for long lists).
    static func fetch(
        _ db: Database, whereSQL: String, arguments: StatementArguments = [], countingEvents: Bool = false
    ) throws -> [StoredSession] {
        try Row.fetchAll(db, sql: "\(countingEvents ? selectCountingSQL : selectSQL) WHERE \(whereSQL) ORDER BY s.started_at, s.id", arguments: arguments)
            .map(StoredSession.init(row:))
    }
}

extension DrumEvent {
    init(row: Row) {
        let expected: Double? = row["expected_ms"]
        let played: Double? = row["played_ms"]
        let position: String? = row["position"]
        self.init(
            voice: DrumVoice(rawValue: row["voice"]) ?? .snare, measure: row["measure"], beat: row["beat"],
            position: position.flatMap(RhythmicPosition.init(rawValue:)),
            expected: expected.map(EngineTime.milliseconds), played: played.map(EngineTime.milliseconds),
            tier: HitTier(rawValue: row["tier"]) ?? .miss, velocity: row["velocity"])
    }
}

extension QuizAnswer {
    init(row: Row) {
        self.init(
            asked: row["asked"], expected: row["expected"], played: row["played"], correct: row["correct"],
            responseMs: row["response_ms"], interval: row["interval"], semitones: row["semitones"])
    }
}
