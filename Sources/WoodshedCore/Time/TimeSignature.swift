/// A measure's time signature: how many beats and which note value gets the beat.
///
/// Woodshed counts beats in the signature's own unit (quarters in 4/4, eighths in 6/8), so "beat 4"
/// of a 6/8 measure is its fourth eighth note, as a drummer counting "1 2 3 4 5 6" expects.
public struct TimeSignature: Hashable, Sendable, CustomStringConvertible {
    public var beats: Int
    /// The note value of one beat: 4 = quarter, 8 = eighth (a power of two).
    public var noteValue: Int

    public init(_ beats: Int, _ noteValue: Int) {
        self.beats = beats
        self.noteValue = noteValue
    }

    public static let fourFour = TimeSignature(4, 4)

    /// One beat, in quarter notes (1 in 4/4, 1/2 in 6/8).
    public var beatLength: ExactFraction { ExactFraction(4, Int64(noteValue)) }
    /// One full measure, in quarter notes (4 in 4/4, 3 in 6/8).
    public var measureLength: ExactFraction { ExactFraction(Int64(beats) * 4, Int64(noteValue)) }

    /// The simplest signature whose measure is `length` quarter notes long (3.5 → 7/8), or nil if
    /// no power-of-two note value up to 1/64 fits (a DTX bar length of 0.3).
    public init?(fitting length: ExactFraction) {
        guard length > .zero else { return nil }
        var noteValue: Int64 = 4
        while noteValue <= 64 {
            let beats = length * ExactFraction(noteValue, 4)
            if beats.isWhole, beats.numerator <= 1024 {
                self.init(Int(beats.numerator), Int(noteValue))
                return
            }
            noteValue *= 2
        }
        return nil
    }

    /// Whether `noteValue` is a power of two from 1 to 64 and `beats` is 1...1024.
    public var isValid: Bool {
        beats >= 1 && beats <= 1024 && noteValue >= 1 && noteValue <= 64 && noteValue & (noteValue - 1) == 0
    }

    public var description: String { "\(beats)/\(noteValue)" }
}

extension TimeSignature {
    /// Parses `N/D` as typed on the command line (`--sig 7/8`): N in 1…32, D one of 1, 2, 4, 8, 16, 32.
    public init?(_ text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let n = Int(parts[0]), let d = Int(parts[1]),
              (1...32).contains(n), [1, 2, 4, 8, 16, 32].contains(d) else { return nil }
        self.init(n, d)
    }

    /// 6/8, 9/8, 12/8 (and the like): beats felt in groups of three.
    public var isCompound: Bool { beats % 3 == 0 && beats > 3 && noteValue >= 8 }

    /// How strongly a metronome accents beat `index` (0-based within the measure): the first beat of
    /// the measure, and in compound meters the first beat of each later group of three.
    public func accent(ofBeat index: Int) -> BeatAccent {
        if index == 0 { return .bar }
        if isCompound, index % 3 == 0 { return .group }
        return .none
    }
}
