/// A played pitch as pitch class and octave, before any spelling.
///
/// Middle C is C4 = MIDI 60. Which name a pitch class gets (C♯ or D♭) depends on the key and is
/// the theory code's business; this only says which of the twelve it is and in which octave.
public struct PitchedNote: Hashable, Sendable, CustomStringConvertible {
    /// The MIDI note number (60 = middle C). May lie outside 0…127 after a transpose.
    public var midiNote: Int

    @inlinable public init(midiNote: Int) { self.midiNote = midiNote }

    /// 0 = C, 1 = C♯/D♭, … 11 = B.
    @inlinable public var pitchClass: Int { ((midiNote % 12) + 12) % 12 }
    /// Scientific octave number: C4 … B4 is octave 4; MIDI 0 is C-1.
    @inlinable public var octave: Int { (midiNote - pitchClass) / 12 - 1 }

    public var description: String { "pitch class \(pitchClass), octave \(octave)" }
}
