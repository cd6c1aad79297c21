/// The MIDI note-on a computer key stands for.
public struct KeyPress: Hashable, Sendable {
    /// 0…127.
    public var note: UInt8
    /// 1…127.
    public var velocity: UInt8

    public init(note: UInt8, velocity: UInt8) {
        self.note = note
        self.velocity = velocity
    }
}
