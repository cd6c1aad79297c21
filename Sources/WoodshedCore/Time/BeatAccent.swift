/// The accent a metronome gives a beat.
public enum BeatAccent: UInt8, Sendable, BitwiseCopyable, Hashable {
    /// An ordinary beat.
    case none
    /// The first beat of a group in a compound meter (beat 4 of 6/8).
    case group
    /// The first beat of the bar.
    case bar
}
