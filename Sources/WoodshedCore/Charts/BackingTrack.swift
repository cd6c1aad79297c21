/// An audio file played along with a chart.
public struct BackingTrack: Hashable, Sendable {
    /// The file's path relative to the chart's folder, as written in the chart.
    public var file: String
    /// When the audio's first sample plays, on the chart's clock (negative: it starts before measure 1).
    public var offset: EngineTime
    /// How loud it plays, 0–100 (a DTX BGM chip's `#VOLUME`); nil: whole.
    public var volume: Int?

    public init(file: String, offset: EngineTime = .zero, volume: Int? = nil) {
        self.file = file
        self.offset = offset
        self.volume = volume
    }
}
