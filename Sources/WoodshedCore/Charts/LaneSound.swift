/// A chip in a drum lane that is not a note to play: a sound for the drummer's hits (DTX).
///
/// DTXMania has two: *hidden* chips (channels 31–3C), not shown and not judged, whose sounds count
/// with the notes' when a hit looks for the nearest chip of its lane; and *empty-hit* chips
/// (B1–BE), which set what a hit on that lane plays from there on when it matches no note.
public struct LaneSound: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case hidden
        case emptyHit = "empty-hit"
    }

    public var kind: Kind
    public var voice: DrumVoice
    /// Which of the chart's sounds (`Chart.sounds`).
    public var sound: Int
    /// 0-based measure and exact fraction of it, as for notes.
    public var measureIndex: Int
    public var position: ExactFraction
    /// Where it is, on the chart's clock.
    public var time: EngineTime

    public init(kind: Kind, voice: DrumVoice, sound: Int, measureIndex: Int, position: ExactFraction, time: EngineTime) {
        self.kind = kind
        self.voice = voice
        self.sound = sound
        self.measureIndex = measureIndex
        self.position = position
        self.time = time
    }
}
