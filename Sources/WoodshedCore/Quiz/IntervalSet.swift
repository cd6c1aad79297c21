/// Which intervals an interval quiz draws from (`--set`).
///
/// `simple` is m2 … P8, `compound` m9 … M13, `all` both (the list, A4 and d5 and A11
/// included); a comma-separated list names them one by one (`m3,M3,A4,d5`).
public struct IntervalSet: Hashable, Sendable {
    public var name: String
    public var intervals: [Interval]

    public init(name: String, intervals: [Interval]) {
        self.name = name
        self.intervals = intervals
    }

    public static let simple = IntervalSet(name: "simple", intervals: Interval.common.filter { $0.number <= 8 })
    public static let compound = IntervalSet(name: "compound", intervals: Interval.common.filter { $0.number > 8 })
    public static let all = IntervalSet(name: "all", intervals: Interval.common)

    /// The named sets, for messages.
    public static let namedSets = ["simple", "compound", "all"]

    /// Reads `simple`, `compound`, `all` or a list like `m3,P5,A4`. An unknown name throws a
    /// `TheoryError` listing the valid choices.
    public init(parsing text: String) throws(TheoryError) {
        let trimmed = text.trimmingWhitespace()
        switch trimmed.lowercased() {
        case "simple": self = .simple
        case "compound": self = .compound
        case "all": self = .all
        default:
            let parts = trimmed.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
            guard !parts.isEmpty else { throw .unknownInterval(text) }
            var intervals: [Interval] = []
            for part in parts {
                let interval = try Interval(parsing: part)
                // The unison has no note to find: the answer would be the root itself.
                guard interval.semitones > 0 else { throw .unknownInterval(part) }
                if !intervals.contains(interval) { intervals.append(interval) }
            }
            self.init(name: intervals.map(\.shortName).joined(separator: ","), intervals: intervals)
        }
    }
}
