/// One measure (bar) of a chart: its length, signature and where it sits in time.
public struct Measure: Hashable, Sendable {
    /// 0-based index; `number` is what a musician reads.
    public var index: Int
    public var signature: TimeSignature
    /// The measure's length in quarter notes (4 for 4/4). Usually `signature.measureLength`, but a
    /// DTX bar length may give a measure no power-of-two signature describes exactly.
    public var length: ExactFraction
    /// Quarter notes from the start of the chart to the start of this measure.
    public var startQuarter: ExactFraction
    public var start: EngineTime
    public var end: EngineTime

    public init(
        index: Int, signature: TimeSignature, length: ExactFraction, startQuarter: ExactFraction,
        start: EngineTime, end: EngineTime
    ) {
        self.index = index
        self.signature = signature
        self.length = length
        self.startQuarter = startQuarter
        self.start = start
        self.end = end
    }

    /// The 1-based measure number.
    public var number: Int { index + 1 }
    public var duration: EngineTime { end - start }
    /// The length as a multiple of a 4/4 bar (DTX's "bar length": 0.75 for 3/4).
    public var barLength: ExactFraction { length / ExactFraction(4) }
    /// How many beats of the signature's unit fit in the measure (may be fractional for odd bar lengths).
    public var beatCount: ExactFraction { length / signature.beatLength }
}
