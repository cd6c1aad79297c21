/// A player tapping along with a metronome, with a known bias and unevenness, and the mistakes a
/// real calibration has to survive: wild taps and a pad that triggers twice.
///
/// Used by tests and to write `events:` files that replay a calibration offline.
public struct SimulatedTapper: Sendable {
    /// How late the taps arrive on average (positive = late).
    public var bias: EngineTime
    /// The standard deviation of the taps around the bias.
    public var deviation: EngineTime
    /// Beats (0-based, after the count-in) where the tap goes wild: this far from the beat instead.
    public var wildTaps: [Int: EngineTime]
    /// Beats where the pad triggers a second time, this long after the first.
    public var doubleTriggers: [Int: EngineTime]
    public var seed: UInt64

    public init(bias: EngineTime, deviation: EngineTime, wildTaps: [Int: EngineTime] = [:],
                doubleTriggers: [Int: EngineTime] = [:], seed: UInt64 = 1) {
        self.bias = bias
        self.deviation = deviation
        self.wildTaps = wildTaps
        self.doubleTriggers = doubleTriggers
        self.seed = seed
    }

    /// The tap times for beats `0..<beats`, in time order, given each beat's exact time.
    public func taps(beats: Int, beatTime: (Int) -> EngineTime) -> [EngineTime] {
        var random = SeededRandom(seed: seed)
        var times: [EngineTime] = []
        for beat in 0..<beats {
            let jitter = random.normal(mean: Double(bias.nanoseconds), deviation: Double(deviation.nanoseconds))
            let tap = beatTime(beat) + (wildTaps[beat] ?? EngineTime(nanoseconds: Int64(jitter.rounded())))
            times.append(tap)
            if let gap = doubleTriggers[beat] { times.append(tap + gap) }
        }
        return times.sorted()
    }
}
