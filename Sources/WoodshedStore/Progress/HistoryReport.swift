import Foundation
import WoodshedCore  // its encodeIfPresent: JSON writes unknown values as null (JSONOutput)

/// `woodshed history`: one line per session, oldest first.
public struct HistoryReport: Hashable, Sendable, Codable {
    public var sessions: [StoredSession]

    public init(sessions: [StoredSession]) { self.sessions = sessions }

    public init(store: Store, filter: SessionFilter) throws(StoreError) {
        sessions = try store.sessions(filter)
    }

    /// The line-mode text.
    public func lines(timeZone: TimeZone = .current) -> [String] {
        if sessions.isEmpty { return [ProgressMessages.noSessionsYet] }
        return sessions.map { line(for: $0, timeZone: timeZone) }
    }

    /// "#12  2026-11-21 10:02  drums     Rock Steady           4:31  speed 75%  acc 93.4%  score 81234".
    public func line(for session: StoredSession, timeZone: TimeZone = .current) -> String {
        let plan = session.plan
        var fields = [
            "#\(session.id)".rightPadded(to: 5),
            ProgressFormat.dateTime(plan.startedAt, timeZone: timeZone),
            plan.kind.rawValue.rightPadded(to: 11),
            String(plan.subject.prefix(24)).rightPadded(to: 24),
            ProgressFormat.duration(session.durationSeconds).leftPadded(to: 6),
        ]
        if let speed = plan.speed, speed != 100 { fields.append("speed \(Int(speed.rounded()))%") }
        if let loop = plan.loop { fields.append("loop \(loop.lowerBound)-\(loop.upperBound)") }
        if let drums = session.drums {
            fields.append("acc \(ProgressFormat.percent(drums.accuracy))")
            fields.append("score \(drums.score)")
        } else if let quiz = session.quiz {
            fields.append("\(quiz.correct)/\(quiz.questions) correct")
            if let ms = quiz.meanResponseMs { fields.append(String(format: "%.2f s", ms / 1000)) }
        }
        if let label = plan.input?.historyLabel { fields.append("(\(label))") }
        if session.status != .finished {
            fields.append("\(session.eventCount) \(plan.kind.isQuiz ? "answers" : "notes")")
            fields.append(session.status.rawValue)
        }
        return fields.joined(separator: "  ")
    }
}

extension String {
    /// Right-aligned in `width` columns; never cut.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }

    /// Left-aligned in `width` columns; never cut.
    func rightPadded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
