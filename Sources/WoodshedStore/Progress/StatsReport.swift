import Foundation
import GRDB
import WoodshedCore  // its encodeIfPresent: JSON writes unknown values as null (JSONOutput)

/// `woodshed stats`: practice time, sessions and accuracy per week and month, the accuracy trend,
/// bests per chart, and quiz accuracy per interval and mode.
///
/// Accuracy of a period is the plain mean of its sessions' accuracies (each session counts once,
/// however long), over sessions that have one (finished drum and quiz sessions).
public struct StatsReport: Hashable, Sendable, Codable {
    /// One calendar week ("2026-W47") or month ("2026-11").
    public struct Period: Hashable, Sendable, Codable {
        public var label: String
        public var sessions: Int
        public var practiceSeconds: Double
        public var accuracy: Double?
    }

    /// Quiz results for one interval or one mode.
    public struct QuizLine: Hashable, Sendable, Codable {
        public var label: String
        public var asked: Int
        public var correct: Int
        public var accuracy: Double
        public var meanResponseMs: Double?
    }

    /// How many sessions the trend shows.
    public static let trendLength = 20

    public var sessions: Int
    public var practiceSeconds: Double
    public var firstAt: Date?
    public var lastAt: Date?
    public var weeks: [Period]
    public var months: [Period]
    /// Accuracies of the last `trendLength` sessions that have one, oldest first.
    public var trend: [Double]
    public var charts: [ChartBest]
    public var intervals: [QuizLine]
    public var modes: [QuizLine]

    public init(store: Store, chart: String? = nil, timeZone: TimeZone = .current) throws(StoreError) {
        let filter = SessionFilter(chart: chart, playedOnly: true)
        let all = try store.sessions(filter)
        let calendar = ProgressFormat.gregorian(timeZone)
        sessions = all.count
        practiceSeconds = all.reduce(0) { $0 + $1.durationSeconds }
        firstAt = all.first?.plan.startedAt
        lastAt = all.last?.plan.startedAt
        weeks = StatsReport.periods(all) { date in
            let c = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
            return String(format: "%04d-W%02d", c.yearForWeekOfYear ?? 0, c.weekOfYear ?? 0)
        }
        months = StatsReport.periods(all) { date in
            let c = calendar.dateComponents([.year, .month], from: date)
            return String(format: "%04d-%02d", c.year ?? 0, c.month ?? 0)
        }
        trend = Array(all.compactMap(\.accuracy).suffix(StatsReport.trendLength))
        let chartIDs = Set(all.compactMap(\.plan.chartID))
        charts = try store.chartBests().filter { chartIDs.contains($0.chartID) }
        let (sql, arguments) = filter.whereClause()
        (intervals, modes) = try store.read { db in
            let byInterval = try Row.fetchAll(
                db,
                sql: """
                    SELECT q.interval AS label, COUNT(*) AS asked, SUM(q.correct) AS correct,
                        AVG(q.response_ms) AS mean_ms
                    FROM quiz_event q JOIN session s ON s.id = q.session_id
                    WHERE \(sql) AND q.interval IS NOT NULL AND s.kind = 'interval'
                    GROUP BY q.interval ORDER BY MIN(q.semitones), q.interval
                    """, arguments: arguments)
            let byMode = try Row.fetchAll(
                db,
                sql: """
                    SELECT s.kind || ' ' || s.quiz_mode AS label, COUNT(*) AS asked, SUM(q.correct) AS correct,
                        AVG(q.response_ms) AS mean_ms
                    FROM quiz_event q JOIN session s ON s.id = q.session_id
                    WHERE \(sql) AND s.quiz_mode IS NOT NULL
                    GROUP BY s.kind, s.quiz_mode ORDER BY s.kind, s.quiz_mode
                    """, arguments: arguments)
            return (byInterval.map(QuizLine.init(row:)), byMode.map(QuizLine.init(row:)))
        }
    }

    private static func periods(_ sessions: [StoredSession], label: (Date) -> String) -> [Period] {
        var order: [String] = []
        var groups: [String: [StoredSession]] = [:]
        for session in sessions {
            let key = label(session.plan.startedAt)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(session)
        }
        return order.sorted().map { key in
            let group = groups[key] ?? []
            let accuracies = group.compactMap(\.accuracy)
            return Period(
                label: key, sessions: group.count, practiceSeconds: group.reduce(0) { $0 + $1.durationSeconds },
                accuracy: accuracies.isEmpty ? nil : accuracies.reduce(0, +) / Double(accuracies.count))
        }
    }

    /// The line-mode text.
    public func lines(timeZone: TimeZone = .current) -> [String] {
        guard sessions > 0 else { return [ProgressMessages.noSessionsYet] }
        var out: [String] = []
        var practice = "Practice: \(ProgressFormat.duration(practiceSeconds)) over \(sessions) session\(sessions == 1 ? "" : "s")"
        if let firstAt, let lastAt {
            practice += " (\(ProgressFormat.date(firstAt, timeZone: timeZone)) to \(ProgressFormat.date(lastAt, timeZone: timeZone)))"
        }
        out.append(practice)
        out.append("Per week:")
        out += weeks.map(Self.periodLine)
        out.append("Per month:")
        out += months.map(Self.periodLine)
        if let first = trend.first, let last = trend.last {
            out.append("Accuracy, last \(trend.count) session\(trend.count == 1 ? "" : "s"): \(Sparkline.render(trend))  "
                + "\(ProgressFormat.percent(first)) -> \(ProgressFormat.percent(last))")
        }
        if !charts.isEmpty {
            out.append("Charts:")
            for chart in charts {
                var line = "  " + (chart.chartTitle ?? chart.chartID).rightPadded(to: 24)
                line += "  \(chart.sessions) played"
                if let best = chart.bestAccuracy { line += "  best \(ProgressFormat.percent(best))" }
                if let score = chart.bestScore { line += "  best score \(score)" }
                if let latest = chart.latestAccuracy, let at = chart.latestAt {
                    line += "  latest \(ProgressFormat.percent(latest)) (\(ProgressFormat.date(at, timeZone: timeZone)))"
                }
                out.append(line)
            }
        }
        for (title, quizLines) in [("Intervals:", intervals), ("Quiz modes:", modes)] where !quizLines.isEmpty {
            out.append(title)
            for q in quizLines {
                var line = "  " + q.label.rightPadded(to: 16)
                line += "  \(q.correct)/\(q.asked) correct  \(ProgressFormat.percent(q.accuracy))"
                if let ms = q.meanResponseMs { line += String(format: "  mean %.2f s", ms / 1000) }
                out.append(line)
            }
        }
        return out
    }

    private static func periodLine(_ period: Period) -> String {
        var line = "  \(period.label.rightPadded(to: 8))  "
            + "\(period.sessions) session\(period.sessions == 1 ? " " : "s")".leftPadded(to: 12)
            + "  " + ProgressFormat.duration(period.practiceSeconds).leftPadded(to: 10)
        if let accuracy = period.accuracy { line += "  accuracy \(ProgressFormat.percent(accuracy))" }
        return line
    }
}

extension StatsReport.QuizLine {
    init(row: Row) {
        let asked: Int = row["asked"]
        let correct: Int = row["correct"] ?? 0
        self.init(
            label: row["label"], asked: asked, correct: correct,
            accuracy: asked == 0 ? 0 : Double(correct) * 100 / Double(asked), meanResponseMs: row["mean_ms"])
    }
}
