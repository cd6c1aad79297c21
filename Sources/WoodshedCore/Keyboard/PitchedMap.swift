/// How the notes of a MIDI keyboard (or any pitched instrument) become pitches.
///
/// Loaded from a mapping file of kind `pitched` (`mappings/piano.toml`). All plain integers: the
/// timing thread calls `pitch(forNote:velocity:)` freely.
public struct PitchedMap: Hashable, Sendable {
    /// Semitones added to every note, for a keyboard set to transpose or a transposing instrument.
    public var transpose: Int
    /// Keys below `lowestNote` or above `highestNote` (before transposing) are ignored: a controller
    /// with drum pads or buttons on extra notes keeps them out of the quiz.
    public var lowestNote: UInt8
    public var highestNote: UInt8
    /// Softer notes (1…127) are ignored: some keyboards send faint ghost notes.
    public var minimumVelocity: UInt8

    public init(transpose: Int = 0, lowestNote: UInt8 = 0, highestNote: UInt8 = 127, minimumVelocity: UInt8 = 1) {
        self.transpose = transpose
        self.lowestNote = lowestNote
        self.highestNote = highestNote
        self.minimumVelocity = max(1, minimumVelocity)
    }

    /// The pitch a note-on plays, or nil when it is out of range or too soft (velocity 0 is a
    /// note-off and never plays).
    @inlinable public func pitch(forNote note: UInt8, velocity: UInt8) -> PitchedNote? {
        guard velocity >= minimumVelocity else { return nil }
        return pitch(forNote: note)
    }

    /// The pitch a key sounds, or nil when it is out of range.
    @inlinable public func pitch(forNote note: UInt8) -> PitchedNote? {
        guard note >= lowestNote, note <= highestNote, note < 128 else { return nil }
        return PitchedNote(midiNote: Int(note) + transpose)
    }
}
