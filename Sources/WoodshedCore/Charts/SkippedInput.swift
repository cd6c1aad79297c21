/// What a reader met but could not use (an unsupported DTX channel, a MIDI note with no drum voice),
/// counted by kind so the command line can report it in one line instead of failing.
public struct SkippedInput: Hashable, Sendable {
    /// How many of each kind ("DTX channel 50", "MIDI note 39 (channel 10)") were skipped.
    public private(set) var counts: [String: Int] = [:]

    public init() {}

    public mutating func record(_ kind: String, count: Int = 1) {
        counts[kind, default: 0] += count
    }

    public var total: Int { counts.values.reduce(0, +) }
    public var isEmpty: Bool { counts.isEmpty }

    /// `12 skipped: DTX channel 50 ×8, DTX channel 51 ×4`, sorted by kind; empty when nothing was skipped.
    public var summary: String {
        guard !counts.isEmpty else { return "" }
        let parts = counts.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
        return "\(total) skipped: " + parts.joined(separator: ", ")
    }
}
