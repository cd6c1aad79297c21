/// Notes on a five-line staff, drawn in text, left to right.
///
/// A value you append notes to and redraw: `lines()` is a pure function of the clef and notes,
/// so a quiz can add the next note and print again. Each note takes a column six characters wide:
/// its accidental (`#`, `b`, `x`, `bb`) right before the head `o`, short ledger lines (`--o--`)
/// above or below the staff, and its name underneath, starting under the head. The bass clef
/// sign `F:` sits on the F line, the treble `G` on the G line.
///
/// ```
///              o
///            -----
///
/// ------------------
///
/// -F:---#o----------
///
/// ------------------
///
/// ------------------
///
/// ------------------
///        F#3   D4
/// ```
public struct StaffDrawing: Hashable, Sendable {
    public var clef: Clef
    /// The notes, left to right; a quiz may replace or remove them and redraw.
    public var notes: [SpelledPitch]

    public init(clef: Clef, notes: [SpelledPitch] = []) {
        self.clef = clef
        self.notes = notes
    }

    /// Adds a note at the right.
    public mutating func append(_ pitch: SpelledPitch) {
        notes.append(pitch)
    }

    /// Adds a note without an octave: the first as low as fits (at or above the first ledger line
    /// below the staff), each later one in the nearest octave above the note before it, so a scale
    /// climbs left to right.
    public mutating func appendRising(_ name: NoteName) {
        append(nextRisingPitch(for: name))
    }

    /// The octave `appendRising` would choose for `name`.
    public func nextRisingPitch(for name: NoteName) -> SpelledPitch {
        guard let previous = notes.last else { return clef.lowestPlacement(of: name) }
        // The first of this letter strictly above the previous note's letter.
        let octave = (previous.diatonicNumber - name.letter.rawValue).floorDivided(by: 7) + 1
        return name.inOctave(octave)
    }

    static let margin = 4
    static let columnWidth = 6
    static let headOffset = 3

    /// The staff, top row first, then (if `showNames`) a row of note names under their heads.
    /// Rows run from the higher of the top line and the highest note down to the lower of the
    /// bottom line and the lowest note.
    public func lines(showNames: Bool = true) -> [String] {
        let positions = notes.map(clef.position(of:))
        let top = max(Clef.topLinePosition, positions.max() ?? 0)
        let bottom = min(0, positions.min() ?? 0)
        let width = Self.margin + notes.count * Self.columnWidth + 2
        var rows: [String] = []
        for row in stride(from: top, through: bottom, by: -1) {
            let isStaffLine = row % 2 == 0 && (0...Clef.topLinePosition).contains(row)
            var characters = [Character](repeating: isStaffLine ? "-" : " ", count: width)
            if isStaffLine && row == clef.signPosition {
                characters[1] = clef == .bass ? "F" : "G"
                if clef == .bass { characters[2] = ":" }
            }
            for (index, pitch) in notes.enumerated() {
                let position = positions[index]
                let head = Self.margin + index * Self.columnWidth + Self.headOffset
                // Ledger lines: even rows outside the staff between the staff and the note.
                let needsLedger = row % 2 == 0 && !isStaffLine
                    && ((row > Clef.topLinePosition && row <= position) || (row < 0 && row >= position))
                if needsLedger {
                    for column in (head - 2)...(head + 2) { characters[column] = "-" }
                }
                if row == position {
                    characters[head] = "o"
                    let symbol = Array(pitch.accidental.staffSymbol)
                    for (offset, character) in symbol.reversed().enumerated() {
                        characters[head - 1 - offset] = character
                    }
                }
            }
            rows.append(String(characters).trimmedTrailingSpaces())
        }
        if showNames {
            // Each name starts under its note head.
            var names = [Character](repeating: " ", count: width + Self.columnWidth)
            for (index, pitch) in notes.enumerated() {
                for (offset, character) in "\(pitch)".enumerated() {
                    names[Self.margin + index * Self.columnWidth + Self.headOffset + offset] = character
                }
            }
            rows.append(String(names).trimmedTrailingSpaces())
        }
        return rows
    }
}
