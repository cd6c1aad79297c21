/// A named place in a chart ("Verse", "Fill into chorus") for practice loops and display.
public struct ChartSection: Hashable, Sendable {
    public var name: String
    /// 0-based measure index.
    public var measureIndex: Int
    /// Position within the measure, as a fraction of the measure.
    public var position: ExactFraction
    public var time: EngineTime

    public init(name: String, measureIndex: Int, position: ExactFraction, time: EngineTime) {
        self.name = name
        self.measureIndex = measureIndex
        self.position = position
        self.time = time
    }
}
