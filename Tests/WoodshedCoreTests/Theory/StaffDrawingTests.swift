import Testing
@testable import WoodshedCore

@Suite struct StaffDrawingTests {
    @Test func anchorNotes() throws {
        func position(_ text: String, _ clef: Clef) throws -> Int { clef.position(of: try SpelledPitch(parsing: text)) }
        #expect(try position("G2", .bass) == 0)
        #expect(try position("A3", .bass) == 8)
        #expect(try position("C4", .bass) == 10)
        #expect(try position("E2", .bass) == -2)
        #expect(try position("E4", .treble) == 0)
        #expect(try position("F5", .treble) == 8)
        #expect(try position("C4", .treble) == -2)
        #expect(try position("F#3", .bass) == 6)
    }

    /// Every spelled note sounding from C1 to C6, in both clefs, against music21's clefs.
    @Test func everyNoteFromC1ToC6MatchesMusic21() throws {
        let rows = oracleRows(music21StaffPositions)
        #expect(rows.count == 178)  // 61 semitones, most with three spellings
        for row in rows {
            let pitch = try SpelledPitch(parsing: row[0])
            #expect(Clef.bass.position(of: pitch) == Int(row[1]), "\(row)")
            #expect(Clef.treble.position(of: pitch) == Int(row[2]), "\(row)")
            #expect(pitch.midiNote == Int(row[3]), "\(row)")
        }
    }

    @Test func bassClefScaleDrawing() throws {
        var drawing = StaffDrawing(clef: .bass)
        for name in try Scale(root: NoteName(parsing: "F#"), mode: .ionian).notes { drawing.appendRising(name) }
        let lines = drawing.lines()
        #expect(lines == [
            "------------------------------------------------",
            "",
            "-F:---------------------------------------------",
            "                                          #o",
            "------------------------------------#o----------",
            "                              #o",
            "-------------------------o----------------------",
            "                  #o",
            "------------#o----------------------------------",
            "      #o",
            "       F#2   G#2   A#2   B2    C#3   D#3   E#3",
        ])
    }

    @Test func ledgerLinesAboveAndBelow() throws {
        var drawing = StaffDrawing(clef: .bass)
        drawing.append(try SpelledPitch(parsing: "C2"))
        drawing.append(try SpelledPitch(parsing: "Dbb4"))
        drawing.append(try SpelledPitch(parsing: "Fx2"))
        let lines = drawing.lines()
        // Rows from position 11 (D4, the space above middle C's ledger line) down to -4 (C2, on the
        // second ledger line below), then the names.
        #expect(lines == [
            "           bbo",
            "           -----",
            "",
            "------------------------",
            "",
            "-F:---------------------",
            "",
            "------------------------",
            "",
            "------------------------",
            "",
            "------------------------",
            "                  xo",
            "     -----",
            "",
            "     --o--",
            "       C2    Dbb4  F##2",
        ])
    }

    @Test func trebleScaleStartsOnMiddleC() throws {
        var drawing = StaffDrawing(clef: .treble)
        for name in try Scale(root: NoteName(parsing: "C"), mode: .ionian).notes { drawing.appendRising(name) }
        #expect(drawing.notes.map(\.description) == ["C4", "D4", "E4", "F4", "G4", "A4", "B4"])
        #expect(drawing.lines()[6] == "-G-----------------------------o----------------")
        #expect(drawing.lines()[10] == "     --o--")
    }

    @Test func risingPlacementNeverGoesDown() throws {
        var drawing = StaffDrawing(clef: .bass)
        for text in ["E", "A", "D", "G", "B", "E", "C"] { drawing.appendRising(try NoteName(parsing: text)) }
        #expect(drawing.notes.map(\.description) == ["E2", "A2", "D3", "G3", "B3", "E4", "C5"])
        var fromC = StaffDrawing(clef: .bass)
        fromC.appendRising(NoteName(.c))
        #expect(fromC.notes.first?.description == "C3")
        fromC.append(try SpelledPitch(parsing: "B1"))
        fromC.appendRising(NoteName(.b, .sharp))
        #expect(fromC.notes.last?.description == "B#2")
    }

    @Test func clefNames() throws {
        #expect(try Clef(parsing: "Treble") == .treble)
        #expect(throws: TheoryError.unknownClef("alto")) { try Clef(parsing: "alto") }
        #expect(TheoryError.unknownClef("alto").message == "unknown clef 'alto'; choose one of: bass, treble")
    }
}
