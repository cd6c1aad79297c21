import Foundation
import Testing
@testable import WoodshedCore

@Suite struct ChartMIDIReaderTests {
    func chart(_ name: String, songINI: String? = nil) throws -> (chart: Chart, skipped: SkippedInput) {
        try ChartMIDIReader.read(MIDIFixtures.bytes(name), file: name, songINI: songINI)
    }

    @Test func rockBandTomMarkersDynamicsAndSections() throws {
        let (chart, skipped) = try chart("rb-drums.mid", songINI: "[song]\nname = Tom Markers\nartist = Tester\ndiff_drums = 3\n")
        #expect(chart.metadata.title == "Tom Markers")
        #expect(chart.metadata.artist == "Tester")
        #expect(chart.metadata.difficulty == 3)
        let m1 = chart.notes.filter { $0.measureIndex == 0 }
        #expect(m1.filter { $0.voice == .hihat }.count == 8)
        #expect(m1.filter { $0.voice == .kick }.count == 2)
        #expect(m1.first { $0.voice == .snare }?.dynamic == .accent)
        #expect(m1.last { $0.voice == .hihat && $0.placement == .onBeat }?.dynamic == .ghost)
        let m2 = chart.notes.filter { $0.measureIndex == 1 }.map { "\($0.position) \($0.voice)" }
        #expect(m2 == ["0 tom-high", "1/8 tom-high", "1/4 hihat", "1/2 tom-floor", "3/4 kick", "3/4 crash", "3/4 ride"])
        #expect(chart.sections.map(\.name) == ["Intro", "tom groove"])
        #expect(skipped.total == 4)  // easy-difficulty notes
    }

    @Test func generalMIDIWithSignaturesAndTriplets() throws {
        let (chart, _) = try chart("gm-format1.mid")
        #expect(chart.metadata.title == "Waltz And Jig")
        #expect(chart.measures.map(\.signature) == [TimeSignature(3, 4), TimeSignature(3, 4), TimeSignature(6, 8), TimeSignature(6, 8)])
        #expect(chart.measures[2].start == .milliseconds(3600))  // two 3/4 bars at 100 BPM
        let triplets = chart.notes.filter { $0.voice == .snare && $0.measureIndex == 0 }
        #expect(triplets.map(\.placement) == [.onBeat, .triplet, .triplet])
        #expect(triplets.map(\.position) == [ExactFraction(1, 3), ExactFraction(4, 9), ExactFraction(5, 9)])
        #expect(chart.notes.contains { $0.voice == .ride })
        #expect(chart.sections.map(\.name) == ["Waltz", "Jig"])
    }

    @Test func generalMIDIFormatZeroTempoAndDynamics() throws {
        let (chart, skipped) = try chart("gm-format0.mid")
        #expect(chart.tempoChanges.count == 3)
        #expect(chart.notes.first { $0.voice == .snare }?.dynamic == .accent)
        #expect(chart.notes.first { $0.voice == .hihat && $0.velocity == 30 }?.dynamic == .ghost)
        #expect(skipped.counts["MIDI drum note 39 (no voice)"] == 1)
        #expect(skipped.counts["MIDI note on channel 1 (not drums)"] == 1)
        // Every drum note-on mido finds (channel 10, less the unmapped 39) is a chart note at its time.
        let oracleTimes = try MIDIFixtures.oracle("gm-format0.mid").note_ons
            .filter { $0.channel == 9 && $0.note != 39 }.map(\.time_ms).sorted()
        let chartTimes = chart.notes.map(\.time.milliseconds).sorted()
        try #require(chartTimes.count == oracleTimes.count)
        for (mine, theirs) in zip(chartTimes, oracleTimes) {
            #expect(abs(mine - theirs) < 0.001, "\(mine) ms vs mido's \(theirs) ms")
        }
    }

    @Test func absurdTempoIsRejected() {
        let smf = StandardMIDIFile(tracks: [MIDITrack(events: [
            MIDIFileEvent(tick: 0, kind: .meta(type: MIDIFileEvent.tempoMeta, data: [0, 0, 1])),
            MIDIFileEvent(tick: 0, kind: .channel(status: 0x99, data1: 36, data2: 100)),
        ])])
        #expect(throws: WoodshedError.self) { try ChartMIDIReader.read(smf, file: "fast.mid") }
    }
}
