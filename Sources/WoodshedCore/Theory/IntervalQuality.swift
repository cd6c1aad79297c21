/// The quality half of an interval's name: diminished, minor, major, perfect or augmented.
///
/// Unisons, fourths, fifths and octaves (and their compounds) are perfect, augmented or
/// diminished; the rest are major, minor, augmented or diminished.
public enum IntervalQuality: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case diminished = "d"
    case minor = "m"
    case perfect = "P"
    case major = "M"
    case augmented = "A"

    /// The letter used in short names: `d`, `m`, `P`, `M`, `A`.
    public var symbol: String { rawValue }

    /// The word used in long names: "Diminished", "Minor", ….
    public var name: String {
        switch self {
        case .diminished: "Diminished"
        case .minor: "Minor"
        case .perfect: "Perfect"
        case .major: "Major"
        case .augmented: "Augmented"
        }
    }

    public var description: String { name }

    /// Reads a short symbol (`m`, `M`, `P`, `A`, `d`; `p` and `a` too) or a word or its usual
    /// abbreviation (`minor`/`min`, `major`/`maj`, `perfect`/`perf`, `augmented`/`aug`,
    /// `diminished`/`dim`, any case).
    init?(parsing text: Substring) {
        switch text {
        case "d": self = .diminished
        case "m": self = .minor
        case "P", "p": self = .perfect
        case "M": self = .major
        case "A", "a": self = .augmented
        default:
            switch text.lowercased() {
            case "diminished", "dim": self = .diminished
            case "minor", "min": self = .minor
            case "perfect", "perf": self = .perfect
            case "major", "maj": self = .major
            case "augmented", "aug": self = .augmented
            default: return nil
            }
        }
    }
}

/// Which way an interval is taken from the starting note.
public enum IntervalDirection: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case up
    case down

    /// +1 for up, -1 for down.
    public var sign: Int { self == .up ? 1 : -1 }

    public var description: String { rawValue }
}
