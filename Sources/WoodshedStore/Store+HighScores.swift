import Foundation
import GRDB

extension Store {
    /// The bests on every chart (or one chart id), over finished sessions, by chart id.
    public func chartBests(chartID: String? = nil, excludingSession: Int64? = nil) throws(StoreError) -> [ChartBest] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT chart_id, COUNT(*) AS n, MAX(score) AS best_score, MAX(accuracy) AS best_accuracy,
                        (SELECT chart_title FROM session t WHERE t.chart_id = s.chart_id ORDER BY started_at DESC, id DESC LIMIT 1) AS title,
                        (SELECT chart_path FROM session t WHERE t.chart_id = s.chart_id ORDER BY started_at DESC, id DESC LIMIT 1) AS path,
                        (SELECT id FROM session t WHERE t.chart_id = s.chart_id AND t.status = 'finished'
                            AND t.accuracy IS NOT NULL AND (t.input IS NULL OR t.input IN ('midi', 'keys'))
                            AND t.id IS NOT ?2 ORDER BY started_at DESC, id DESC LIMIT 1) AS latest_id
                    FROM session s
                    WHERE status = 'finished' AND chart_id IS NOT NULL AND accuracy IS NOT NULL
                        AND \(SessionInput.playedSQL) AND (?1 IS NULL OR chart_id = ?1) AND id IS NOT ?2
                    GROUP BY chart_id ORDER BY chart_id
                    """,
                arguments: [chartID, excludingSession]
            ).map { row in
                let latestID: Int64? = row["latest_id"]
                let latest = try latestID.flatMap {
                    try Row.fetchOne(db, sql: "SELECT accuracy, score, started_at FROM session WHERE id = ?", arguments: [$0])
                }
                return ChartBest(
                    chartID: row["chart_id"], chartTitle: row["title"], chartPath: row["path"], sessions: row["n"],
                    bestScore: row["best_score"], bestAccuracy: row["best_accuracy"],
                    latestAccuracy: latest?["accuracy"], latestScore: latest?["score"], latestAt: latest?["started_at"])
            }
        }
    }

    /// Compares a finished drum session with the earlier bests on its chart; nil when the session has
    /// no chart or no score, or nobody played it (a simulation never sets a best).
    public func highScoreCheck(sessionID: Int64) throws(StoreError) -> HighScoreCheck? {
        guard let session = try session(id: sessionID), let chartID = session.plan.chartID,
            let drums = session.drums, session.plan.isPlayedByPerson
        else { return nil }
        let previous = try chartBests(chartID: chartID, excludingSession: sessionID).first
        return HighScoreCheck(
            chartTitle: session.plan.subject, score: drums.score, accuracy: drums.accuracy,
            previousBestScore: previous?.bestScore, previousBestAccuracy: previous?.bestAccuracy)
    }
}
