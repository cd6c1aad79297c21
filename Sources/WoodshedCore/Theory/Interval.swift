/// An interval named by quality and number, as musicians name them: `m3`, `P5`, `A4`, `m9`.
///
/// The number counts letters (a third spans three letter names) and the quality fixes the exact
/// size, so the same number of semitones can be two different intervals (A4 and d5 are both six
/// semitones) that spell differently: C + A4 = F#, C + d5 = Gb. Numbers run from the unison (1)
/// to the double octave (15), the range ear-training drills cover.
public struct Interval: Hashable, Sendable, CustomStringConvertible {
    public let quality: IntervalQuality
    /// 1 = unison, 2 = second, … 8 = octave, 9 = ninth, … 15 = double octave.
    public let number: Int

    /// The interval numbers Woodshed names: unison through double octave.
    public static let numberRange = 1...15

    /// The interval of `quality` and `number`, or nil when the two do not go together (there is
    /// no perfect third, no minor fifth) or the number is out of range. The diminished unison,
    /// which would go down while calling itself up, is not an interval here.
    public init?(_ quality: IntervalQuality, _ number: Int) {
        guard Interval.numberRange.contains(number) else { return nil }
        switch quality {
        case .perfect: guard Interval.isPerfectKind(number) else { return nil }
        case .major, .minor: guard !Interval.isPerfectKind(number) else { return nil }
        case .diminished: guard number > 1 else { return nil }
        case .augmented: break
        }
        self.quality = quality
        self.number = number
    }

    /// Unisons, fourths, fifths, octaves and their compounds take perfect/augmented/diminished.
    public static func isPerfectKind(_ number: Int) -> Bool {
        [0, 3, 4].contains((number - 1) % 7)
    }

    /// Size in semitones: m2 1, M2 2, … P8 12, m9 13, … M13 21, P15 24.
    public var semitones: Int {
        let simpleIndex = (number - 1) % 7
        let octaves = (number - 1) / 7
        let majorOrPerfect = [0, 2, 4, 5, 7, 9, 11][simpleIndex] + 12 * octaves
        switch quality {
        case .perfect, .major: return majorOrPerfect
        case .minor: return majorOrPerfect - 1
        case .augmented: return majorOrPerfect + 1
        case .diminished: return majorOrPerfect - (Interval.isPerfectKind(number) ? 1 : 2)
        }
    }

    /// Letter steps the interval spans (its number minus one): a third moves the letter by 2.
    public var letterSteps: Int { number - 1 }

    /// `m2`, `P5`, `A4`, `M13`.
    public var shortName: String { "\(quality.symbol)\(number)" }

    /// "Minor 6th", "Augmented 4th", "Perfect Unison", "Perfect Octave", "Major 9th".
    public var name: String { "\(quality.name) \(Interval.numberName(number))" }

    public var description: String { shortName }

    static func numberName(_ number: Int) -> String {
        switch number {
        case 1: return "Unison"
        case 8: return "Octave"
        case 15: return "Double Octave"
        case 2: return "2nd"
        case 3: return "3rd"
        default: return "\(number)th"
        }
    }

    /// The intervals of the list: m2 … P8 and the compounds m9 … M13 (A4 and d5 both,
    /// A11 for the tritone above the octave). The list a quiz draws from by default.
    public static let common: [Interval] = [
        "m2", "M2", "m3", "M3", "P4", "A4", "d5", "P5", "m6", "M6", "m7", "M7", "P8",
        "m9", "M9", "m10", "M10", "P11", "A11", "P12", "m13", "M13",
    ].map { try! Interval(parsing: $0) }

    /// Every interval Woodshed names, ordered by number and then size (d, m, P, M, A).
    public static let all: [Interval] = numberRange.flatMap { number in
        IntervalQuality.allCases.compactMap { Interval($0, number) }
    }

    /// Reads a short name (`m2`, `M9`, `P4`, `A4`, `d5`, `A9`) or a long one ("minor 6th",
    /// "Augmented Fourth", "perfect octave", "maj 3", "dim 7th").
    public init(parsing text: String) throws(TheoryError) {
        let trimmed = text.trimmingWhitespace()
        let words = trimmed.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "_" })
        let qualityText: Substring
        let numberText: String
        if words.count >= 2 {
            qualityText = words[0]
            numberText = words.dropFirst().joined(separator: " ")
        } else if let firstDigit = trimmed.firstIndex(where: { $0.isASCIIDigit }), firstDigit > trimmed.startIndex {
            qualityText = trimmed[trimmed.startIndex..<firstDigit]
            numberText = String(trimmed[firstDigit...])
        } else {
            throw .unknownInterval(text)
        }
        guard let quality = IntervalQuality(parsing: qualityText),
              let number = Interval.parseNumber(numberText),
              let interval = Interval(quality, number)
        else { throw .unknownInterval(text) }
        self = interval
    }

    private static func parseNumber(_ text: String) -> Int? {
        let lower = text.lowercased()
        if let value = Int(lower) { return value }
        let words = ["unison": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
                     "octave": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
                     "fourteenth": 14, "fifteenth": 15, "double octave": 15]
        if let value = words[lower] { return value }
        for suffix in ["st", "nd", "rd", "th"] where lower.hasSuffix(suffix) {
            return Int(lower.dropLast(2))
        }
        return nil
    }

    /// The interval from `start` to `end` and its direction, or nil when it is not one Woodshed
    /// names (wider than two octaves, doubly augmented, or a diminished unison). A unison is "up".
    public static func between(_ start: SpelledPitch, _ end: SpelledPitch) -> (interval: Interval, direction: IntervalDirection)? {
        let letterSteps = end.diatonicNumber - start.diatonicNumber
        let semitoneDistance = end.midiNote - start.midiNote
        // A unison goes whichever way its semitones do (C to C# is up, C to Cb down).
        let direction: IntervalDirection = letterSteps > 0 || (letterSteps == 0 && semitoneDistance >= 0) ? .up : .down
        let number = abs(letterSteps) + 1
        let size = semitoneDistance * direction.sign
        for quality in IntervalQuality.allCases {
            if let interval = Interval(quality, number), interval.semitones == size {
                return (interval, direction)
            }
        }
        return nil
    }
}

extension SpelledPitch {
    /// The note `interval` above (or below) this one. The letter moves by the interval's number
    /// first and the accidental then makes the size right, so C4 + m9 = Db5, C4 + A4 = F#4,
    /// C4 + d5 = Gb4, and C4 down m3 = A3. Throws when the result would need a triple accidental.
    public func transposed(by interval: Interval, _ direction: IntervalDirection = .up) throws(TheoryError) -> SpelledPitch {
        try SpelledPitch.spelled(
            diatonicNumber: diatonicNumber + interval.letterSteps * direction.sign,
            midiNote: midiNote + interval.semitones * direction.sign,
            what: "\(interval.name.lowercased()) \(direction) from \(self)",
            suggestion: "start from \(simplestSpelling) instead"
        )
    }
}
