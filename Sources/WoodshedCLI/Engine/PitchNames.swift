import WoodshedCore

/// Note names for display.
enum PitchNames {
    private static let sharps = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]
    private static let flats = ["C", "Db", "D", "Eb", "E", "F", "Gb", "G", "Ab", "A", "Bb", "B"]

    /// A key has no spelling of its own: a white key is its letter, a black key both of its names
    /// (`C#4/Db4`), as a keyboard player reads it.
    static func name(of note: UInt8) -> String {
        let octave = Int(note) / 12 - 1
        let pc = Int(note) % 12
        return sharps[pc] == flats[pc] ? "\(sharps[pc])\(octave)" : "\(sharps[pc])\(octave)/\(flats[pc])\(octave)"
    }

    /// Where the note lies on a guitar in standard tuning (string 1 = high E), frets 0–24.
    static func guitarPositions(of note: UInt8) -> [FretPosition] {
        guard let pitch = try? SpelledPitch(parsing: "\(sharps[Int(note) % 12])\(Int(note) / 12 - 1)") else { return [] }
        return Tuning.guitar.positions(of: pitch)
    }
}
