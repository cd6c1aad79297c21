/// An audio file played along with a chart.
public struct BackingTrack: Hashable, Sendable {
    /// The file's path relative to the chart's folder, as written in the chart.
    public var file: String
    /// When the audio's first sample plays, on the chart's clock (negative: it starts before measure 1).
    public var offset: EngineTime

    public init(file: String, offset: EngineTime = .zero) {
        self.file = file
        self.offset = offset
    }
}
