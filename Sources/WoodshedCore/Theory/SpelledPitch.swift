/// A spelled note in a particular octave (`C4`, `F#3`, `Bbb1`); middle C is C4 = MIDI 60.
///
/// The octave number belongs to the letter, as in scientific pitch notation: `B#3` sounds like
/// `C4` (MIDI 60) and `Cb4` like `B3` (MIDI 59). Keeping the spelling lets staff positions and
/// interval names come out right, which a bare MIDI number cannot.
public struct SpelledPitch: Hashable, Sendable, CustomStringConvertible {
    public var name: NoteName
    public var octave: Int

    /// Octaves a note name may carry: -1 (MIDI 0 is C-1) through 9 (MIDI 127 is G9).
    public static let octaveRange = -1...9

    public init(_ name: NoteName, octave: Int) {
        self.name = name
        self.octave = octave
    }

    public init(_ letter: NoteLetter, _ accidental: Accidental = .natural, octave: Int) {
        self.init(NoteName(letter, accidental), octave: octave)
    }

    /// Reads `C4`, `c#4`, `Db3`, `F##2`, `Bbb1`, `E♭5`, `C-1`; the octave is required.
    public init(parsing text: String) throws(TheoryError) {
        let (name, octave) = try NoteName.parseWithOptionalOctave(text)
        guard let octave else { throw .missingOctave(text.trimmingWhitespace()) }
        self.init(name, octave: octave)
    }

    public var letter: NoteLetter { name.letter }
    public var accidental: Accidental { name.accidental }

    /// The MIDI note number it sounds: C4 → 60, B#3 → 60, Cb4 → 59. May fall outside 0…127 for
    /// notes at the very edges (Cb-1 → -1).
    public var midiNote: Int { (octave + 1) * 12 + letter.naturalSemitone + accidental.semitones }

    /// Counts letters from C0 (C0 = 0, D0 = 1, C1 = 7): the staff position before a clef is
    /// chosen, and the basis of interval numbers.
    public var diatonicNumber: Int { octave * 7 + letter.rawValue }

    public var pitchClass: PitchClass { name.pitchClass }

    /// `C4`, `F#3`, `Bbb1`.
    public var description: String { "\(name)\(octave)" }

    /// The everyday spelling of the same sound: a natural if there is one, else a flat for
    /// Db Eb Gb Ab Bb (B##4 → C#5, Fb3 → E3), as a simpler start when a spelling runs out of accidentals.
    public var simplestSpelling: SpelledPitch {
        let names: [(NoteLetter, Accidental)] = [(.c, .natural), (.d, .flat), (.d, .natural), (.e, .flat), (.e, .natural),
                                                 (.f, .natural), (.g, .flat), (.g, .natural), (.a, .flat), (.a, .natural),
                                                 (.b, .flat), (.b, .natural)]
        let (letter, accidental) = names[midiNote.floorModulo(12)]
        return SpelledPitch(letter, accidental, octave: midiNote.floorDivided(by: 12) - 1)
    }

    /// The note whose letter is `diatonicNumber` (C0 = 0) and which sounds `midiNote`, or an
    /// error if that needs more than a double sharp or flat.
    static func spelled(diatonicNumber: Int, midiNote: Int, what: @autoclosure () -> String,
                        suggestion: @autoclosure () -> String) throws(TheoryError) -> SpelledPitch {
        let letter = NoteLetter(rawValue: diatonicNumber.floorModulo(7))!
        let octave = diatonicNumber.floorDivided(by: 7)
        let offset = midiNote - ((octave + 1) * 12 + letter.naturalSemitone)
        guard let accidental = Accidental(rawValue: offset) else {
            throw .beyondDoubleAccidental(what: what(), letter: letter, semitones: offset, suggestion: suggestion())
        }
        return SpelledPitch(letter, accidental, octave: octave)
    }
}
