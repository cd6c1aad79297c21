import Testing
@testable import WoodshedCore

@Suite struct NativeChartTests {
    func read(_ text: String) throws -> Chart { try NativeChartReader.read(Array(text.utf8), file: "t.wchart") }

    func message(_ text: String) -> String {
        do { _ = try read(text); return "" } catch let e as UserFacingError { return e.message } catch { return "\(error)" }
    }

    @Test func parsesHeaderBlocksAndGrids() throws {
        let chart = try read("""
            # comment
            title: Test Groove   # trailing comment
            artist: Me
            difficulty: 2
            bpm: 120
            backing: song.ogg
            backing-offset: -250

            measure 1
            section Intro
            hihat   x-x-|x-x-|x-x-|x-x-
            snare   ----|X---|----|o---
            kick    x---|----|x---|----

            measure x2
            tempo 60 at 3
            kick    x-x-

            measure 4
            signature 6/8
            snare   --x--x
            hihat   xxx|xxx
            """)
        #expect(chart.metadata.title == "Test Groove")
        #expect(chart.metadata.difficulty == 2)
        #expect(chart.backingTrack == BackingTrack(file: "song.ogg", offset: .milliseconds(-250)))
        #expect(chart.measures.count == 4)
        #expect(chart.sections.map(\.name) == ["Intro"])
        #expect(chart.notes.filter { $0.measureIndex == 0 }.count == 8 + 2 + 2)
        #expect(chart.notes.first { $0.voice == .snare }?.dynamic == .accent)
        #expect(chart.notes.last { $0.voice == .snare && $0.measureIndex == 0 }?.dynamic == .ghost)
        // Measure 2: kick at 2000 and 3000 ms, then 60 BPM from beat 3 (3000 ms) → measure 3 at 5000.
        #expect(chart.notes.filter { $0.measureIndex == 1 }.map(\.time) == [.milliseconds(2000), .milliseconds(3000)])
        #expect(chart.measures[2].start == .milliseconds(5000))
        // The repeat keeps the tempo at 60 (the setting is only written once).
        #expect(chart.measures[3].start == .milliseconds(9000))
        #expect(chart.measures[3].signature == TimeSignature(6, 8))
        #expect(chart.measures[3].duration == .milliseconds(3000))  // 3 quarters at 60
        #expect(chart.notes.filter { $0.measureIndex == 3 && $0.voice == .snare }.map(\.placement) == [.onBeat, .onBeat])
    }

    @Test func errorsNameFileLineAndExpectation() {
        #expect(message("title: x\nmeasure\nkick x-y-\n") == "t.wchart:3:8: unexpected 'y' in the grid of kick; expected x (hit), X (accent), o (ghost), - (rest) or |")
        #expect(message("measure\nkik x---\n").hasPrefix("t.wchart:2: unknown voice 'kik'"))
        #expect(message("tittle: x\n").hasPrefix("t.wchart:1: unknown header 'tittle'"))
        #expect(message("bpm: 0\n").hasPrefix("t.wchart:1: tempo 0.0 BPM is out of range"))
        #expect(message("measure\nkick x\nmeasure 3\n").hasPrefix("t.wchart:3: expected measure 2 here"))
        #expect(message("measure\ntempo 100 at 5\nkick x\n").hasPrefix("t.wchart:2: beat 5 is past the end"))
        #expect(message("measure\nsignature 4/3\n").hasPrefix("t.wchart:2: expected a time signature"))
        #expect(message("kick x---\n").hasPrefix("t.wchart:1: expected a header line"))
        #expect(message("title: nothing\n").contains("no measures"))
    }

    @Test func writerOutputReadsBackIdentically() throws {
        let text = """
            title: Triplets and Tempo
            bpm: 90
            measure
            section A
            hihat x-x-x-x-x-x-
            kick  x-----x-----
            measure
            tempo 120 at 2+1/3
            snare --x--x--x--x
            measure
            bar-length 5/8
            kick x-x-x
            """
        let chart = try read(text)
        let written = NativeChartWriter.write(chart)
        let again = try read(written)
        #expect(again == chart, "\(written)")
    }
}
