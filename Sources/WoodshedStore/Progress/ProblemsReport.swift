import Foundation
import GRDB
import WoodshedCore  // its encodeIfPresent: JSON writes unknown values as null (JSONOutput)

/// `woodshed problems`: where the recent drum sessions go wrong, and what to practise about it.
///
/// Looks at the last `recentSessions` drum sessions (finished or aborted). A group "stands out" when
/// its miss rate is at least 10 % and at least one and a half times the overall rate, with enough
/// notes to mean something; timing bias is reported from 15 ms on.
public struct ProblemsReport: Hashable, Sendable, Codable {
    /// Miss rate and timing of one group of notes (a voice or a rhythmic position).
    public struct Group: Hashable, Sendable, Codable {
        public var label: String
        public var notes: Int
        public var misses: Int
        /// Misses in percent of notes.
        public var missRate: Double
        /// Mean played-minus-expected of the hits, negative = early.
        public var meanOffsetMs: Double?
        public var extras: Int
    }

    /// Consecutive measures of one chart whose miss rate stands out.
    public struct MeasureRange: Hashable, Sendable, Codable {
        public var chartID: String
        public var chartTitle: String?
        public var chartPath: String?
        public var from: Int
        public var to: Int
        public var notes: Int
        public var misses: Int
        public var missRate: Double
    }

    public static let recentSessions = 10
    static let minimumNotes = 10
    static let biasThresholdMs = 15.0

    public var sessionsConsidered: Int
    public var notes: Int
    public var misses: Int
    public var missRate: Double
    public var voices: [Group]
    public var positions: [Group]
    public var measureRanges: [MeasureRange]
    public var recommendations: [String]

    public init(store: Store, chart: String? = nil) throws(StoreError) {
        var filter = SessionFilter(kind: .drums, chart: chart, playedOnly: true)
        filter.statuses = [.finished, .aborted]
        let (filterSQL, filterArguments) = filter.whereClause()
        let recent = try store.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT s.id, s.chart_id, s.chart_title, s.chart_path, s.speed FROM session s
                    WHERE \(filterSQL) ORDER BY s.started_at DESC, s.id DESC LIMIT \(ProblemsReport.recentSessions)
                    """, arguments: filterArguments)
        }
        sessionsConsidered = recent.count
        let ids = recent.map { "\($0["id"] as Int64)" }.joined(separator: ",")
        let inRecent = "session_id IN (\(ids.isEmpty ? "NULL" : ids))"
        let groupSQL = { (column: String) in
            """
            SELECT \(column) AS label, SUM(expected_ms IS NOT NULL) AS notes, SUM(tier = 'miss') AS misses,
                AVG(CASE WHEN expected_ms IS NOT NULL THEN offset_ms END) AS mean_offset, SUM(tier = 'extra') AS extras
            FROM drum_event WHERE \(inRecent) AND \(column) IS NOT NULL GROUP BY \(column)
            """
        }
        let (voiceRows, positionRows, measureRows) = try store.read { db in
            (
                try Row.fetchAll(db, sql: groupSQL("voice")).map(Group.init(row:)),
                try Row.fetchAll(db, sql: groupSQL("position")).map(Group.init(row:)),
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT s.chart_id AS chart_id, d.measure AS measure, SUM(d.expected_ms IS NOT NULL) AS notes,
                            SUM(d.tier = 'miss') AS misses
                        FROM drum_event d JOIN session s ON s.id = d.session_id
                        WHERE d.\(inRecent) AND s.chart_id IS NOT NULL AND d.measure IS NOT NULL
                        GROUP BY s.chart_id, d.measure ORDER BY s.chart_id, d.measure
                        """)
            )
        }
        notes = voiceRows.reduce(0) { $0 + $1.notes }
        misses = voiceRows.reduce(0) { $0 + $1.misses }
        missRate = notes == 0 ? 0 : Double(misses) * 100 / Double(notes)
        voices = voiceRows.sorted { ($0.missRate, $0.notes) > ($1.missRate, $1.notes) }
        let positionOrder = RhythmicPosition.allCases.map(\.rawValue)
        positions = positionRows.sorted {
            (positionOrder.firstIndex(of: $0.label) ?? 99) < (positionOrder.firstIndex(of: $1.label) ?? 99)
        }

        // Charts as the most recent session knew them.
        var chartInfo: [String: (title: String?, path: String?, speed: Double?)] = [:]
        for row in recent {
            guard let id: String = row["chart_id"], chartInfo[id] == nil else { continue }
            chartInfo[id] = (row["chart_title"], row["chart_path"], row["speed"])
        }
        measureRanges = ProblemsReport.standoutRanges(
            measureRows.map { ($0["chart_id"], $0["measure"], $0["notes"], $0["misses"]) },
            overallRate: missRate
        ).map { range in
            var range = range
            range.chartTitle = chartInfo[range.chartID]?.title
            range.chartPath = chartInfo[range.chartID]?.path
            return range
        }
        let latest = recent.first.map { row -> (String, Double?) in
            let id: String? = row["chart_id"]
            let target: String = row["chart_path"] ?? row["chart_title"] ?? id ?? "song.dtx"
            return (target, row["speed"])
        }
        recommendations = ProblemsReport.recommend(
            overallRate: missRate, voices: voices, positions: positions, ranges: measureRanges,
            speeds: chartInfo.mapValues(\.speed), latest: latest)
    }

    /// Whether a group's miss rate stands out against the overall rate.
    static func standsOut(notes: Int, misses: Int, overallRate: Double, minimumNotes: Int) -> Bool {
        guard notes >= minimumNotes, misses >= 2 else { return false }
        let rate = Double(misses) * 100 / Double(notes)
        return rate >= 10 && rate >= overallRate * 1.5
    }

    /// Merges standing-out measures of each chart (a gap of one measure joins them) into ranges,
    /// worst first.
    static func standoutRanges(_ rows: [(String, Int, Int, Int)], overallRate: Double) -> [MeasureRange] {
        var ranges: [MeasureRange] = []
        for (chart, measure, notes, misses) in rows
        where standsOut(notes: notes, misses: misses, overallRate: overallRate, minimumNotes: 4) {
            if var last = ranges.last, last.chartID == chart, measure - last.to <= 2 {
                last.to = measure
                last.notes += notes
                last.misses += misses
                last.missRate = Double(last.misses) * 100 / Double(last.notes)
                ranges[ranges.count - 1] = last
            } else {
                ranges.append(MeasureRange(
                    chartID: chart, chartTitle: nil, chartPath: nil, from: measure, to: measure, notes: notes,
                    misses: misses, missRate: Double(misses) * 100 / Double(notes)))
            }
        }
        return ranges.sorted { ($0.misses, -$0.from) > ($1.misses, -$1.from) }
    }

    /// A slower speed to practise at: lower the more is missed, in steps of 5 %.
    static func suggestedSpeed(missRate: Double, currentSpeed: Double?) -> Int {
        let factor = missRate >= 50 ? 0.6 : missRate >= 30 ? 0.75 : 0.85
        let speed = (currentSpeed ?? 100) * factor
        return max(25, Int((speed / 5).rounded(.down)) * 5)
    }

    static func recommend(
        overallRate: Double, voices: [Group], positions: [Group], ranges: [MeasureRange],
        speeds: [String: Double?], latest: (target: String, speed: Double?)?
    ) -> [String] {
        guard let latest else { return [] }
        var out: [String] = []
        let play = { (target: String) in "woodshed play \(ProgressMessages.shellQuoted(target))" }
        for range in ranges.prefix(2) {
            let from = range.from == range.to ? max(1, range.from - 1) : range.from
            let speed = suggestedSpeed(missRate: range.missRate, currentSpeed: speeds[range.chartID] ?? nil)
            let target = range.chartPath ?? range.chartTitle ?? range.chartID
            let name = range.chartTitle ?? range.chartID
            let measures = range.from == range.to ? "measure \(range.from)" : "measures \(range.from)-\(range.to)"
            out.append("\(name), \(measures): \(ProgressFormat.percent(range.missRate)) missed. Loop it slower: "
                + "\(play(target)) --loop \(from)-\(range.to) --speed \(speed)")
        }
        if let voice = voices.first(where: {
            standsOut(notes: $0.notes, misses: $0.misses, overallRate: overallRate, minimumNotes: minimumNotes)
        }) {
            let speed = suggestedSpeed(missRate: voice.missRate, currentSpeed: latest.speed)
            out.append("\(voice.label) misses \(ProgressFormat.percent(voice.missRate)) of its notes. Practise it alone: "
                + "\(play(latest.target)) --voices \(voice.label) --speed \(speed)")
        }
        if let position = positions.filter({
            standsOut(notes: $0.notes, misses: $0.misses, overallRate: overallRate, minimumNotes: minimumNotes)
        }).max(by: { $0.missRate < $1.missRate }) {
            let speed = suggestedSpeed(missRate: position.missRate, currentSpeed: latest.speed)
            out.append("\(positionName(position.label).capitalizedFirst) miss \(ProgressFormat.percent(position.missRate)). "
                + "Count them out loud at a slower speed: \(play(latest.target)) --speed \(speed)")
        }
        let biased = voices.filter { ($0.notes - $0.misses) >= minimumNotes && abs($0.meanOffsetMs ?? 0) >= biasThresholdMs }
        let timed = voices.filter { ($0.notes - $0.misses) >= minimumNotes && $0.meanOffsetMs != nil }
        if timed.count >= 2, biased.count == timed.count,
            Set(biased.map { ($0.meanOffsetMs ?? 0) > 0 }).count == 1
        {
            let mean = biased.compactMap(\.meanOffsetMs).reduce(0, +) / Double(biased.count)
            out.append("Every voice is \(Int(abs(mean).rounded())) ms \(mean > 0 ? "late" : "early") on average, "
                + "which points at the latency offset: run `woodshed calibrate`.")
        } else {
            for voice in biased.prefix(2) {
                let ms = voice.meanOffsetMs ?? 0
                out.append("\(voice.label) is \(Int(abs(ms).rounded())) ms \(ms > 0 ? "late" : "early") on average. "
                    + "Play along with it alone: \(play(latest.target)) --voices \(voice.label)")
            }
        }
        if out.isEmpty {
            let speed = Int(((latest.speed ?? 100) + 5).rounded())
            out.append("Nothing stands out. " + (speed <= 100
                ? "Try it a little faster: \(play(latest.target)) --speed \(speed)"
                : "Try a harder chart or level."))
        }
        return out
    }

    /// How a player calls a rhythmic position.
    static func positionName(_ raw: String) -> String {
        switch RhythmicPosition(rawValue: raw) {
        case .downbeat: "downbeats"
        case .beat: "other beats"
        case .upbeat: "upbeats (the \"and\")"
        case .sixteenth: "16th off-beats (the \"e\" and \"a\")"
        case .triplet: "triplets"
        case .other, nil: "other subdivisions"
        }
    }

    /// The line-mode text.
    public func lines() -> [String] {
        guard sessionsConsidered > 0 else { return [ProgressMessages.noSessionsYet] }
        var out = ["Last \(sessionsConsidered) drum session\(sessionsConsidered == 1 ? "" : "s"): \(notes) notes, "
            + "\(misses) missed (\(ProgressFormat.percent(missRate)))"]
        out.append("Per voice:")
        for voice in voices {
            var line = "  " + voice.label.rightPadded(to: 12)
                + "\(voice.misses)/\(voice.notes) missed".leftPadded(to: 16) + "  "
                + ProgressFormat.percent(voice.missRate).leftPadded(to: 6)
            if let offset = voice.meanOffsetMs { line += "  " + ProgressFormat.offset(offset) }
            if voice.extras > 0 { line += "  \(voice.extras) extra" }
            out.append(line)
        }
        if !positions.isEmpty {
            out.append("Per position:")
            for position in positions {
                out.append("  " + Self.positionName(position.label).rightPadded(to: 36)
                    + "\(position.misses)/\(position.notes) missed".leftPadded(to: 16) + "  "
                    + ProgressFormat.percent(position.missRate).leftPadded(to: 6))
            }
        }
        if !measureRanges.isEmpty {
            out.append("Measures that stand out:")
            for range in measureRanges {
                let measures = range.from == range.to ? "measure \(range.from)" : "measures \(range.from)-\(range.to)"
                out.append("  \(range.chartTitle ?? range.chartID), \(measures): \(range.misses)/\(range.notes) missed "
                    + "(\(ProgressFormat.percent(range.missRate)))")
            }
        }
        out.append("Try next:")
        out += recommendations.map { "  " + $0 }
        return out
    }
}

extension ProblemsReport.Group {
    init(row: Row) {
        let notes: Int = row["notes"] ?? 0
        let misses: Int = row["misses"] ?? 0
        self.init(
            label: row["label"], notes: notes, misses: misses,
            missRate: notes == 0 ? 0 : Double(misses) * 100 / Double(notes),
            meanOffsetMs: row["mean_offset"], extras: row["extras"] ?? 0)
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
