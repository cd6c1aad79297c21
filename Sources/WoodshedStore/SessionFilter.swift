import Foundation
import GRDB

/// Which sessions a view looks at.
public struct SessionFilter: Hashable, Sendable {
    public var kind: SessionKind?
    /// A chart id, or a (case-insensitive) part of a chart title or path.
    public var chart: String?
    /// Only sessions started at or after this instant.
    public var since: Date?
    /// Only these statuses (nil for all).
    public var statuses: Set<SessionStatus>?
    /// Only sessions a person played (not simulations, files or pipes): what bests, progress and
    /// trends are made of.
    public var playedOnly: Bool

    public init(kind: SessionKind? = nil, chart: String? = nil, since: Date? = nil, statuses: Set<SessionStatus>? = nil,
                playedOnly: Bool = false) {
        self.kind = kind
        self.chart = chart
        self.since = since
        self.statuses = statuses
        self.playedOnly = playedOnly
    }

    func whereClause() -> (String, StatementArguments) {
        var terms = ["1"]
        var arguments = StatementArguments()
        if let kind {
            terms.append("s.kind = ?")
            arguments += [kind.rawValue]
        }
        if let chart, !chart.isEmpty {
            terms.append("(s.chart_id = ? OR instr(lower(s.chart_title), lower(?)) > 0 OR instr(lower(s.chart_path), lower(?)) > 0)")
            arguments += [chart, chart, chart]
        }
        if let since {
            terms.append("s.started_at >= ?")
            arguments += [since]
        }
        if playedOnly { terms.append(SessionInput.playedSQL) }
        if let statuses {
            terms.append("s.status IN (\(statuses.map { "'\($0.rawValue)'" }.sorted().joined(separator: ",")))")
        }
        return (terms.joined(separator: " AND "), arguments)
    }
}
