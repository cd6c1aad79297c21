/// A tempo that takes effect at a point of the chart and holds until the next change.
///
/// BPM counts quarter notes per minute (as DTX and MIDI do), whatever the time signature.
public struct TempoChange: Hashable, Sendable {
    public var bpm: Double
    /// 0-based measure index.
    public var measureIndex: Int
    /// Position within the measure, as a fraction of the measure.
    public var position: ExactFraction
    /// Quarter notes from the chart's start.
    public var quarter: ExactFraction
    public var time: EngineTime

    public init(bpm: Double, measureIndex: Int, position: ExactFraction, quarter: ExactFraction, time: EngineTime) {
        self.bpm = bpm
        self.measureIndex = measureIndex
        self.position = position
        self.quarter = quarter
        self.time = time
    }

    /// The length of one quarter note at this tempo, in nanoseconds.
    public var nanosecondsPerQuarter: Double { 60_000_000_000 / bpm }

    /// Whether a BPM is one a person could play: above 0 and at most 1000.
    public static func isPlayable(bpm: Double) -> Bool { bpm.isFinite && bpm > 0 && bpm <= 1000 }
}
