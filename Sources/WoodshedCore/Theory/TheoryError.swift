/// Why a note, interval, mode, tuning or clef could not be read or spelled.
///
/// Each message is one line that names what was typed and lists what would have worked, because
/// the person reading it is at an instrument, not at a debugger.
public enum TheoryError: UserFacingError, Hashable {
    /// A note name that does not parse (`H4`, `C#b`, `Cx#`).
    case unknownNote(String)
    /// A note given without an octave where one is needed.
    case missingOctave(String)
    /// A scale root that is neither a note name, a pair like `C#/Db`, nor a MIDI note number.
    case unknownRoot(String)
    /// A mode name that is not one of the seven (or major/minor).
    case unknownMode(String)
    /// An interval name that is not `m2` … `P15`, an A/d variant, or a long name.
    case unknownInterval(String)
    /// A tuning name that is not built in (or loaded).
    case unknownTuning(String, known: [String])
    /// A clef name other than bass or treble.
    case unknownClef(String)
    /// A spelling that would need a triple sharp or flat, e.g. B## up an augmented 6th (G###);
    /// `suggestion` names a respelling that works.
    case beyondDoubleAccidental(what: String, letter: NoteLetter, semitones: Int, suggestion: String)

    public var message: String {
        switch self {
        case .unknownNote(let text):
            return "unknown note '\(text)'; write a letter A-G, then optionally #, ##, x, b or bb (or ♯ ♭), "
                + "then an octave where needed (C4 is middle C), e.g. C4, F#3, Bb, Ebb2"
        case .missingOctave(let text):
            return "note '\(text)' needs an octave here; add one, e.g. \(text)4 (C4 is middle C)"
        case .unknownRoot(let text):
            return "unknown root '\(text)'; give a note name (C, F#, Bb, D##), a pitch class pair (C#/Db) "
                + "or a MIDI note number 0-127"
        case .unknownMode(let text):
            return "unknown mode '\(text)'; choose one of: \(Mode.allNames.joined(separator: ", "))"
        case .unknownInterval(let text):
            return "unknown interval '\(text)'; choose one of: \(Interval.common.map(\.shortName).joined(separator: " ")) "
                + "(or P1 m14 M14 P15, A/d of each, e.g. A9 d7, or a name like 'minor 6th')"
        case .unknownTuning(let text, let known):
            return "unknown tuning '\(text)'; choose one of: \(known.joined(separator: ", "))"
        case .unknownClef(let text):
            return "unknown clef '\(text)'; choose one of: \(Clef.allCases.map(\.rawValue).joined(separator: ", "))"
        case .beyondDoubleAccidental(let what, let letter, let semitones, let suggestion):
            let sign = semitones > 0 ? "#" : "b"
            let needed = "\(letter)" + String(repeating: sign, count: abs(semitones))
            return "\(what) would need \(needed), beyond a double \(semitones > 0 ? "sharp" : "flat"); \(suggestion)"
        }
    }
}
