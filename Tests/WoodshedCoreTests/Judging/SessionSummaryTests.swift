import Foundation
import Testing
@testable import WoodshedCore

@Suite struct SessionSummaryTests {
    func judged(_ offsetMilliseconds: Double?, voice: DrumVoice = .snare, combo: Int32 = 1, points: Int32 = 100) -> Judgement {
        let tier = offsetMilliseconds.map { JudgingWindows.dtxmania.tier(for: ms($0)) } ?? .miss
        return Judgement(noteIndex: 0, voice: voice, noteTime: .zero, hitTime: offsetMilliseconds.map(ms), offset: ms(offsetMilliseconds ?? 0),
                         velocity: 100, tier: tier, combo: combo, points: points, score: 0)
    }

    @Test func countsAccuracyAndHitRate() {
        // 2 Perfect, 1 Great, 1 Good, 1 Miss: accuracy 100 × (2 + 0.8 + 0.5) / 5 = 66, hit rate 4/5.
        let judgements = [judged(0, voice: .kick, combo: 1), judged(-30, combo: 2), judged(50, combo: 3, points: 80),
                          judged(80, voice: .hihat, combo: 4, points: 50), judged(nil, voice: .hihat, combo: 0, points: 0)]
        let summary = SessionSummary(judgements: judgements, extras: [ExtraHit(voice: .tomLow, time: ms(3), velocity: 40)])
        #expect(summary.notes == 5 && summary.hits == 4)
        #expect(summary.perfect == 2 && summary.great == 1 && summary.good == 1 && summary.miss == 1 && summary.extra == 1)
        #expect(summary.accuracy == 66)
        #expect(summary.hitRate == 80)
        #expect(summary.score == 330)
        #expect(summary.maxCombo == 4)
        #expect(summary.missRateByVoice == [VoiceMisses(voice: .kick, notes: 1, misses: 0), VoiceMisses(voice: .snare, notes: 2, misses: 0),
                                            VoiceMisses(voice: .hihat, notes: 2, misses: 1)])
        #expect(summary.missRateByVoice[2].missRate == 50)
    }

    @Test func meanSpreadAndHistogramOverHitsOnly() {
        // Δ −30, −10, 0, +10, +30: mean 0; squares 900+100+0+100+900 = 2000, /5 = 400 → sd 20.
        let summary = SessionSummary(judgements: [judged(-30), judged(-10), judged(0), judged(10), judged(30), judged(nil)], extras: [])
        #expect(summary.meanOffsetMilliseconds == 0)
        #expect(summary.sdOffsetMilliseconds == 20)
        #expect(summary.histogram.counts == [0, 1, 0, 3, 0, 1, 0])
        #expect(summary.tendency == "on time")
    }

    @Test func tendencyInWholeMilliseconds() {
        // Δ 4, 8, 12, 16: mean 10, squares 36+4+4+36 = 80, /4 = 20.
        let late = SessionSummary(judgements: [judged(4), judged(8), judged(12), judged(16)], extras: [])
        #expect(late.meanOffsetMilliseconds == 10)
        #expect(late.sdOffsetMilliseconds == 20.0.squareRoot())
        #expect(late.tendency == "late by 10 ms")
        #expect(SessionSummary(judgements: [judged(-6), judged(-6)], extras: []).tendency == "early by 6 ms")
        #expect(SessionSummary.tendency(meanMilliseconds: 2.4, hits: 3) == "on time")
        #expect(SessionSummary.tendency(meanMilliseconds: -2.6, hits: 3) == "early by 3 ms")
        #expect(SessionSummary(judgements: [judged(nil)], extras: []).tendency == "no hits")
    }

    @Test func emptySessionIsAllZero() {
        let summary = SessionSummary(judgements: [], extras: [])
        #expect(summary.notes == 0 && summary.accuracy == 0 && summary.hitRate == 0 && summary.sdOffsetMilliseconds == 0)
        #expect(summary.histogram.counts == Array(repeating: 0, count: 7))
        #expect(summary.missRateByVoice.isEmpty)
    }

    @Test func histogramBinEdges() {
        let cases: [(Double, Int)] = [(-50.001, 0), (-50, 1), (-25.001, 1), (-25, 2), (-10.001, 2), (-10, 3), (0, 3),
                                      (10, 3), (10.001, 4), (25, 4), (25.001, 5), (50, 5), (50.001, 6), (84, 6)]
        for (offset, bin) in cases { #expect(TimingHistogram.bin(of: ms(offset)) == bin, "\(offset) ms") }
    }

    @Test func histogramDrawnInText() {
        var histogram = TimingHistogram()
        histogram.counts = [0, 1, 0, 3, 0, 12, 0]
        #expect(histogram.lines(width: 12) == [
            "   < -50 ms |              0",
            "-50..-25 ms |#             1",
            "-25..-10 ms |              0",
            "-10..+10 ms |###           3",
            "+10..+25 ms |              0",
            "+25..+50 ms |############ 12",
            "   > +50 ms |              0",
        ])
        #expect(TimingHistogram().lines(width: 3) == [
            "   < -50 ms |    0",
            "-50..-25 ms |    0",
            "-25..-10 ms |    0",
            "-10..+10 ms |    0",
            "+10..+25 ms |    0",
            "+25..+50 ms |    0",
            "   > +50 ms |    0",
        ])
    }

    @Test func summaryRoundTripsThroughJSON() throws {
        let summary = SessionSummary(judgements: [judged(12), judged(-40), judged(nil, voice: .kick)],
                                     extras: [ExtraHit(voice: .snare, time: ms(7), velocity: 30)])
        let decoded = try JSONDecoder().decode(SessionSummary.self, from: JSONEncoder().encode(summary))
        #expect(decoded == summary)
    }
}
