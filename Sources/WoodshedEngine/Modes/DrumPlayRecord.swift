import WoodshedCore

/// One thing `DrumJudgeMode` reports to the display and the store, in the order it happened.
public enum DrumPlayRecord: Hashable, Sendable, BitwiseCopyable {
    /// A note's final, scored judgement (in chart order).
    case judged(Judgement)
    /// A hit on a judged voice that matched no note, reported as it is played.
    case extra(ExtraHit)
    /// A hit on a voice not being practised (voice isolation): sounded, not judged.
    case ignored(voice: DrumVoice, time: EngineTime, velocity: UInt8)
    /// A hit the kit's filters dropped (too soft, a double trigger, crosstalk): not sounded, not judged.
    case dropped(MIDIEvent, DropReason)
}
