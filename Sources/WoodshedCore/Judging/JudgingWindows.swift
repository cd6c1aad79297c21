/// How far from its note a hit may land, on either side, for each tier.
///
/// The defaults are DTXMania's, which drummers who come from DTX charts already know. The widths are
/// real time at every practice speed: the caller scales note times for speed, never the windows,
/// because a drummer's accuracy is a matter of milliseconds, not of beats.
public struct JudgingWindows: Hashable, Sendable {
    /// Widest |Δ| that is still Perfect.
    public var perfect: EngineTime
    /// Widest |Δ| that is still Great.
    public var great: EngineTime
    /// Widest |Δ| that is still Good; beyond it a hit does not match the note at all.
    /// (The configuration file's Poor window is not a tier here: outside Good is a miss.)
    public var good: EngineTime

    /// DTXMania's defaults: Perfect ±34 ms, Great ±67 ms, Good ±84 ms.
    public static let dtxmania = JudgingWindows(
        unchecked: .milliseconds(34), great: .milliseconds(67), good: .milliseconds(84))

    /// Windows of the given widths; each must be more than 0 and at most 1 s, and none narrower
    /// than the one before (equal widths are allowed: "34,34,84" has no Great tier), as in the
    /// configuration file's `[judging]` table.
    /// - Throws: a `WoodshedError` saying which width is wrong.
    public init(perfect: EngineTime, great: EngineTime, good: EngineTime) throws {
        let text = JudgingWindows.format(perfect, great, good)
        for (width, name) in [(perfect, "Perfect"), (great, "Great"), (good, "Good")]
        where width <= .zero || width > .milliseconds(1_000) {
            throw WoodshedError("judging windows \(text): the \(name) width must be more than 0 and at most 1000 ms "
                + "(like 34,67,84)")
        }
        guard perfect <= great, great <= good else {
            throw WoodshedError("judging windows \(text) must widen from Perfect to Good: "
                + "Perfect <= Great <= Good, in milliseconds (like 34,67,84)")
        }
        self.init(unchecked: perfect, great: great, good: good)
    }

    /// Windows from text such as `34,67,84` (Perfect, Great, Good in milliseconds; decimals allowed),
    /// as typed after `--windows` or written in the configuration file.
    /// - Throws: a one-line `WoodshedError` quoting the text and showing the expected form.
    public init(parsing text: String) throws {
        let fields = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingWhitespace() }
        guard fields.count == 3 else {
            throw WoodshedError("judging windows \"\(text)\": give three widths in milliseconds, "
                + "Perfect,Great,Good (like 34,67,84)")
        }
        var widths: [EngineTime] = []
        for (field, name) in zip(fields, ["Perfect", "Great", "Good"]) {
            guard let ms = Double(field), ms.isFinite else {
                throw WoodshedError("judging windows \"\(text)\": the \(name) width \"\(field)\" is not a number of "
                    + "milliseconds (like 34,67,84)")
            }
            widths.append(.milliseconds(ms))
        }
        try self.init(perfect: widths[0], great: widths[1], good: widths[2])
    }

    private init(unchecked perfect: EngineTime, great: EngineTime, good: EngineTime) {
        self.perfect = perfect
        self.great = great
        self.good = good
    }

    /// The tier a hit earns when it lands `offset` from its note (either side).
    @inlinable public func tier(for offset: EngineTime) -> Tier {
        let distance = offset.nanoseconds.magnitude
        if distance <= perfect.nanoseconds.magnitude { return .perfect }
        if distance <= great.nanoseconds.magnitude { return .great }
        if distance <= good.nanoseconds.magnitude { return .good }
        return .miss
    }

    /// The windows as typed: `34,67,84`.
    public var text: String { JudgingWindows.format(perfect, great, good) }

    private static func format(_ widths: EngineTime...) -> String {
        widths.map { time in
            let ms = time.milliseconds
            return ms == ms.rounded() ? String(Int64(ms)) : String(ms)
        }.joined(separator: ",")
    }
}
