/// A spelled note without an octave: a letter and an accidental (`F#`, `Bb`, `D##`).
///
/// This is what a scale is made of and what a key is named by; two names can sound the same
/// (`F#` and `Gb`) yet be different notes in a key, which is why the spelling is kept.
public struct NoteName: Hashable, Sendable, CustomStringConvertible {
    public var letter: NoteLetter
    public var accidental: Accidental

    public init(_ letter: NoteLetter, _ accidental: Accidental = .natural) {
        self.letter = letter
        self.accidental = accidental
    }

    /// Reads `C`, `c#`, `Db`, `F##`, `Fx`, `Bbb`, `E♯`, `B♭`. An octave is not allowed here; use
    /// `SpelledPitch(parsing:)` or `NoteName.parseWithOptionalOctave(_:)` for that.
    public init(parsing text: String) throws(TheoryError) {
        let (name, octave) = try NoteName.parseWithOptionalOctave(text)
        if octave != nil { throw .unknownNote(text) }
        self = name
    }

    /// Reads a note name with or without an octave (`C`, `C4`, `Bb-1`), for commands where the
    /// octave is optional.
    public static func parseWithOptionalOctave(_ text: String) throws(TheoryError) -> (name: NoteName, octave: Int?) {
        let trimmed = text.trimmingWhitespace()
        guard let first = trimmed.first, let letter = NoteLetter(first) else { throw .unknownNote(text) }
        let rest = trimmed.dropFirst()
        // The octave is the trailing run of digits, with an optional minus for octave -1.
        var octaveStart = rest.endIndex
        while octaveStart > rest.startIndex, rest[rest.index(before: octaveStart)].isASCIIDigit {
            octaveStart = rest.index(before: octaveStart)
        }
        if octaveStart > rest.startIndex, octaveStart < rest.endIndex, rest[rest.index(before: octaveStart)] == "-" {
            octaveStart = rest.index(before: octaveStart)
        }
        let symbols = rest[rest.startIndex..<octaveStart]
        guard let accidental = Accidental(symbols: symbols) else { throw .unknownNote(text) }
        let octaveText = rest[octaveStart...]
        var octave: Int? = nil
        if !octaveText.isEmpty {
            guard let value = Int(octaveText), SpelledPitch.octaveRange.contains(value) else { throw .unknownNote(text) }
            octave = value
        }
        return (NoteName(letter, accidental), octave)
    }

    /// The pitch class it sounds (`Cb` → 11, `B#` → 0).
    public var pitchClass: PitchClass { PitchClass(letter.naturalSemitone + accidental.semitones) }

    /// `F#`, `Bb`, `D##`, `Ebb`.
    public var description: String { "\(letter)\(accidental)" }

    /// Every name Woodshed can spell (7 letters × 5 accidentals = 35), naturals first, then
    /// sharps, flats, double sharps, double flats.
    public static let all: [NoteName] = [Accidental.natural, .sharp, .flat, .doubleSharp, .doubleFlat].flatMap { accidental in
        NoteLetter.allCases.map { NoteName($0, accidental) }
    }

    /// This note placed in an octave.
    public func inOctave(_ octave: Int) -> SpelledPitch { SpelledPitch(self, octave: octave) }

    /// The note an interval above (or below) this one, spelled by letter first (`C` + m9 = `Db`).
    public func transposed(by interval: Interval, _ direction: IntervalDirection = .up) throws(TheoryError) -> NoteName {
        try inOctave(4).transposed(by: interval, direction).name
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and newlines (no Foundation needed).
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[start...end])
    }
}
