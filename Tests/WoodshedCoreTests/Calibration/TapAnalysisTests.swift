import Foundation
import Testing
import WoodshedCore

@Suite struct TapAnalysisTests {
    /// 120 BPM: beat n at n × 500 ms.
    static let beatDuration = EngineTime.milliseconds(500)
    static func beatTime(_ n: Int) -> EngineTime { EngineTime(nanoseconds: Int64(n) * 500_000_000) }

    static func paired(_ times: [EngineTime]) -> [CalibrationTap] {
        times.map { BeatPairing.tap(at: $0, note: 38, velocity: 100, start: .zero, beatDuration: beatDuration, beatTime: beatTime) }
    }

    /// The tapper: +23 ms, σ 8 ms, two wild taps and a double trigger.
    static let tapper = SimulatedTapper(
        bias: .milliseconds(23), deviation: .milliseconds(8),
        wildTaps: [5: .milliseconds(140), 11: .milliseconds(-210)],
        doubleTriggers: [8: .milliseconds(12)])

    @Test func recoversTheBiasWithinOneMillisecond() {
        // One run of 16 taps with σ 8 ms cannot promise 1 ms (the median's own standard error is
        // about 2.5 ms), so: over 100 tappers the offsets centre on the bias within 1 ms, and no
        // single run strays more than three standard errors — the wild taps and the double trigger
        // never pull it.
        var sum = 0.0
        for seed in UInt64(1)...100 {
            var tapper = Self.tapper
            tapper.seed = seed
            let run = TapAnalysis.analyse(Self.paired(tapper.taps(beats: 16, beatTime: Self.beatTime)),
                                          beatDuration: Self.beatDuration)
            sum += run.offsetMs
            #expect(abs(run.offsetMs - 23) < 8, "seed \(seed): \(run.offsetMs)")
            #expect(run.isUsable)
        }
        #expect(abs(sum / 100 - 23) < 1)
    }

    @Test func wildTapsAndTheDoubleTriggerAreDroppedWithTheirReasons() {
        let taps = Self.paired(Self.tapper.taps(beats: 16, beatTime: Self.beatTime))
        let result = TapAnalysis.analyse(taps, beatDuration: Self.beatDuration)
        #expect(result.total == 17)
        let reasons = Dictionary(grouping: result.dropped, by: \.tap.beat).mapValues { $0.map(\.reason) }
        #expect(reasons[5] == [.outlier])          // 140 ms late: inside a third of a beat, far from the rest
        #expect(reasons[11] == [.farFromBeat])     // 210 ms early: more than a third of a beat away
        #expect(reasons[8] == [.doubleTrigger])
        #expect(result.dropped.count == 3)
        #expect(result.used.count == 14)
        #expect(result.trust == .good)
    }

    @Test func theSpreadIsTheStandardDeviationOfTheUsedTaps() {
        let offsets: [Double] = [20, 22, 24, 26, 28]
        let taps = Self.paired(offsets.enumerated().map { Self.beatTime($0.offset) + .milliseconds($0.element) })
        let result = TapAnalysis.analyse(taps, beatDuration: Self.beatDuration)
        #expect(result.offsetMs == 24)
        #expect(abs(result.spreadMs - 10.0.squareRoot()) < 0.001)
    }

    @Test func tooFewGoodTapsAreNotUsable() {
        // 6 taps, 4 of them wild: fewer than half survive.
        let offsets: [Double] = [20, 240, -240, 21, 245, -235]
        let taps = Self.paired(offsets.enumerated().map { Self.beatTime($0.offset) + .milliseconds($0.element) })
        let result = TapAnalysis.analyse(taps, beatDuration: Self.beatDuration)
        #expect(!result.isUsable)
        #expect(TapAnalysis.analyse([], beatDuration: Self.beatDuration).isUsable == false)
    }

    @Test func countInTapsAreNotCounted() {
        let taps = Self.paired([.milliseconds(-1000), .milliseconds(-480)] + (0..<4).map { Self.beatTime($0) + .milliseconds(10) })
        #expect(taps[0].isCountIn && taps[1].isCountIn)
        let result = TapAnalysis.analyse(taps, beatDuration: Self.beatDuration)
        #expect(result.total == 4)
        #expect(result.offsetMs == 10)
    }

    @Test func pairingPicksTheNearestBeat() {
        let late = BeatPairing.nearest(to: .milliseconds(740), start: .zero, beatDuration: Self.beatDuration, beatTime: Self.beatTime)
        #expect(late.beat == 1 && late.time == .milliseconds(500))
        let early = BeatPairing.nearest(to: .milliseconds(760), start: .zero, beatDuration: Self.beatDuration, beatTime: Self.beatTime)
        #expect(early.beat == 2 && early.time == .milliseconds(1000))
        let countIn = BeatPairing.nearest(to: .milliseconds(-1990), start: .zero, beatDuration: Self.beatDuration, beatTime: Self.beatTime)
        #expect(countIn.beat == -4)
    }

    @Test(arguments: [(0.0, CalibrationTrust.good), (9.9, .good), (10, .fair), (25, .fair), (25.1, .redo)])
    func trustWords(spread: Double, trust: CalibrationTrust) {
        #expect(CalibrationTrust(spreadMs: spread) == trust)
    }

    /// The judging rule every judge applies: Δ = (hit − offset) − note.
    @Test func theOffsetMovesHitsBackByItself() {
        let offset = LatencyOffset(milliseconds: 23)
        let note = EngineTime.milliseconds(1000)
        #expect(offset.delta(hit: .milliseconds(1023), note: note) == .zero)
        #expect(offset.delta(hit: .milliseconds(1000), note: note) == .milliseconds(-23))
        #expect(LatencyOffset.none.delta(hit: .milliseconds(1023), note: note) == .milliseconds(23))
        #expect(LatencyOffset(milliseconds: -5).corrected(.milliseconds(100)) == .milliseconds(105))
    }
}

@Suite struct ClickOnsetTests {
    /// A click (a decaying 1 kHz tone) placed at a fractional sample, found there.
    @Test func findsAnOnsetToAFractionOfASample() {
        func click(at start: Double, gain: Float, count: Int = 4800) -> [Float] {
            (0..<count).map { i in
                let t = Double(i) - start
                guard t >= 0 else { return 0 }
                return gain * Float(sin(2 * Double.pi * 1000 * t / 48000) * exp(-t / 400))
            }
        }
        let reference = ClickOnset.crossing(in: click(at: 100, gain: 0.9), window: 0..<4800)!
        let delayed = ClickOnset.crossing(in: click(at: 1300.25, gain: 0.3), window: 0..<4800)!
        #expect(abs((delayed - reference) - 1200.25) < 0.2)
        #expect(ClickOnset.crossing(in: [Float](repeating: 0.001, count: 100), window: 0..<100) == nil)
    }
}
