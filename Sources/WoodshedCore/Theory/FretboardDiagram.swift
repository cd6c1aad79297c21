/// A fretboard drawn in text, string 1 at the top as on tab, with chosen positions marked `o`.
///
/// ```
///       0    1   2   3   4   5
/// 1 A4  o ||---|---|---|---|---|
/// 2 E4    ||---|---|---|---|-o-|
/// 3 C4    ||---|---|---|---|---|
/// 4 G4    ||---|-o-|---|---|---|
///                    .       .
/// ```
/// A pure value: build it, then print `lines()`; a quiz can mark more positions and redraw.
public struct FretboardDiagram: Hashable, Sendable {
    public var tuning: Tuning
    public var marked: Set<FretPosition>
    /// Frets drawn; 0 (the open string, left of the nut) is always shown.
    public var lastFret: Int

    public init(tuning: Tuning, marked: some Sequence<FretPosition> = [], lastFret: Int = Tuning.fretRange.upperBound) {
        self.tuning = tuning
        self.marked = Set(marked)
        self.lastFret = max(1, lastFret)
    }

    /// Frets that carry an inlay dot on most necks: one dot, or two (`:`) at 12 and 24.
    static let singleDots: Set<Int> = [3, 5, 7, 9, 15, 17, 19, 21]
    static let doubleDots: Set<Int> = [12, 24]

    /// Header with fret numbers, one line per string (string 1 first), and a line of inlay dots.
    public func lines() -> [String] {
        let labelWidth = tuning.strings.map { "\($0)".count }.max() ?? 2
        let numberWidth = "\(tuning.stringCount)".count
        let prefixWidth = numberWidth + 1 + labelWidth + 1
        let margin = String(repeating: " ", count: prefixWidth)

        // Open cell is 3 wide (" o "), the nut "||", then 4 per fret ("---|"), the mark in the
        // middle of a cell at offset 1.
        var header = margin + " 0   "
        var dots = margin + "     "
        for fret in 1...lastFret {
            header += (fret < 10 ? " \(fret)" : "\(fret)") + "  "
            dots += " " + (Self.doubleDots.contains(fret) ? ":" : Self.singleDots.contains(fret) ? "." : " ") + "  "
        }
        var result = [header.trimmedTrailingSpaces()]
        for string in stride(from: 1, through: tuning.stringCount, by: 1) {
            guard let open = tuning.openString(string) else { continue }
            let number = String(repeating: " ", count: numberWidth - "\(string)".count) + "\(string)"
            let label = "\(open)" + String(repeating: " ", count: labelWidth - "\(open)".count)
            var line = "\(number) \(label) "
            line += marked.contains(FretPosition(string: string, fret: 0)) ? " o " : "   "
            line += "||"
            for fret in 1...lastFret {
                line += marked.contains(FretPosition(string: string, fret: fret)) ? "-o-|" : "---|"
            }
            result.append(line)
        }
        result.append(dots.trimmedTrailingSpaces())
        return result
    }
}

extension String {
    func trimmedTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
