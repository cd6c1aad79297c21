import Foundation
import Testing
@testable import WoodshedCore

/// Every example chart, written to DTX, MIDI and `.wchart` and read back, keeps its notes and times.
@Suite struct ChartRoundTripTests {
    static let examples = ExampleCharts.all

    /// (voice, time) of every note; DTX merges some voices into one lane, so compare lanes there.
    func notes(_ chart: Chart, lane: Bool = false) -> [String] {
        chart.notes.map { n in
            let voice = lane ? String(DTXLane.channel(of: n.voice)) : n.voice.rawValue
            return "\(n.measureIndex) \(n.position) \(voice) \(n.dynamic)"
        }.sorted()
    }

    func assertSameTimes(_ a: Chart, _ b: Chart, tolerance: Int64) {
        #expect(a.notes.count == b.notes.count)
        for (x, y) in zip(a.notes, b.notes) {
            #expect(abs(x.time.nanoseconds - y.time.nanoseconds) <= tolerance, "\(x) vs \(y)")
        }
        #expect(abs(a.end.nanoseconds - b.end.nanoseconds) <= tolerance)
    }

    @Test(arguments: examples)
    func nativeRoundTrip(_ path: String) throws {
        let chart = try ChartFile.load(path).chart
        let again = try NativeChartReader.read(Array(NativeChartWriter.write(chart).utf8), file: "again.wchart")
        #expect(again == chart)
    }

    @Test(arguments: examples)
    func dtxRoundTrip(_ path: String) throws {
        let chart = try ChartFile.load(path).chart
        let dtx = try DTXWriter.write(chart)
        let (again, skipped) = try DTXReader.read(Array(dtx.utf8), file: "again.dtx")
        #expect(skipped.isEmpty)
        #expect(notes(again, lane: true) == notes(chart, lane: true))
        #expect(again.tempoChanges.map(\.bpm) == chart.tempoChanges.map(\.bpm))
        #expect(again.measures.map(\.length) == chart.measures.map(\.length))
        assertSameTimes(chart, again, tolerance: 1)
        #expect(again.metadata.title == chart.metadata.title)
    }

    @Test(arguments: examples)
    func midiRoundTrip(_ path: String) throws {
        let chart = try ChartFile.load(path).chart
        let (again, skipped) = try ChartMIDIReader.read(ChartMIDIWriter.write(chart), file: "again.mid")
        #expect(skipped.isEmpty)
        #expect(notes(again) == notes(chart))
        #expect(again.measures.map(\.signature) == chart.measures.map(\.signature))
        #expect(again.sections.map(\.name) == chart.sections.map(\.name))
        // MIDI stores tempo in whole microseconds per quarter: allow 1 µs per second of drift.
        assertSameTimes(chart, again, tolerance: Int64(chart.end.seconds * 1000) + 1)
    }

    @Test func dtxKeepsOddBarLengthsAndMidMeasureTempos() throws {
        let (chart, _) = try DTXReader.read(Array("""
            #BPM: 133.5
            #BPM01: 97.25
            #00002: 0.3
            #00013: 0101010000000001
            #00108: 000001
            #00112: 010001
            """.utf8), file: "odd.dtx")
        let (again, _) = try DTXReader.read(Array(try DTXWriter.write(chart).utf8), file: "again.dtx")
        #expect(again.measures.map(\.length) == chart.measures.map(\.length))
        #expect(again.notes == chart.notes)
        let native = try NativeChartReader.read(Array(NativeChartWriter.write(chart).utf8), file: "n.wchart")
        #expect(native.notes == chart.notes)
    }

    /// A DTX with its own sounds written back as DTX keeps them: every sound with its volume and pan,
    /// every note's sound, the sound cues (two at one place), hidden and empty-hit chips, and both
    /// BGM chips from their own places.
    @Test func dtxKeepsItsChipsCuesLaneSoundsAndEveryBGM() throws {
        let (chart, _) = try DTXReader.read(Array("""
            #BPM: 120
            #WAV01: kick.wav
            #VOLUME01: 90
            #WAV02: snare.ogg
            #PAN02: -40
            #WAV03: ghost.wav
            #VOLUME03: 30
            #WAV04: fx.wav
            #WAV05: bell.wav
            #WAV06: song.ogg
            #VOLUME06: 80
            #WAV07: outro.ogg
            #WAV08: empty-snare.wav
            #00001: 06
            #00013: 01000100
            #00012: 00020003
            #00032: 0000000005
            #000B2: 08
            #00061: 0004
            #00062: 0005
            #00101: 0007
            #00113: 01010101
            """.utf8), file: "chips.dtx")
        let text = try DTXWriter.write(chart)
        let (again, _) = try DTXReader.read(Array(text.utf8), file: "again.dtx")
        #expect(again.sounds.map { [$0.file, "\($0.volume ?? -1)", "\($0.pan ?? 0)"] }
                == chart.sounds.map { [$0.file, "\($0.volume ?? -1)", "\($0.pan ?? 0)"] })
        func notes(_ c: Chart) -> [String] { c.notes.map { "\($0.voice) \($0.time) \($0.dynamic) \($0.sound.map { c.sounds[$0].file } ?? "-")" } }
        #expect(notes(again) == notes(chart))
        #expect(notes(chart).contains("snare 1500 ms ghost ghost.wav"))
        func cues(_ c: Chart) -> [String] { c.soundCues.map { "\($0.time) \(c.sounds[$0.sound].file)" }.sorted() }
        #expect(cues(again) == ["1000 ms fx.wav", "1000 ms bell.wav"].sorted())
        #expect(cues(again) == cues(chart))
        func lanes(_ c: Chart) -> [String] { c.laneSounds.map { "\($0.kind) \($0.voice) \($0.time) \(c.sounds[$0.sound].file)" } }
        #expect(lanes(again) == ["emptyHit snare 0 ms empty-snare.wav", "hidden snare 1600 ms bell.wav"])
        #expect(lanes(again) == lanes(chart))
        #expect(again.backingTracks == chart.backingTracks)
        #expect(again.backingTracks.map(\.file) == ["song.ogg", "outro.ogg"])
        #expect(again.backingTracks.map(\.volume) == [80, nil])
    }
}

enum ExampleCharts {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("charts")

    static var all: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { ChartFormat(fileName: $0) != nil }.sorted().map { folder.appendingPathComponent($0).path }
    }
}

@Suite struct ExampleChartTests {
    @Test func thereAreExamplesOfEveryKind() {
        let names = ExampleCharts.all.map { URL(fileURLWithPath: $0).lastPathComponent }
        #expect(names.filter { $0.hasSuffix(".wchart") }.count >= 6)
        #expect(names.contains { $0.hasSuffix(".dtx") })
        #expect(names.contains { $0.hasSuffix(".mid") })
    }

    @Test(arguments: ExampleCharts.all)
    func loadsAndIsPlayable(_ path: String) throws {
        let file = try ChartFile.load(path)
        #expect(file.skipped.isEmpty)
        #expect(!file.chart.notes.isEmpty)
        #expect((8...16).contains(file.chart.measures.count))
        #expect(file.chart.metadata.title != nil)
        #expect(file.chart.tempoChanges.allSatisfy { (40...240).contains($0.bpm) })
    }
}
