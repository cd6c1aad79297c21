import Foundation
import Testing
@testable import WoodshedCore

@Suite struct ChartModelTests {
    func chart() throws -> Chart {
        try NativeChartReader.read(Array("""
            bpm: 120
            measure
            hihat  x-x-x-x-
            snare  --x---x-
            kick   x---x---
            crash  x-------
            measure
            tempo 60 at 3
            snare  oxxoxxoxxoxx
            kick   x--x--x--x--
            tom-high x-----------
            measure
            signature 6/8
            ride   xxxxxx
            kick   x-----
            """.utf8), file: "m.wchart")
    }

    @Test func timesOfMeasuresAndBeats() throws {
        let c = try chart()
        #expect(c.time(measureNumber: 1) == .zero)
        #expect(c.time(measureNumber: 1, beat: 2.5) == .milliseconds(750))
        #expect(c.time(measureNumber: 2, beat: 3) == .milliseconds(3000))
        #expect(c.time(measureNumber: 2, beat: 4) == .milliseconds(4000))
        #expect(c.time(measureNumber: 3, beat: 4) == .milliseconds(5000 + 1500))  // eighths at 60 BPM
        #expect(c.time(measureNumber: 4) == c.end)
        #expect(c.time(measureNumber: 5) == nil)
        #expect(c.time(measureNumber: 0) == nil)
        #expect(c.time(measureNumber: 1, beat: 6) == nil)
    }

    @Test func measureContainingATime() throws {
        let c = try chart()
        #expect(c.measure(containing: .zero)?.number == 1)
        #expect(c.measure(containing: .milliseconds(1999))?.number == 1)
        #expect(c.measure(containing: .milliseconds(2000))?.number == 2)
        #expect(c.measure(containing: .milliseconds(7999))?.number == 3)
        #expect(c.measure(containing: .milliseconds(8000)) == nil)
        #expect(c.measure(containing: .milliseconds(-1)) == nil)
        // Measure 2 is 2000..<5000 ms: after measure 1's 9 notes (4 hi-hats, 2 snares, 2 kicks, a crash)
        // come its 17 (12 snares, 4 kicks, a tom).
        let second = c.noteIndices(from: .milliseconds(2000), to: .milliseconds(5000))
        #expect(second == 9..<26)
        #expect(second.allSatisfy { c.notes[$0].measureIndex == 1 })
    }

    @Test func notesAreSortedByTimeThenVoice() throws {
        let c = try chart()
        for (a, b) in zip(c.notes, c.notes.dropFirst()) {
            #expect(a.time < b.time || (a.time == b.time && a.voice.index < b.voice.index))
        }
        #expect(c.notes.prefix(3).map(\.voice) == [.kick, .hihat, .crash])
    }

    @Test func beatPlacements() throws {
        #expect(BeatPlacement(beatsIntoMeasure: 0) == .downbeat)
        #expect(BeatPlacement(beatsIntoMeasure: 2) == .onBeat)
        #expect(BeatPlacement(beatsIntoMeasure: ExactFraction(3, 2)) == .upbeat)
        #expect(BeatPlacement(beatsIntoMeasure: ExactFraction(7, 4)) == .sixteenth)
        #expect(BeatPlacement(beatsIntoMeasure: ExactFraction(4, 3)) == .triplet)
        #expect(BeatPlacement(beatsIntoMeasure: ExactFraction(1, 6)) == .triplet)
        #expect(BeatPlacement(beatsIntoMeasure: ExactFraction(1, 8)) == .other)
        let c = try chart()
        let m2 = c.notes.filter { $0.measureIndex == 1 && $0.voice == .snare }.map(\.placement)
        #expect(m2.prefix(3) == [.downbeat, .triplet, .triplet])
    }

    @Test func simplificationLevels() throws {
        let c = try chart()
        let voices = { (level: Int) in Set(c.simplified(level: level).notes.map(\.voice)) }
        #expect(voices(1) == [.kick, .snare])
        #expect(c.simplified(level: 1).notes.allSatisfy { $0.placement.isMainBeat })
        #expect(voices(2) == [.kick, .snare, .hihat, .ride])
        #expect(voices(3) == [.kick, .snare, .hihat, .ride, .crash, .tomHigh])
        #expect(c.simplified(level: 3).notes.allSatisfy { $0.placement.isMainBeat })
        let four = c.simplified(level: 4).notes
        #expect(four.contains { !$0.placement.isMainBeat })
        #expect(!four.contains { $0.dynamic == .ghost })
        #expect(c.simplified(level: 5) == c)
        #expect(c.simplified(level: 9) == c)
        let counts = (1...5).map { c.simplified(level: $0).notes.count }
        #expect(counts == counts.sorted())
        #expect(c.simplified(level: 1).measures == c.measures)
    }

    @Test func fractions() {
        #expect(ExactFraction(parsing: "0.875") == ExactFraction(7, 8))
        #expect(ExactFraction(parsing: "2+1/3") == ExactFraction(7, 3))
        #expect(ExactFraction(parsing: "-3/6") == ExactFraction(-1, 2))
        #expect(ExactFraction(parsing: "x") == nil)
        #expect(ExactFraction(approximating: 0.333333333333) == ExactFraction(1, 3))
        #expect(ExactFraction(7, 3).floor == 2)
        #expect(ExactFraction(-1, 3).floor == -1)
        #expect(TimeSignature(fitting: ExactFraction(7, 2)) == TimeSignature(7, 8))
        #expect(TimeSignature(fitting: ExactFraction(6, 5)) == nil)
    }
}

@Suite struct ChartFileTests {
    func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("woodshed-chartfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func backingTrackMustStayInTheChartFolder() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, backing, ok) in [("a", "../x.ogg", false), ("b", "/etc/passwd", false), ("c", "song.ogg", true),
                                     ("d", "audio/../song.ogg", true), ("e", dir.path + "/song.ogg", true)] {
            let path = dir.appendingPathComponent("\(name).wchart").path
            try "backing: \(backing)\nmeasure\nkick x\n".write(toFile: path, atomically: true, encoding: .utf8)
            if ok {
                let file = try ChartFile.load(path)
                #expect(throws: WoodshedError.self) { try file.backingTrackURL(file.chart.backingTrack!) }  // not there
                try Data().write(to: dir.appendingPathComponent("song.ogg"))
                #expect(try file.backingTrackURL(file.chart.backingTrack!).lastPathComponent == "song.ogg")
                try FileManager.default.removeItem(at: dir.appendingPathComponent("song.ogg"))
            } else {
                #expect(throws: WoodshedError.self) { try ChartFile.load(path) }
            }
        }
    }

    @Test func chartsWithoutNotesAndUnknownFormatsAreRejected() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = dir.appendingPathComponent("empty.wchart").path
        try "measure\nkick ----\n".write(toFile: empty, atomically: true, encoding: .utf8)
        do { _ = try ChartFile.load(empty); Issue.record("expected an error") } catch let e as WoodshedError {
            #expect(e.message.contains("no playable notes"))
        }
        #expect(throws: WoodshedError.self) { try ChartFile.load(dir.appendingPathComponent("x.txt").path) }
        #expect(throws: WoodshedError.self) { try ChartFile.load(dir.appendingPathComponent("missing.dtx").path) }
    }
}
