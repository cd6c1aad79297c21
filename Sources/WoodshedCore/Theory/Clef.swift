/// Which notes the five lines of a staff stand for.
///
/// Positions count lines and spaces from the bottom line: 0 is the bottom line, 1 the space
/// above it, 8 the top line; below 0 and above 8 are ledger lines (even) and the spaces between
/// them (odd).
public enum Clef: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// G2 on the bottom line, A3 on the top line, middle C on the first ledger line above.
    case bass
    /// E4 on the bottom line, F5 on the top line, middle C on the first ledger line below.
    case treble

    /// The note on the bottom line.
    public var bottomLine: SpelledPitch {
        switch self {
        case .bass: SpelledPitch(.g, octave: 2)
        case .treble: SpelledPitch(.e, octave: 4)
        }
    }

    /// The line the clef sign marks (the F line for bass, the G line for treble), as a position.
    public var signPosition: Int {
        switch self {
        case .bass: 6
        case .treble: 2
        }
    }

    /// "Bass clef", "Treble clef".
    public var name: String {
        switch self {
        case .bass: "Bass clef"
        case .treble: "Treble clef"
        }
    }

    public var description: String { rawValue }

    /// Reads `bass` or `treble` (any case; `F` and `G` too).
    public init(parsing text: String) throws(TheoryError) {
        switch text.trimmingWhitespace().lowercased() {
        case "bass", "f": self = .bass
        case "treble", "g": self = .treble
        default: throw .unknownClef(text)
        }
    }

    /// Staff position of a note: 0 = bottom line, 8 = top line, even = on a line. Accidentals do
    /// not move a note (F#3 sits where F3 does).
    public func position(of pitch: SpelledPitch) -> Int {
        pitch.diatonicNumber - bottomLine.diatonicNumber
    }

    /// The top line's position.
    public static let topLinePosition = 8

    /// The lowest position a note is placed at when no octave is given: the first ledger line
    /// below the staff (E2 in bass, C4 in treble).
    public static let lowestPlacedPosition = -2

    /// The note named `name` in the lowest octave that puts it at or above the first ledger line
    /// below the staff: where an unoctaved scale starts.
    public func lowestPlacement(of name: NoteName) -> SpelledPitch {
        let bottom = bottomLine.diatonicNumber + Clef.lowestPlacedPosition
        let octave = (bottom - name.letter.rawValue + 6).floorDivided(by: 7)
        return name.inOctave(octave)
    }
}
