import Foundation
import Testing
@testable import WoodshedCore

/// Drum tab: a row per voice line, a character per step of the grid each measure needs.
@Suite struct DrumTabTests {
    func chart(_ text: String) throws -> Chart { try NativeChartReader.read(Array(text.utf8), file: "t.wchart") }

    func rows(_ block: DrumTab.Block) -> [String: String] {
        Dictionary(uniqueKeysWithValues: block.rows.map { ($0.line.label, $0.cells) })
    }

    /// Every example chart: each note sits in its line's row at the column its position in the
    /// measure × the measure's steps gives (a whole number: the grid holds every note), with its
    /// symbol; nothing else is written.
    @Test(arguments: ExampleCharts.all)
    func everyNoteOfTheExamplesIsAtItsColumn(_ path: String) throws {
        let chart = try ChartFile.load(path).chart
        let tab = DrumTab(chart)
        #expect(tab.blocks.count == chart.measures.count)
        var expected: [Int: [String: [Int: Character]]] = [:]
        for note in chart.notes {
            let block = tab.blocks[note.measureIndex]
            let column = note.position * ExactFraction(Int64(block.steps))
            #expect(column.isWhole, "\(path): measure \(note.measureNumber) at \(note.position) is not on its \(block.steps)-step grid")
            let symbol: Character = switch (note.voice, note.dynamic) {
            case (.hihatOpen, .accent): "O"
            case (.hihatOpen, _): "o"
            case (.hihat, .accent), (.hihatPedal, .accent), (.crash, .accent), (.crashLeft, .accent), (.ride, .accent),
                 (.rideBell, .accent), (.splash, .accent), (.china, .accent): "X"
            case (.hihat, _), (.hihatPedal, _), (.crash, _), (.crashLeft, _), (.ride, _), (.rideBell, _), (.splash, _), (.china, _): "x"
            case (_, .accent): "O"
            case (_, .ghost): "g"
            default: "o"
            }
            expected[note.measureIndex, default: [:]][DrumTab.Line(note.voice).label, default: [:]][Int(column.numerator)] = symbol
        }
        for (index, block) in tab.blocks.enumerated() {
            let want = expected[index] ?? [:]
            #expect(Set(rows(block).keys) == Set(want.keys), "\(path): measure \(index + 1) rows")
            for (label, cells) in rows(block) {
                #expect(cells.count == block.steps)
                for (column, character) in cells.enumerated() {
                    #expect(character == (want[label]?[column] ?? "-"), "\(path): measure \(index + 1) \(label) step \(column + 1)")
                }
            }
        }
    }

    @Test func aRockBeatInSixteenthsWithItsCounting() throws {
        let tab = DrumTab(try chart("""
            bpm: 100
            measure
            section Groove
            crash  X-------
            hihat  --xxxxxx
            snare  --X---o-
            kick   x---x-x-
            """))
        let block = tab.blocks[0]
        #expect(block.steps == 16)
        #expect(block.counting == "1e&a2e&a3e&a4e&a")
        #expect(rows(block) == ["CR": "X---------------", "HH": "----x-x-x-x-x-x-", "SD": "----O-------g---", "BD": "o-------o---o---"])
        #expect(block.rows.map(\.line.label) == ["CR", "HH", "SD", "BD"])
        #expect(block.header == "m 1  Groove  4/4  100 BPM")
        #expect(tab.lines(width: 80) == [
            "    m 1  Groove  4/4  100 BPM",
            "    1e&a2e&a3e&a4e&a",
            "CR |X---------------|",
            "HH |----x-x-x-x-x-x-|",
            "SD |----O-------g---|",
            "BD |o-------o---o---|",
        ])
    }

    @Test func sixEightCountsEighthsAndTripletsGetATripletGrid() throws {
        let tab = DrumTab(try chart("""
            signature: 6/8
            measure
            hihat  xxxxxx
            kick   x-----
            measure
            signature 4/4
            hihat  x-x|x-x|x-x|x-x
            snare  ---|X--|---|X--
            """))
        #expect(tab.blocks[0].steps == 12)
        #expect(tab.blocks[0].counting == "1&2&3&4&5&6&")
        #expect(rows(tab.blocks[0])["HH"] == "x-x-x-x-x-x-")
        #expect(tab.blocks[1].steps == 12)
        #expect(tab.blocks[1].counting == "1tl2tl3tl4tl")
        #expect(rows(tab.blocks[1]) == ["HH": "x-xx-xx-xx-x", "SD": "---O-----O--"])
        #expect(tab.blocks[1].header == "m 2  4/4")  // the tempo unchanged: not said again
    }

    @Test func aSevenEightBarAndSixteenthsMixedWithTriplets() throws {
        let tab = DrumTab(try chart("""
            signature: 7/8
            measure
            hihat  xxxxxxx
            kick   x--x---
            measure
            signature 4/4
            snare  --x---------
            kick   x--x------------
            """))
        #expect(tab.blocks[0].steps == 14)
        #expect(tab.blocks[0].counting == "1&2&3&4&5&6&7&")
        #expect(rows(tab.blocks[0]) == ["HH": "x-x-x-x-x-x-x-", "BD": "o-----o-------"])
        // A triplet eighth (2/3 of beat 1) and a sixteenth (the "a" of 1): twelve steps a quarter.
        #expect(tab.blocks[1].steps == 48)
        #expect(tab.blocks[1].counting == (1...4).map { "\($0)..et.&.la.." }.joined())
        let dashes = { (n: Int) in String(repeating: "-", count: n) }
        #expect(rows(tab.blocks[1]) == ["SD": dashes(8) + "o" + dashes(39), "BD": "o" + dashes(8) + "o" + dashes(38)])
    }

    @Test func aTempoChangeInsideAMeasureIsInItsHeader() throws {
        let tab = DrumTab(try chart("""
            bpm: 120
            measure
            kick x---
            measure
            tempo 140 at 3
            kick x---
            measure
            kick x---
            """))
        #expect(tab.blocks[1].header == "m 2  → 140 BPM at 3")
        #expect(tab.blocks[2].header == "m 3")  // 140 BPM since the change: nothing new to say
    }

    @Test func measuresSideBySideAsTheWidthAllows() throws {
        let tab = DrumTab(try chart("measure x3\nkick x---\n"))
        // A 16-step measure takes 17 columns; the labels and the last bar 4.
        #expect(tab.lines(width: 38).filter { $0.hasPrefix("BD") } == ["BD |o---------------|o---------------|", "BD |o---------------|"])
        #expect(tab.lines(width: 37).filter { $0.hasPrefix("BD") }.count == 3)
        #expect(tab.lines(width: 200).filter { $0.hasPrefix("BD") }.count == 1)
        #expect(DrumTab(try chart("measure x3\nkick x---\n"), measures: 2...3).blocks.map(\.number) == [2, 3])
    }

    /// Marks (a session's judgements): in place of the notes, or in a row of their own under them;
    /// an extra hit only where the line rests.
    @Test func marksGoInPlaceOrUnderTheNotes() throws {
        let block = DrumTab(try chart("measure\nsnare -x-x\n")).blocks[0]
        let marks: [DrumTab.Block.Mark] = [
            .init(line: .snare, step: 4, symbol: "<"), .init(line: .snare, step: 12, symbol: "x"),
            .init(line: .snare, step: 12, symbol: "+", onlyOnRest: true), .init(line: .snare, step: 6, symbol: "+", onlyOnRest: true),
            .init(line: .kick, step: 0, symbol: "+", onlyOnRest: true),
        ]
        let inPlace = block.marked(marks)
        #expect(inPlace.rows.map(\.cells) == ["----<-+-----x---", "+---------------"])
        #expect(inPlace.rows.allSatisfy { $0.marks == nil })
        let under = block.marked(marks, under: true)
        #expect(under.rows.map(\.cells) == ["----o-------o---", "----------------"])
        #expect(under.rows.map(\.marks) == ["    < +     x   ", "+               "])
        #expect(DrumTab(blocks: [under]).lines(width: 80).suffix(4) == [
            "SD |----o-------o---|", "   |    < +     x   |", "BD |----------------|", "   |+               |"])
    }
}
