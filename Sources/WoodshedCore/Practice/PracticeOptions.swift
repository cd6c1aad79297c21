/// How a player wants to practise a chart: `woodshed play CHART --speed 75 --loop 9-12 …`.
public struct PracticeOptions: Hashable, Sendable {
    /// Tempo in percent of the chart's (25–150). Judging windows stay in real milliseconds.
    public var speedPercent: Int
    /// Measures to loop, 1-based and inclusive, or nil for the whole chart once.
    public var loop: ClosedRange<Int>?
    /// How many times to play the loop (nil: as many as the caller asks for — live, until stopped).
    public var passes: Int?
    /// Bars of clicks before time zero: 0, 1, 2 or 4.
    public var countInBars: Int
    /// Count in again before every pass of a loop, instead of looping seamlessly.
    public var countInEachPass: Bool
    /// The voices judged and scored, or nil for all. The others are shown muted.
    public var voices: Set<DrumVoice>?
    /// Simplification level 1–5 (5 = the full chart).
    public var level: Int

    public init(speedPercent: Int = 100, loop: ClosedRange<Int>? = nil, passes: Int? = nil, countInBars: Int = 1,
                countInEachPass: Bool = false, voices: Set<DrumVoice>? = nil, level: Int = 5) {
        self.speedPercent = speedPercent
        self.loop = loop
        self.passes = passes
        self.countInBars = countInBars
        self.countInEachPass = countInEachPass
        self.voices = voices
        self.level = level
    }

    /// The speeds offered as presets.
    public static let speedPresets = [50, 75, 100, 125]
    public static let speedRange = 25...150
    public static let countInChoices = [0, 1, 2, 4]

    /// `--preset hands|feet|all`.
    public static func voicePreset(_ name: String) -> Set<DrumVoice>? {
        let feet: Set<DrumVoice> = [.kick, .kickLeft, .hihatPedal]
        switch name.lowercased() {
        case "feet": return feet
        case "hands": return Set(DrumVoice.allCases).subtracting(feet)
        case "all": return nil
        default: return nil
        }
    }

    /// Parses `--loop 9-12` (or `9` for one measure).
    public static func parseLoop(_ text: String) -> ClosedRange<Int>? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        if parts.count == 1, let a = parts[0], a >= 1 { return a...a }
        guard parts.count == 2, let a = parts[0], let b = parts[1], a >= 1, b >= a else { return nil }
        return a...b
    }
}
