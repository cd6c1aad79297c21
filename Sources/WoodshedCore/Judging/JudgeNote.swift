/// One note the judge expects: when and on which voice, and where it sits in the caller's list.
///
/// The caller builds these from a chart's notes — times already scaled for the practice speed,
/// only the voices being practised — so that the judge knows nothing about charts, tempo or loops.
public struct JudgeNote: Hashable, Sendable, BitwiseCopyable {
    /// When the note should be hit, on the practice time base.
    public var time: EngineTime
    public var voice: DrumVoice
    /// The note's index in the caller's list (chart order), handed back in each `Judgement`.
    public var index: Int32

    public init(time: EngineTime, voice: DrumVoice, index: Int32) {
        self.time = time
        self.voice = voice
        self.index = index
    }
}
