/// A time signature, as a musician writes it: `4/4`, `6/8`, `7/8`.
///
/// Woodshed counts one beat per `unit` (the lower number): at 120 BPM a 4/4 bar has four clicks of
/// 500 ms, a 6/8 bar six clicks of 500 ms. Compound meters (6/8, 9/8, 12/8) group those beats in
/// threes; the first beat of each group after the first gets a secondary accent.
public struct TimeSignature: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Beats per bar (the upper number).
    public var beats: Int
    /// The note value of one beat (the lower number): 2, 4, 8 or 16.
    public var unit: Int

    public init(beats: Int, unit: Int) {
        self.beats = beats
        self.unit = unit
    }

    public static let common = TimeSignature(beats: 4, unit: 4)

    /// Parses `N/D` with N in 1…32 and D one of 1, 2, 4, 8, 16, 32.
    public init?(_ text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let n = Int(parts[0]), let d = Int(parts[1]),
              (1...32).contains(n), [1, 2, 4, 8, 16, 32].contains(d) else { return nil }
        self.init(beats: n, unit: d)
    }

    /// 6/8, 9/8, 12/8 (and the like): beats felt in groups of three.
    public var isCompound: Bool { beats % 3 == 0 && beats > 3 && unit >= 8 }

    /// The length of a bar in quarter notes (4/4 → 4, 6/8 → 3, 7/8 → 3.5).
    public var quarterNotesPerBar: Double { Double(beats) * 4 / Double(unit) }

    /// How strongly beat `index` (0-based within the bar) is accented.
    public func accent(ofBeat index: Int) -> BeatAccent {
        if index == 0 { return .bar }
        if isCompound, index % 3 == 0 { return .group }
        return .none
    }

    public var description: String { "\(beats)/\(unit)" }
}

/// The accent a metronome gives a beat.
public enum BeatAccent: UInt8, Sendable, BitwiseCopyable, Hashable {
    /// An ordinary beat.
    case none
    /// The first beat of a group in a compound meter (beat 4 of 6/8).
    case group
    /// The first beat of the bar.
    case bar
}
