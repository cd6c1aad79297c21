/// The seven diatonic modes, each a rotation of the major scale's step pattern.
public enum Mode: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case ionian
    case dorian
    case phrygian
    case lydian
    case mixolydian
    case aeolian
    case locrian

    /// Semitones from each degree to the next, seven steps adding up to an octave.
    public var steps: [Int] {
        switch self {
        case .ionian: [2, 2, 1, 2, 2, 2, 1]
        case .dorian: [2, 1, 2, 2, 2, 1, 2]
        case .phrygian: [1, 2, 2, 2, 1, 2, 2]
        case .lydian: [2, 2, 2, 1, 2, 2, 1]
        case .mixolydian: [2, 2, 1, 2, 2, 1, 2]
        case .aeolian: [2, 1, 2, 2, 1, 2, 2]
        case .locrian: [1, 2, 2, 1, 2, 2, 2]
        }
    }

    /// The steps as musicians say them: `W-W-H-W-W-W-H` (W = whole step, H = half step).
    public var pattern: String {
        steps.map { $0 == 2 ? "W" : "H" }.joined(separator: "-")
    }

    /// "Ionian", "Dorian", …
    public var name: String {
        switch self {
        case .ionian: "Ionian"
        case .dorian: "Dorian"
        case .phrygian: "Phrygian"
        case .lydian: "Lydian"
        case .mixolydian: "Mixolydian"
        case .aeolian: "Aeolian"
        case .locrian: "Locrian"
        }
    }

    /// "Ionian (major)", "Aeolian (natural minor)", otherwise just the name.
    public var displayName: String {
        switch self {
        case .ionian: "Ionian (major)"
        case .aeolian: "Aeolian (natural minor)"
        default: name
        }
    }

    public var description: String { rawValue }

    /// Every name `Mode(parsing:)` accepts, for messages and completion.
    public static let allNames: [String] = ["ionian", "major", "dorian", "phrygian", "lydian", "mixolydian",
                                            "aeolian", "minor", "locrian"]

    /// Reads a mode name in any case: the seven, plus `major` (Ionian) and `minor` (Aeolian).
    public init(parsing text: String) throws(TheoryError) {
        switch text.trimmingWhitespace().lowercased() {
        case "major": self = .ionian
        case "minor": self = .aeolian
        case let name:
            guard let mode = Mode(rawValue: name) else { throw .unknownMode(text) }
            self = mode
        }
    }
}
