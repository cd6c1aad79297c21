/// One note of a drum chart: which voice to hit, when, and how hard.
///
/// The time is on the engine's one clock (zero = start of the chart's first measure); the measure
/// and exact position within it are kept as well so that views and writers never have to
/// reconstruct the grid from a rounded time.
public struct ChartNote: Hashable, Sendable {
    public var voice: DrumVoice
    public var time: EngineTime
    /// 0-based index of the measure (user-facing measure numbers are `measureIndex + 1`).
    public var measureIndex: Int
    /// How far into the measure the note falls, as an exact fraction of the measure (0 ..< 1).
    public var position: ExactFraction
    public var velocity: UInt8
    public var dynamic: NoteDynamic
    /// Where the note falls within its beat.
    public var placement: BeatPlacement
    /// The chart's own sound for this note (an index into `Chart.sounds`: a DTX chip), if it has one.
    public var sound: Int?

    public init(
        voice: DrumVoice, time: EngineTime, measureIndex: Int, position: ExactFraction,
        velocity: UInt8, dynamic: NoteDynamic, placement: BeatPlacement, sound: Int? = nil
    ) {
        self.voice = voice
        self.time = time
        self.measureIndex = measureIndex
        self.position = position
        self.velocity = velocity
        self.dynamic = dynamic
        self.placement = placement
        self.sound = sound
    }

    /// The 1-based measure number a musician reads.
    public var measureNumber: Int { measureIndex + 1 }

    /// Chart order: by time, then by voice index (so a kick and a crash together always come kick first).
    @inlinable public static func chartOrder(_ a: ChartNote, _ b: ChartNote) -> Bool {
        a.time != b.time ? a.time < b.time : a.voice.index < b.voice.index
    }
}
