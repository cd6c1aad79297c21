/// One metronome beat: when, and how strongly accented.
public struct Beat: Hashable, Sendable, BitwiseCopyable {
    public var time: EngineTime
    public var accent: BeatAccent
    public init(time: EngineTime, accent: BeatAccent) {
        self.time = time
        self.accent = accent
    }
}
