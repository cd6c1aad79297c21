import Testing
import WoodshedCore
@testable import WoodshedEngine

@Suite struct ClockTests {
    @Test func virtualClockOnlyMovesForward() {
        let clock = VirtualClock(start: .milliseconds(-500))
        #expect(clock.now == .milliseconds(-500))
        clock.advance(to: .milliseconds(100))
        clock.advance(to: .milliseconds(50))
        #expect(clock.now == .milliseconds(100))
        clock.sleep(until: .seconds(2))
        #expect(clock.now == .seconds(2))
        #expect(!clock.isRealTime)
    }

    @Test func monotonicClockAdvancesAndSleeps() {
        let clock = MonotonicClock()
        let a = clock.now
        clock.sleep(until: a + .milliseconds(5))
        #expect(clock.now - a >= .milliseconds(5))
    }

    @Test func steadyBeatsAreComputedNotAccumulated() {
        let beats = SteadyBeats(bpm: 140, signature: TimeSignature(7, 8), start: .zero, count: 1000)
        // 60/140 s is not a whole number of nanoseconds: beat 999 is still exact to the nanosecond.
        #expect(beats.beat(999)?.time == EngineTime(nanoseconds: Int64((999 * 60_000_000_000 / 140.0).rounded())))
        #expect(beats.beat(1000) == nil)
        #expect(beats.beat(0)?.accent == .bar)
        #expect(beats.beat(7)?.accent == .bar)
        #expect(beats.beat(3)?.accent == BeatAccent.none)
    }

    @Test func compoundMetersStressEachGroup() {
        let sixEight = TimeSignature("6/8")!
        #expect(sixEight.isCompound)
        #expect((0..<6).map { sixEight.accent(ofBeat: $0) } == [.bar, .none, .none, .group, .none, .none])
        #expect(!TimeSignature("3/4")!.isCompound)
        #expect(TimeSignature("4/3") == nil)
    }
}
