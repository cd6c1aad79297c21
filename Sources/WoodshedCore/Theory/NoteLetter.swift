/// One of the seven letter names of the white keys, C through B.
///
/// Spelling is done on letters first (a third is always two letters up), so the letter is kept
/// apart from the accidental; the raw value counts letters from C, which makes "move the letter by
/// the interval's number" plain arithmetic.
public enum NoteLetter: Int, CaseIterable, Hashable, Sendable, Comparable, CustomStringConvertible {
    case c, d, e, f, g, a, b

    /// Semitones above C of the natural (white-key) note with this letter.
    public var naturalSemitone: Int {
        switch self {
        case .c: 0
        case .d: 2
        case .e: 4
        case .f: 5
        case .g: 7
        case .a: 9
        case .b: 11
        }
    }

    /// The capital letter musicians write: "C" … "B".
    public var description: String {
        switch self {
        case .c: "C"
        case .d: "D"
        case .e: "E"
        case .f: "F"
        case .g: "G"
        case .a: "A"
        case .b: "B"
        }
    }

    /// The letter for `C`/`c` … `B`/`b`, or nil.
    public init?(_ character: Character) {
        switch character {
        case "C", "c": self = .c
        case "D", "d": self = .d
        case "E", "e": self = .e
        case "F", "f": self = .f
        case "G", "g": self = .g
        case "A", "a": self = .a
        case "B", "b": self = .b
        default: return nil
        }
    }

    /// The letter `steps` letters above this one (negative: below), wrapping B → C.
    public func advanced(by steps: Int) -> NoteLetter {
        NoteLetter(rawValue: (rawValue + steps).floorModulo(7))!
    }

    public static func < (lhs: NoteLetter, rhs: NoteLetter) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension Int {
    /// The remainder with the sign of the divisor (always `0..<divisor` for a positive divisor),
    /// which is what octave and letter arithmetic on negative numbers needs.
    @usableFromInline func floorModulo(_ divisor: Int) -> Int {
        let remainder = self % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }

    /// Division rounding towards minus infinity, the partner of `floorModulo`.
    @usableFromInline func floorDivided(by divisor: Int) -> Int {
        (self - floorModulo(divisor)) / divisor
    }
}
