import Testing
@testable import WoodshedCore

@Suite struct NoteNameTests {
    @Test(arguments: [
        ("C4", "C4", 60), ("c#4", "C#4", 61), ("Db3", "Db3", 49), ("F##2", "F##2", 43), ("Fx2", "F##2", 43),
        ("Bbb1", "Bbb1", 33), ("E♯5", "E#5", 77), ("B♭3", "Bb3", 58), ("b𝄫3", "Bbb3", 57), ("G𝄪4", "G##4", 69),
        ("B#3", "B#3", 60), ("Cb4", "Cb4", 59), ("C-1", "C-1", 0), ("G9", "G9", 127), ("  A4 ", "A4", 69),
        ("bb4", "Bb4", 70), ("A♮4", "A4", 69),
    ])
    func parsesSpelledPitches(text: String, spelled: String, midi: Int) throws {
        let pitch = try SpelledPitch(parsing: text)
        #expect(pitch.description == spelled)
        #expect(pitch.midiNote == midi)
    }

    @Test func middleCIsC4AndMidi60() throws {
        #expect(SpelledPitch(.c, octave: 4).midiNote == 60)
        #expect(try SpelledPitch(parsing: "A4").midiNote == 69)
        #expect(SpelledPitch(.c, octave: 4).diatonicNumber == 28)
    }

    @Test(arguments: ["H4", "C#b4", "Cx#4", "C###4", "Cbbb4", "", "4", "C4.5", "C10", "C-2", "Cq", "C#-", "C 4"])
    func rejectsBadNoteNames(text: String) {
        #expect(throws: TheoryError.self) { try NoteName.parseWithOptionalOctave(text) }
    }

    @Test func octaveOptionalOnlyWhereAllowed() throws {
        let (name, octave) = try NoteName.parseWithOptionalOctave("E#")
        #expect(name == NoteName(.e, .sharp))
        #expect(octave == nil)
        #expect(throws: TheoryError.missingOctave("E#")) { try SpelledPitch(parsing: "E#") }
        #expect(throws: TheoryError.unknownNote("E#4")) { try NoteName(parsing: "E#4") }
        #expect(try NoteName(parsing: "gb").description == "Gb")
    }

    @Test func errorsAreOneLineAndSayHowToFix() {
        let message = TheoryError.unknownNote("H4").message
        #expect(message.contains("'H4'"))
        #expect(message.contains("C4 is middle C"))
        #expect(!message.contains("\n"))
    }

    @Test func thirtyFiveNamesEachWithItsPitchClass() {
        #expect(NoteName.all.count == 35)
        #expect(Set(NoteName.all).count == 35)
        #expect(NoteName(.c, .flat).pitchClass == PitchClass(11))
        #expect(NoteName(.b, .sharp).pitchClass == PitchClass(0))
        #expect(NoteName(.f, .doubleSharp).pitchClass == PitchClass(7))
        #expect(NoteName(.d, .doubleFlat).pitchClass == PitchClass(0))
        for name in NoteName.all {
            #expect((try? NoteName(parsing: name.description)) == name)
        }
    }

    @Test func pitchClassFromMidi() {
        #expect(PitchClass(midiNote: 61) == PitchClass(1))
        #expect(PitchClass(-1) == PitchClass(11))
        #expect(PitchClass(1).description == "C#/Db")
    }
}
