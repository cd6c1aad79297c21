/// A place on a fretted neck: a string (1 = the highest-sounding string, as on tab) and a fret
/// (0 = open).
public struct FretPosition: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    public var string: Int
    public var fret: Int

    public init(string: Int, fret: Int) {
        self.string = string
        self.fret = fret
    }

    /// String 1 first, then lower frets first: the order a list of positions is printed in.
    public static func < (lhs: FretPosition, rhs: FretPosition) -> Bool {
        (lhs.string, lhs.fret) < (rhs.string, rhs.fret)
    }

    /// `string 2 fret 5`.
    public var description: String { "string \(string) fret \(fret)" }
}
