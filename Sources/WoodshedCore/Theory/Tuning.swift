/// The open strings of a fretted instrument, and where on its neck a note can be played.
///
/// A plain value so tunings can come from a file as easily as from `builtIn`. `strings` lists
/// the open strings as tunings are usually written, from the highest-numbered string (the
/// thickest, nearest the player's chin) to string 1: guitar `E2 A2 D3 G3 B3 E4`, ukulele
/// `G4 C4 E4 A4` (re-entrant: string 4 is not the lowest note, which is why the order is by string,
/// not by pitch).
public struct Tuning: Hashable, Sendable, CustomStringConvertible {
    /// The name typed after `--tuning` (`guitar`, `drop-d`).
    public var name: String
    /// Open strings from the highest-numbered string to string 1.
    public var strings: [SpelledPitch]

    public init(name: String, strings: [SpelledPitch]) {
        self.name = name
        self.strings = strings
    }

    /// Frets 0 (open) through 24, the longest common neck.
    public static let fretRange = 0...24

    public static let guitar = Tuning(name: "guitar", strings: ["E2", "A2", "D3", "G3", "B3", "E4"].map(pitch))
    public static let dropD = Tuning(name: "drop-d", strings: ["D2", "A2", "D3", "G3", "B3", "E4"].map(pitch))
    public static let bass = Tuning(name: "bass", strings: ["E1", "A1", "D2", "G2"].map(pitch))
    public static let fiveStringBass = Tuning(name: "bass-5", strings: ["B0", "E1", "A1", "D2", "G2"].map(pitch))
    public static let ukulele = Tuning(name: "ukulele", strings: ["G4", "C4", "E4", "A4"].map(pitch))

    /// The tunings Woodshed knows without a configuration file.
    public static let builtIn: [Tuning] = [guitar, dropD, bass, fiveStringBass, ukulele]

    private static func pitch(_ text: String) -> SpelledPitch { try! SpelledPitch(parsing: text) }

    /// The tuning called `name` (any case) among `tunings`, or an error listing their names.
    public static func named(_ name: String, in tunings: [Tuning] = builtIn) throws(TheoryError) -> Tuning {
        let wanted = name.trimmingWhitespace().lowercased()
        guard let tuning = tunings.first(where: { $0.name.lowercased() == wanted }) else {
            throw .unknownTuning(name, known: tunings.map(\.name))
        }
        return tuning
    }

    /// How many strings the instrument has.
    public var stringCount: Int { strings.count }

    /// The open note of string `number` (1 = highest-sounding, as on tab), or nil.
    public func openString(_ number: Int) -> SpelledPitch? {
        guard number >= 1, number <= strings.count else { return nil }
        return strings[strings.count - number]
    }

    /// The MIDI note sounded at a position (open string + fret).
    public func midiNote(at position: FretPosition) -> Int? {
        openString(position.string).map { $0.midiNote + position.fret }
    }

    /// Every position that sounds `pitch` (enharmonics included: Fb4 is played where E4 is),
    /// string 1 first.
    public func positions(of pitch: SpelledPitch, frets: ClosedRange<Int> = fretRange) -> [FretPosition] {
        positions(frets: frets) { $0 == pitch.midiNote }
    }

    /// Every position that sounds `pitchClass` in any octave, string 1 first: "all the Es".
    public func positions(of pitchClass: PitchClass, frets: ClosedRange<Int> = fretRange) -> [FretPosition] {
        positions(frets: frets) { PitchClass(midiNote: $0) == pitchClass }
    }

    private func positions(frets: ClosedRange<Int>, where matches: (Int) -> Bool) -> [FretPosition] {
        var result: [FretPosition] = []
        for (index, open) in strings.enumerated() {
            for fret in frets where matches(open.midiNote + fret) {
                result.append(FretPosition(string: strings.count - index, fret: fret))
            }
        }
        return result.sorted()
    }

    /// `guitar (E2 A2 D3 G3 B3 E4)`.
    public var description: String { "\(name) (\(strings.map(\.description).joined(separator: " ")))" }
}
