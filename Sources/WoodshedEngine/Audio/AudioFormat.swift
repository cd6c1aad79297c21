/// The shape of the audio the engine renders: interleaved stereo 32-bit float at a fixed rate,
/// produced one period at a time.
public struct AudioFormat: Hashable, Sendable {
    public var sampleRate: Int
    /// Frames per period: the unit the mixer renders and the output consumes.
    public var periodFrames: Int
    /// Periods in the device buffer (live outputs); the buffer latency is `periodFrames × periods`.
    public var periods: Int
    public let channels = 2

    public init(sampleRate: Int = 48_000, periodFrames: Int = 64, periods: Int = 3) {
        self.sampleRate = sampleRate
        self.periodFrames = periodFrames
        self.periods = periods
    }

    /// How long one period lasts.
    public var periodDuration: Double { Double(periodFrames) / Double(sampleRate) }
}
