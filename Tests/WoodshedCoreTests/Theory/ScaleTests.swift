import Testing
@testable import WoodshedCore

@Suite struct ScaleTests {
    @Test func stepPatterns() {
        #expect(Mode.ionian.pattern == "W-W-H-W-W-W-H")
        #expect(Mode.dorian.pattern == "W-H-W-W-W-H-W")
        #expect(Mode.phrygian.pattern == "H-W-W-W-H-W-W")
        #expect(Mode.lydian.pattern == "W-W-W-H-W-W-H")
        #expect(Mode.mixolydian.pattern == "W-W-H-W-W-H-W")
        #expect(Mode.aeolian.pattern == "W-H-W-W-H-W-W")
        #expect(Mode.locrian.pattern == "H-W-W-H-W-W-W")
        for mode in Mode.allCases { #expect(mode.steps.reduce(0, +) == 12) }
    }

    @Test func spelledWithSevenLetters() throws {
        #expect(try Scale(root: NoteName(parsing: "F#"), mode: .ionian).notes.map(\.description)
            == ["F#", "G#", "A#", "B", "C#", "D#", "E#"])
        #expect(try Scale(root: NoteName(parsing: "Gb"), mode: .ionian).notes.map(\.description)
            == ["Gb", "Ab", "Bb", "Cb", "Db", "Eb", "F"])
        #expect(try Scale(root: NoteName(parsing: "D#"), mode: .ionian).notes.map(\.description)
            == ["D#", "E#", "F##", "G#", "A#", "B#", "C##"])
    }

    @Test(arguments: [("major", Mode.ionian), ("Minor", .aeolian), ("IONIAN", .ionian), ("dorian", .dorian),
                      ("Phrygian", .phrygian), ("lydian", .lydian), ("mixolydian", .mixolydian),
                      ("aeolian", .aeolian), ("Locrian", .locrian)])
    func modeNames(text: String, mode: Mode) throws {
        #expect(try Mode(parsing: text) == mode)
    }

    @Test func unknownModeListsTheChoices() {
        #expect(throws: TheoryError.unknownMode("blues")) { try Mode(parsing: "blues") }
        #expect(TheoryError.unknownMode("blues").message
            == "unknown mode 'blues'; choose one of: ionian, major, dorian, phrygian, lydian, mixolydian, aeolian, minor, locrian")
    }

    /// Every mode from each of the 35 spelled roots, against music21's scale classes.
    @Test func everyModeFromEveryRootMatchesMusic21() throws {
        let rows = oracleRows(music21Scales)
        #expect(rows.count == 35 * 7)
        #expect(Set(rows.map { $0[0] }) == Set(NoteName.all.map(\.description)))
        var refused = 0
        for row in rows {
            let root = try NoteName(parsing: row[0])
            let mode = try Mode(parsing: row[1])
            let expected = row[2].split(separator: " ").map(String.init)
            if expected.contains(where: needsTripleAccidental) {
                refused += 1
                #expect(throws: TheoryError.self, "\(row)") { try Scale(root: root, mode: mode) }
            } else {
                let scale = try Scale(root: root, mode: mode)
                #expect(scale.notes.map(\.description) == expected, "\(row)")
                #expect(Set(scale.notes.map(\.letter)).count == 7)
            }
        }
        #expect(refused > 0)
    }

    /// reference-facts "Conventional roots by mode", with ties settled natural first, then flat.
    @Test func conventionalRootForEachPitchClass() {
        let table: [Mode: String] = [
            .ionian: "C Db D Eb E F Gb G Ab A Bb B",
            .dorian: "C C# D Eb E F F# G Ab A Bb B",
            .phrygian: "C C# D D# E F F# G G# A Bb B",
            .lydian: "C Db D Eb E F Gb G Ab A Bb B",
            .mixolydian: "C Db D Eb E F F# G Ab A Bb B",
            .aeolian: "C C# D Eb E F F# G G# A Bb B",
            .locrian: "C C# D D# E F F# G G# A A# B",
        ]
        for (mode, roots) in table {
            let expected = roots.split(separator: " ").map(String.init)
            let actual = PitchClass.all.map { Scale.conventionalRoot(for: $0, mode: mode).description }
            #expect(actual == expected, "\(mode)")
        }
    }

    @Test(arguments: [("C#/Db", Mode.ionian, "Db"), ("Db/C#", .dorian, "C#"), ("61", .ionian, "Db"),
                      ("66", .ionian, "Gb"), ("F#", .ionian, "F#"), ("Gb", .ionian, "Gb"), ("E#", .locrian, "E#"),
                      ("f#3", .aeolian, "F#"), ("B", .lydian, "B"), ("cb", .lydian, "Cb")])
    func rootsAsTyped(text: String, mode: Mode, root: String) throws {
        #expect(try Scale(parsingRoot: text, mode: mode).root.description == root)
    }

    @Test(arguments: ["H", "C#/D", "128", "-1", "C/", "", "X#"])
    func badRoots(text: String) {
        #expect(throws: TheoryError.unknownRoot(text)) { try Scale(parsingRoot: text, mode: .ionian) }
    }

    @Test func pitchesRiseFromTheRoot() throws {
        let scale = try Scale(root: NoteName(parsing: "A"), mode: .aeolian)
        #expect(scale.pitches(fromOctave: 2, includingOctaveAbove: true).map(\.description)
            == ["A2", "B2", "C3", "D3", "E3", "F3", "G3", "A3"])
        #expect(scale.description == "A Aeolian (natural minor): A B C D E F G")
    }
}
