/// A sound a chart plays by itself at a point on its grid — a DTX sound-effect or guitar/bass chip —
/// so that a chart built from chips sounds whole while the drummer plays only the drums.
public struct SoundCue: Hashable, Sendable {
    /// Which of the chart's sounds (`Chart.sounds`).
    public var sound: Int
    /// 0-based measure and exact fraction of it, as for notes.
    public var measureIndex: Int
    public var position: ExactFraction
    /// When it sounds, on the chart's clock.
    public var time: EngineTime

    public init(sound: Int, measureIndex: Int, position: ExactFraction, time: EngineTime) {
        self.sound = sound
        self.measureIndex = measureIndex
        self.position = position
        self.time = time
    }
}
