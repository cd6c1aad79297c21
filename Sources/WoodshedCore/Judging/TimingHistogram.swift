/// How a session's hits spread around the beat, in seven bins of Δ (milliseconds, negative early):
/// < −50, −50…−25, −25…−10, −10…+10, +10…+25, +25…+50, > +50.
///
/// The bins are symmetric and the middle one is "on the beat" (|Δ| ≤ 10 ms); a boundary value
/// belongs to the bin nearer the middle (−25 is in −25…−10, +50 in +25…+50). Misses are not in it.
public struct TimingHistogram: Hashable, Sendable, Codable {
    /// The inner edges in milliseconds, early to late.
    public static let edgesMilliseconds: [Int64] = [-50, -25, -10, 10, 25, 50]
    /// The bins' names as drawn, early to late.
    public static let labels = ["< -50 ms", "-50..-25 ms", "-25..-10 ms", "-10..+10 ms", "+10..+25 ms", "+25..+50 ms", "> +50 ms"]

    /// How many hits fell in each bin, early to late (always 7 counts).
    public var counts: [Int]

    /// An empty histogram.
    public init() { counts = Array(repeating: 0, count: 7) }

    /// The histogram of these offsets (Δ of each hit).
    public init(offsets: some Sequence<EngineTime>) {
        self.init()
        for offset in offsets { counts[TimingHistogram.bin(of: offset)] += 1 }
    }

    /// The bin (0 ..< 7) an offset falls in.
    public static func bin(of offset: EngineTime) -> Int {
        let ns = offset.nanoseconds
        let ms: Int64 = 1_000_000
        if ns < 0 {
            if ns >= -10 * ms { return 3 }
            if ns >= -25 * ms { return 2 }
            if ns >= -50 * ms { return 1 }
            return 0
        }
        if ns <= 10 * ms { return 3 }
        if ns <= 25 * ms { return 4 }
        if ns <= 50 * ms { return 5 }
        return 6
    }

    /// The histogram drawn in text, one line per bin, early first: the label, a bar of `#` as long
    /// as the count relative to the largest bin (at most `width` characters, at least one for any
    /// hit), and the count.
    ///
    ///     -10..+10 ms |########################################  42
    public func lines(width: Int = 40) -> [String] {
        let width = max(1, width)
        let largest = counts.max() ?? 0
        let labelWidth = TimingHistogram.labels.map(\.count).max() ?? 0
        let countWidth = String(largest).count
        return zip(TimingHistogram.labels, counts).map { label, count in
            let length = largest == 0 ? 0 : max(count > 0 ? 1 : 0, (count * width + largest / 2) / largest)
            let bar = String(repeating: "#", count: length) + String(repeating: " ", count: width - length)
            let number = String(count)
            return String(repeating: " ", count: labelWidth - label.count) + label + " |" + bar + " "
                + String(repeating: " ", count: countWidth - number.count) + number
        }
    }
}
