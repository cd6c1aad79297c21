/// One tap of a calibration, paired with the metronome beat nearest to it.
///
/// Made on the timing thread (a plain value, no allocation) and analysed on the main thread by
/// `TapAnalysis`. Times are practice times: 0 is the first beat after the count-in.
public struct CalibrationTap: Hashable, Sendable, BitwiseCopyable {
    /// When the tap arrived (the kernel's stamp, on the practice time base).
    public var time: EngineTime
    /// The nearest beat's number: 0 is the first beat after the count-in, count-in beats are negative.
    public var beat: Int
    /// When that beat's click was due.
    public var beatTime: EngineTime
    /// The note that was played (any pad or key counts).
    public var note: UInt8
    public var velocity: UInt8
    /// Which MIDI source it came from (`MIDIEvent.source`): a calibration belongs to that source.
    public var source: UInt16

    public init(time: EngineTime, beat: Int, beatTime: EngineTime, note: UInt8 = 38, velocity: UInt8 = 100, source: UInt16 = 0) {
        self.time = time
        self.beat = beat
        self.beatTime = beatTime
        self.note = note
        self.velocity = velocity
        self.source = source
    }

    /// How far the tap is from its beat: positive when it arrived after the click.
    @inlinable public var offset: EngineTime { time - beatTime }

    /// Whether the tap belongs to the count-in, which is for listening and is not counted.
    @inlinable public var isCountIn: Bool { beat < 0 }
}
