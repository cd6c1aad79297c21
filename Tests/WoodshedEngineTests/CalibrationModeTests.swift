import Testing
import WoodshedCore
import WoodshedEngine

@Suite struct CalibrationModeTests {
    /// 100 BPM in 4/4 with a one-bar count-in: clicks from −2400 ms, 600 ms apart.
    static func mode(taps: Int = 4, lastBeat: Int = 16) -> CalibrationMode {
        let start = CalibrationMode.countInStart(bpm: 100, countIn: 4)
        return CalibrationMode(metronome: SteadyBeats(bpm: 100, start: start), countIn: 4, taps: taps, lastBeat: lastBeat)
    }

    static func run(_ mode: CalibrationMode, tapsAt ms: [Double]) throws -> [CalibrationTap] {
        let events = ms.map { MIDIEvent(time: .milliseconds($0), kind: .noteOn, number: 38, value: 90) }
            + [MIDIEvent(time: .milliseconds(700), kind: .noteOff, number: 38, value: 0)]
        let clock = VirtualClock(start: .milliseconds(-2400))
        var taps: [CalibrationTap] = []
        try EngineRun.offline(input: RecordedInput(name: "test", events: events.sorted { $0.time < $1.time }),
                              mode: mode, renderer: nil, clock: clock) {
            while let tap = mode.results.pop() { taps.append(tap) }
        }
        return taps
    }

    @Test func tapsArePairedWithTheirNearestBeatAfterTheCountIn() throws {
        let mode = Self.mode()
        let taps = try Self.run(mode, tapsAt: [-1190, 20, 615, 1230, 1790])
        #expect(taps.map(\.beat) == [-2, 0, 1, 2, 3])
        #expect(taps.map(\.offset) == [10, 20, 15, 30, -10].map { EngineTime.milliseconds($0) })
        #expect(mode.tapsCounted == 4)
        #expect(mode.isFinished && !mode.didTimeOut)
    }

    @Test func theModeFinishesAfterItsTapsAndIgnoresTheRest() throws {
        let mode = Self.mode(taps: 2)
        let taps = try Self.run(mode, tapsAt: [0, 600, 1200, 1800])
        #expect(taps.count == 2)
    }

    @Test func theTimeLimitEndsACalibrationWithTooFewTaps() throws {
        let mode = Self.mode(taps: 4, lastBeat: 3)
        let taps = try Self.run(mode, tapsAt: [0, 600, 5000])
        #expect(taps.count == 2)
        #expect(mode.didTimeOut && mode.isFinished)
    }
}
