/// A sound file a chart names for its own sounds — a DTX `#WAVzz` chip — which its notes and cues
/// play (`ChartNote.sound`, `SoundCue`), listed and checked by `chart info`.
///
/// A DTX slot may be defined again later in the file; each definition is its own `ChartSound`
/// (same `chip`, another file), and each note refers to the one it was bound to.
public struct ChartSound: Hashable, Sendable {
    /// The chip's name as written in the chart (`0A`, `1Z`).
    public var chip: String
    /// The file's path relative to the chart's folder (`#PATH_WAV` already applied).
    public var file: String
    /// `#WAVVOLzz` / `#VOLUMEzz`, 0–100, when given.
    public var volume: Int?
    /// `#WAVPANzz` / `#PANzz`, −100 (left) … +100 (right), when given.
    public var pan: Int?

    public init(chip: String, file: String, volume: Int? = nil, pan: Int? = nil) {
        self.chip = chip
        self.file = file
        self.volume = volume
        self.pan = pan
    }

    /// How loud the chip plays, 0–1 (DTXMania: the player's volume × VOLUME/100).
    public var gain: Float { Float(volume ?? 100) / 100 }

    /// The left and right gains of its pan, as a balance control: centred plays both sides whole,
    /// panning turns the far side down (hard left: right silent), so a chip never gets louder than
    /// its file.
    public var panGains: (left: Float, right: Float) {
        let p = Float(min(max(pan ?? 0, -100), 100)) / 100  // −1 … 1
        return (min(1, 1 - p), min(1, 1 + p))
    }
}
