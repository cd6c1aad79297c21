import Testing
@testable import WoodshedCore

@Suite struct IntervalTests {
    /// The semitone sizes from the issue's list.
    @Test func semitonesOfTheCommonIntervals() throws {
        let expected: [(String, Int)] = [
            ("m2", 1), ("M2", 2), ("m3", 3), ("M3", 4), ("P4", 5), ("A4", 6), ("d5", 6), ("P5", 7), ("m6", 8),
            ("M6", 9), ("m7", 10), ("M7", 11), ("P8", 12), ("m9", 13), ("M9", 14), ("m10", 15), ("M10", 16),
            ("P11", 17), ("A11", 18), ("P12", 19), ("m13", 20), ("M13", 21),
        ]
        for (name, semitones) in expected {
            #expect(try Interval(parsing: name).semitones == semitones, "\(name)")
        }
        #expect(Interval.common.map(\.shortName) == expected.map(\.0))
    }

    @Test func spellingMovesTheLetterFirst() throws {
        let c4 = try SpelledPitch(parsing: "C4")
        #expect(try c4.transposed(by: Interval(parsing: "m9")).description == "Db5")
        #expect(try c4.transposed(by: Interval(parsing: "A4")).description == "F#4")
        #expect(try c4.transposed(by: Interval(parsing: "d5")).description == "Gb4")
        #expect(try c4.transposed(by: Interval(parsing: "A9")).description == "D#5")
        #expect(try c4.transposed(by: Interval(parsing: "m3"), .down).description == "A3")
        #expect(try c4.transposed(by: Interval(parsing: "m9"), .down).description == "B2")
        #expect(try NoteName(parsing: "C").transposed(by: Interval(parsing: "m9")).description == "Db")
    }

    @Test func displayNames() throws {
        #expect(try Interval(parsing: "m6").name == "Minor 6th")
        #expect(try Interval(parsing: "A4").name == "Augmented 4th")
        #expect(try Interval(parsing: "m9").name == "Minor 9th")
        #expect(try Interval(parsing: "P8").name == "Perfect Octave")
        #expect(try Interval(parsing: "P1").name == "Perfect Unison")
        #expect(try Interval(parsing: "M2").name == "Major 2nd")
        #expect(try Interval(parsing: "m3").name == "Minor 3rd")
        #expect(try Interval(parsing: "P15").name == "Perfect Double Octave")
    }

    @Test(arguments: [
        ("minor 6th", "m6"), ("Minor Sixth", "m6"), ("augmented 4th", "A4"), ("perfect octave", "P8"),
        ("maj 3", "M3"), ("dim 7th", "d7"), ("Major 9th", "M9"), ("a4", "A4"), ("p5", "P5"), (" M13 ", "M13"),
        ("Perfect Double Octave", "P15"), ("diminished-5th", "d5"),
    ])
    func parsesLongAndShortNames(text: String, shortName: String) throws {
        #expect(try Interval(parsing: text).shortName == shortName)
    }

    @Test(arguments: ["P3", "m5", "M4", "d1", "M16", "P0", "x5", "5", "m", "", "minor fifth", "D5", "P4th4"])
    func rejectsIntervalsThatDoNotExist(text: String) {
        #expect(throws: TheoryError.unknownInterval(text)) { try Interval(parsing: text) }
    }

    @Test func unknownIntervalListsTheChoices() {
        let message = TheoryError.unknownInterval("m5").message
        #expect(message.contains("m2 M2 m3 M3 P4 A4 d5 P5"))
        #expect(message.contains("M13"))
    }

    @Test func everyIntervalParsesFromItsShortAndLongName() throws {
        #expect(Interval.all.count == 52)  // 7 perfect-kind numbers × 3 - d1, 8 others × 4
        for interval in Interval.all {
            #expect(try Interval(parsing: interval.shortName) == interval)
            #expect(try Interval(parsing: interval.name) == interval)
        }
    }

    /// Every interval from every one of the 35 roots, up and down, against music21.
    @Test func everyIntervalFromEveryRootMatchesMusic21() throws {
        let rows = oracleRows(music21Intervals)
        #expect(rows.count == 35 * Interval.all.count * 2)
        var refused = 0
        for row in rows {
            let start = try SpelledPitch(parsing: row[0])
            let interval = try Interval(parsing: row[1])
            let direction = IntervalDirection(rawValue: row[2])!
            #expect(interval.semitones == Int(row[4]), "\(row[1])")
            #expect(interval.name.lowercased().hasPrefix(row[5].split(separator: " ")[0].lowercased()))
            if needsTripleAccidental(row[3]) {
                refused += 1
                #expect(throws: TheoryError.self, "\(row)") { try start.transposed(by: interval, direction) }
            } else {
                let target = try start.transposed(by: interval, direction)
                #expect(target.description == row[3], "\(row)")
                #expect(abs(target.midiNote - start.midiNote) == interval.semitones)
                let back = Interval.between(start, target)
                #expect(back?.interval == interval, "\(row)")
                #expect(back?.direction == direction || interval.semitones == 0, "\(row)")
            }
        }
        #expect(refused > 0)
    }

    @Test func tripleAccidentalIsRefusedWithAOneLineReason() throws {
        let start = try SpelledPitch(parsing: "B#4")
        #expect(throws: TheoryError.self) { try start.transposed(by: Interval(parsing: "A6")) }
        do {
            _ = try start.transposed(by: Interval(parsing: "A6"))
        } catch {
            #expect(error.message.contains("G###"))
            #expect(error.message.hasPrefix("augmented 6th up from B#4 would need G###, beyond a double sharp; start from C5 instead"))
        }
    }

    @Test func betweenNamesWhatWasPlayed() throws {
        let result = Interval.between(try SpelledPitch(parsing: "E4"), try SpelledPitch(parsing: "C4"))
        #expect(result?.interval.shortName == "M3")
        #expect(result?.direction == .down)
        #expect(Interval.between(try SpelledPitch(parsing: "C2"), try SpelledPitch(parsing: "C6")) == nil)
    }
}
