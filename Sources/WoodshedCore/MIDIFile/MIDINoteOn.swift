/// A note-on of a Standard MIDI File with its time on the engine clock.
public struct MIDINoteOn: Hashable, Sendable {
    public var time: EngineTime
    public var tick: Int64
    /// 0-based channel (9 is General MIDI drums, "channel 10").
    public var channel: UInt8
    public var note: UInt8
    public var velocity: UInt8
    /// The index of the track it came from.
    public var track: Int

    public init(time: EngineTime, tick: Int64, channel: UInt8, note: UInt8, velocity: UInt8, track: Int) {
        self.time = time
        self.tick = tick
        self.channel = channel
        self.note = note
        self.velocity = velocity
        self.track = track
    }
}
