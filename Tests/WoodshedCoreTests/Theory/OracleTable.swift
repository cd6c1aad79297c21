/// Rows of one of the tab-separated tables in `Fixtures/Music21Oracle.swift`.
func oracleRows(_ table: String) -> [[String]] {
    table.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
}

/// Whether music21 needed more than a double sharp or flat for a spelled note (`G###5`, `Bbbb`).
/// The letter is first, so any third accidental sign after it is beyond what Woodshed spells.
func needsTripleAccidental(_ note: String) -> Bool {
    let signs = note.dropFirst().filter { $0 == "#" || $0 == "b" }
    return signs.count > 2
}
