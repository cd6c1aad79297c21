import Testing
@testable import WoodshedCore

@Suite struct TuningTests {
    @Test func builtInTunings() {
        #expect(Tuning.builtIn.map(\.name) == ["guitar", "drop-d", "bass", "bass-5", "ukulele"])
        #expect(Tuning.guitar.strings.map(\.midiNote) == [40, 45, 50, 55, 59, 64])
        #expect(Tuning.dropD.strings.map(\.midiNote) == [38, 45, 50, 55, 59, 64])
        #expect(Tuning.bass.strings.map(\.midiNote) == [28, 33, 38, 43])
        #expect(Tuning.fiveStringBass.strings.map(\.midiNote) == [23, 28, 33, 38, 43])
        #expect(Tuning.ukulele.strings.map(\.midiNote) == [67, 60, 64, 69])
        #expect(Tuning.guitar.openString(1)?.description == "E4")
        #expect(Tuning.guitar.openString(6)?.description == "E2")
        #expect(Tuning.ukulele.openString(4)?.description == "G4")
        #expect(Tuning.guitar.openString(7) == nil)
    }

    @Test func namedTuningsAndTheErrorListingThem() throws {
        #expect(try Tuning.named("Drop-D") == .dropD)
        #expect(throws: TheoryError.self) { try Tuning.named("banjo") }
        #expect(TheoryError.unknownTuning("banjo", known: Tuning.builtIn.map(\.name)).message
            == "unknown tuning 'banjo'; choose one of: guitar, drop-d, bass, bass-5, ukulele")
        let custom = Tuning(name: "open-g", strings: try ["D2", "G2", "D3", "G3", "B3", "D4"].map { try SpelledPitch(parsing: $0) })
        #expect(try Tuning.named("open-g", in: Tuning.builtIn + [custom]) == custom)
    }

    @Test func e4OnGuitar() throws {
        let positions = Tuning.guitar.positions(of: try SpelledPitch(parsing: "E4"))
        #expect(positions == [(1, 0), (2, 5), (3, 9), (4, 14), (5, 19), (6, 24)].map { FretPosition(string: $0, fret: $1) })
        #expect(Tuning.guitar.positions(of: try SpelledPitch(parsing: "Fb4")) == positions)
    }

    /// Every note every tuning can play, against a table worked out from MIDI numbers alone.
    @Test(arguments: Tuning.builtIn)
    func everyPositionOfEveryNote(tuning: Tuning) throws {
        let rows = oracleRows(fretPositionsTable).filter { $0[0] == tuning.name }
        #expect(!rows.isEmpty)
        for row in rows {
            let midi = Int(row[1])!
            let expected = row[2].split(separator: " ").map { pair in
                let parts = pair.split(separator: ":")
                return FretPosition(string: Int(parts[0])!, fret: Int(parts[1])!)
            }
            let note = try spell(midi: midi)
            let positions = tuning.positions(of: note)
            #expect(positions == expected, "\(tuning.name) \(note)")
            for position in positions { #expect(tuning.midiNote(at: position) == midi) }
        }
    }

    /// A plain sharp spelling of a MIDI note, for walking the table.
    private func spell(midi: Int) throws -> SpelledPitch {
        let names = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]
        return try SpelledPitch(parsing: "\(names[midi.floorModulo(12)])\(midi.floorDivided(by: 12) - 1)")
    }

    @Test func ukuleleIsReentrant() throws {
        // G4 is the open 4th string and the 3rd fret of string 2 (E4)... and 7th fret of string 3 (C4).
        let positions = Tuning.ukulele.positions(of: try SpelledPitch(parsing: "G4"))
        #expect(positions == [FretPosition(string: 2, fret: 3), FretPosition(string: 3, fret: 7), FretPosition(string: 4, fret: 0)])
    }

    @Test func pitchClassPositions() {
        let all = Tuning.bass.positions(of: PitchClass(4), frets: 0...12)
        #expect(all == [(1, 9), (2, 2), (3, 7), (4, 0), (4, 12)].map { FretPosition(string: $0, fret: $1) })
    }

    @Test func fretboardDiagram() throws {
        let diagram = FretboardDiagram(tuning: .ukulele, marked: Tuning.ukulele.positions(of: try SpelledPitch(parsing: "A4")), lastFret: 12)
        #expect(diagram.lines() == [
            "      0    1   2   3   4   5   6   7   8   9  10  11  12",
            "1 A4  o ||---|---|---|---|---|---|---|---|---|---|---|---|",
            "2 E4    ||---|---|---|---|-o-|---|---|---|---|---|---|---|",
            "3 C4    ||---|---|---|---|---|---|---|---|-o-|---|---|---|",
            "4 G4    ||---|-o-|---|---|---|---|---|---|---|---|---|---|",
            "                   .       .       .       .           :",
        ])
    }

    @Test func aTuningLoadedWithoutStringsDoesNotCrash() {
        let empty = Tuning(name: "empty", strings: [])
        #expect(empty.openString(1) == nil)
        #expect(empty.positions(of: SpelledPitch(.e, octave: 4)).isEmpty)
        #expect(FretboardDiagram(tuning: empty).lines().count == 2)
    }
}
