/// A sound file a chart names for its own sounds — a DTX `#WAVzz` chip — kept so the chart's
/// sounds can be listed and checked (`chart info`) and, later, played.
public struct ChartSound: Hashable, Sendable {
    /// The chip's name as written in the chart (`0A`, `1Z`).
    public var chip: String
    /// The file's path relative to the chart's folder, as written.
    public var file: String
    /// `#WAVVOLzz` / `#VOLUMEzz`, 0–100, when given.
    public var volume: Int?

    public init(chip: String, file: String, volume: Int? = nil) {
        self.chip = chip
        self.file = file
        self.volume = volume
    }
}
