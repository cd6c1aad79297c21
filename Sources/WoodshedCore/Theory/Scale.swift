/// A mode built on a spelled root, spelled with seven different letters.
///
/// Because every degree gets the next letter, F# Ionian has E# (not F) and D# Ionian has F## and
/// C##; a scale whose spelling would need a triple sharp or flat cannot be made and throws.
public struct Scale: Hashable, Sendable, CustomStringConvertible {
    public let root: NoteName
    public let mode: Mode
    /// The seven notes from the root up, each with the next letter.
    public let notes: [NoteName]

    public init(root: NoteName, mode: Mode) throws(TheoryError) {
        var notes: [NoteName] = []
        notes.reserveCapacity(7)
        var semitonesAboveRoot = 0
        for degree in 0..<7 {
            let letter = root.letter.advanced(by: degree)
            let wanted = root.pitchClass.value + semitonesAboveRoot
            // The accidental is the smallest move from the natural letter to the wanted pitch class.
            let offset = (wanted - letter.naturalSemitone + 6).floorModulo(12) - 6
            guard let accidental = Accidental(rawValue: offset) else {
                let usual = Scale.conventionalRoot(for: root.pitchClass, mode: mode)
                throw .beyondDoubleAccidental(what: "\(root) \(mode.name) (degree \(degree + 1))", letter: letter,
                                              semitones: offset, suggestion: "use \(usual) \(mode.name), the same sounds spelled the usual way")
            }
            notes.append(NoteName(letter, accidental))
            semitonesAboveRoot += mode.steps[degree]
        }
        self.root = root
        self.mode = mode
        self.notes = notes
    }

    /// The root spelling a musician would use for `pitchClass` in `mode`: the one whose key
    /// signature has the fewest accidentals (C# Dorian, not Db Dorian; Db Ionian, not C# Ionian).
    /// When two spellings tie (six sharps against six flats) the natural letter wins, then the
    /// flat: Gb Ionian, Ab Dorian, Bb Phrygian, B Lydian, Db Mixolydian, Eb Aeolian, F Locrian.
    public static func conventionalRoot(for pitchClass: PitchClass, mode: Mode) -> NoteName {
        let candidates = NoteName.all.filter { $0.pitchClass == pitchClass && abs($0.accidental.semitones) <= 1 }
        var best: (root: NoteName, accidentals: Int, rank: Int)? = nil
        for candidate in candidates {
            guard let scale = try? Scale(root: candidate, mode: mode) else { continue }
            let rank = [Accidental.natural: 0, .flat: 1, .sharp: 2][candidate.accidental] ?? 3
            let count = scale.accidentalCount
            if best == nil || count < best!.accidentals || (count == best!.accidentals && rank < best!.rank) {
                best = (candidate, count, rank)
            }
        }
        return best!.root
    }

    /// The scale on the conventional root for a pitch class (see `conventionalRoot(for:mode:)`).
    public init(pitchClass: PitchClass, mode: Mode) {
        // The conventional root always spells within double accidentals.
        self = try! Scale(root: Scale.conventionalRoot(for: pitchClass, mode: mode), mode: mode)
    }

    /// Reads a root as typed on the command line: a spelled name (`F#`, `Gb`, `D##`; an octave is
    /// ignored), a pitch class pair (`C#/Db`, any order) or a MIDI note number (`61`). The last two
    /// carry no spelling, so they get the conventional root.
    public init(parsingRoot text: String, mode: Mode) throws(TheoryError) {
        let trimmed = text.trimmingWhitespace()
        if let midi = Int(trimmed) {
            guard (0...127).contains(midi) else { throw .unknownRoot(text) }
            self.init(pitchClass: PitchClass(midiNote: midi), mode: mode)
            return
        }
        if trimmed.contains("/") {
            let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false)
            var pitchClasses = Set<PitchClass>()
            for part in parts {
                guard let name = try? NoteName.parseWithOptionalOctave(String(part)).name else { throw .unknownRoot(text) }
                pitchClasses.insert(name.pitchClass)
            }
            guard pitchClasses.count == 1, let pitchClass = pitchClasses.first else { throw .unknownRoot(text) }
            self.init(pitchClass: pitchClass, mode: mode)
            return
        }
        guard let name = try? NoteName.parseWithOptionalOctave(trimmed).name else { throw .unknownRoot(text) }
        try self.init(root: name, mode: mode)
    }

    /// Sharps and flats in the scale, a double counting two: the size of its key signature.
    public var accidentalCount: Int { notes.reduce(0) { $0 + abs($1.accidental.semitones) } }

    /// The notes placed in octaves, rising from `root` in `octave` (the root's own octave number).
    public func pitches(fromOctave octave: Int, includingOctaveAbove: Bool = false) -> [SpelledPitch] {
        let start = root.inOctave(octave).diatonicNumber
        var result = notes.enumerated().map { degree, name in
            SpelledPitch(name, octave: (start + degree).floorDivided(by: 7))
        }
        if includingOctaveAbove { result.append(root.inOctave(octave + 1)) }
        return result
    }

    /// `F# Ionian (major): F# G# A# B C# D# E#`.
    public var description: String {
        "\(root) \(mode.displayName): \(notes.map(\.description).joined(separator: " "))"
    }
}
