import Testing
@testable import WoodshedCore

@Suite struct EngineTimeTests {
    @Test func millisecondsRoundTrip() {
        #expect(EngineTime.milliseconds(1.5).nanoseconds == 1_500_000)
        #expect(EngineTime.milliseconds(-250).milliseconds == -250)
    }

    @Test func sampleIndexRoundsToNearest() {
        // 500 ms at 48 kHz is exactly sample 24000.
        #expect(EngineTime.milliseconds(500).sampleIndex(atRate: 48_000) == 24_000)
        // 1 ns after a sample boundary still rounds to it; negative times mirror.
        #expect(EngineTime(nanoseconds: 20_834).sampleIndex(atRate: 48_000) == 1)
        #expect(EngineTime(nanoseconds: -20_834).sampleIndex(atRate: 48_000) == -1)
        // One hour of 120 BPM beats never drifts.
        let hour = EngineTime.seconds(3600)
        #expect(hour.sampleIndex(atRate: 44_100) == 3600 * 44_100)
    }

    @Test func voicesHaveDenseIndices() {
        for (i, voice) in DrumVoice.allCases.enumerated() {
            #expect(voice.index == i)
            #expect(DrumVoice(index: i) == voice)
        }
    }
}
