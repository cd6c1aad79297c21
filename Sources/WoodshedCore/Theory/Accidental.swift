/// The sharps and flats that raise or lower a letter, up to a double sharp or double flat.
///
/// Woodshed spells every scale and interval with these five; a spelling that would need a triple
/// sharp or flat is reported as an error instead (see `TheoryError.beyondDoubleAccidental`).
/// The raw value is the number of semitones the accidental moves the natural note.
public enum Accidental: Int, CaseIterable, Hashable, Sendable, Comparable, CustomStringConvertible {
    case doubleFlat = -2
    case flat = -1
    case natural = 0
    case sharp = 1
    case doubleSharp = 2

    /// Semitones this accidental adds to the natural note.
    public var semitones: Int { rawValue }

    /// How it is written after the letter in a note name: `bb`, `b`, nothing, `#`, `##`.
    public var description: String {
        switch self {
        case .doubleFlat: "bb"
        case .flat: "b"
        case .natural: ""
        case .sharp: "#"
        case .doubleSharp: "##"
        }
    }

    /// How it is written before a note head on a staff: `bb`, `b`, nothing, `#`, `x`.
    public var staffSymbol: String {
        self == .doubleSharp ? "x" : description
    }

    /// A musician's name for it ("double sharp"), for messages.
    public var name: String {
        switch self {
        case .doubleFlat: "double flat"
        case .flat: "flat"
        case .natural: "natural"
        case .sharp: "sharp"
        case .doubleSharp: "double sharp"
        }
    }

    /// Reads the accidental part of a note name: `#`, `##`, `x`, `b`, `bb`, `♯`, `♭`, `𝄪`, `𝄫`,
    /// `♮` or nothing. Mixed signs (`#b`) and more than two are rejected with nil.
    public init?<S: StringProtocol>(symbols: S) {
        var total = 0
        var sawSharp = false
        var sawFlat = false
        var sawNatural = false
        for character in symbols {
            switch character {
            case "#", "♯": total += 1; sawSharp = true
            case "x", "X", "𝄪": total += 2; sawSharp = true
            case "b", "♭": total -= 1; sawFlat = true
            case "𝄫": total -= 2; sawFlat = true
            case "♮": sawNatural = true
            default: return nil
            }
        }
        if sawSharp && sawFlat { return nil }
        if sawNatural && (sawSharp || sawFlat || symbols.count > 1) { return nil }
        guard let accidental = Accidental(rawValue: total) else { return nil }
        self = accidental
    }

    public static func < (lhs: Accidental, rhs: Accidental) -> Bool { lhs.rawValue < rhs.rawValue }
}
