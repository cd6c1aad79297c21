/// A hit on a judged voice that matched no note: counted and shown, the combo left as it was.
public struct ExtraHit: Hashable, Sendable, BitwiseCopyable {
    public var voice: DrumVoice
    /// When it was played, as stamped (before the calibration offset).
    public var time: EngineTime
    public var velocity: UInt8

    public init(voice: DrumVoice, time: EngineTime, velocity: UInt8) {
        self.voice = voice
        self.time = time
        self.velocity = velocity
    }
}
