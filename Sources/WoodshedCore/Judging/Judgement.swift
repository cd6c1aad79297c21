/// The final verdict on one note: how it was hit (or that it was missed) and what it scored.
///
/// Judgements come out of the judge in chart order, each one only once every earlier note is
/// decided, so `combo`, `points` and `score` are final when the display sees them.
public struct Judgement: Hashable, Sendable, BitwiseCopyable {
    /// The note's index in the caller's list (`JudgeNote.index`).
    public var noteIndex: Int32
    /// The note's voice (the hit may have been another voice of its group).
    public var voice: DrumVoice
    /// When the note should have been hit.
    public var noteTime: EngineTime
    /// When the matching hit was played, as stamped (before the calibration offset); nil for a miss.
    public var hitTime: EngineTime?
    /// Δ = (hit time − calibration offset) − note time: positive is late. Zero for a miss.
    public var offset: EngineTime
    /// The hit's velocity; 0 for a miss.
    public var velocity: UInt8
    public var tier: Tier
    /// The combo after this note: hits in a row, 0 after a miss.
    public var combo: Int32
    /// What this note scored (100 × tier weight × combo multiplier).
    public var points: Int32
    /// The running score including this note.
    public var score: Int64

    public init(
        noteIndex: Int32, voice: DrumVoice, noteTime: EngineTime, hitTime: EngineTime?, offset: EngineTime,
        velocity: UInt8, tier: Tier, combo: Int32, points: Int32, score: Int64
    ) {
        self.noteIndex = noteIndex
        self.voice = voice
        self.noteTime = noteTime
        self.hitTime = hitTime
        self.offset = offset
        self.velocity = velocity
        self.tier = tier
        self.combo = combo
        self.points = points
        self.score = score
    }
}
