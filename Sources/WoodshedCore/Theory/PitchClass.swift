/// A pitch with its spelling and octave forgotten: 0 = C, 1 = C#/Db, … 11 = B.
///
/// This is what a MIDI keyboard or a fret tells us; turning it back into a spelled note needs a
/// context such as a key (see `Scale.conventionalRoot(for:mode:)`).
public struct PitchClass: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// 0 … 11, semitones above C.
    public let value: Int

    /// Any integer, reduced into 0 … 11 (so a MIDI note number works: 61 → 1).
    public init(_ semitonesAboveC: Int) {
        value = semitonesAboveC.floorModulo(12)
    }

    /// The pitch class a MIDI note number sounds (60, middle C → 0).
    public init(midiNote: Int) { self.init(midiNote) }

    /// All twelve, from C.
    public static let all: [PitchClass] = (0..<12).map { PitchClass($0) }

    /// The common names: "C", "C#/Db", … "B".
    public var description: String {
        ["C", "C#/Db", "D", "D#/Eb", "E", "F", "F#/Gb", "G", "G#/Ab", "A", "A#/Bb", "B"][value]
    }

    public static func < (lhs: PitchClass, rhs: PitchClass) -> Bool { lhs.value < rhs.value }
}
