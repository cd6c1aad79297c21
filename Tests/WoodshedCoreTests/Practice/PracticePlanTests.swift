import Foundation
import Testing
@testable import WoodshedCore

@Suite struct PracticePlanTests {
    /// Four 4/4 measures at 120 BPM (2 s each): kick on every beat, snare on 2 and 4.
    func chart() throws -> Chart {
        let text = """
        title: Plan
        bpm: 120

        measure x4
        kick   x-x-x-x-
        snare  --x---x-
        """
        return try NativeChartReader.read(Array(text.utf8), file: "plan.wchart")
    }

    @Test func fullSpeedIsTheChartWithACountIn() throws {
        let plan = try PracticePlan(chart: try chart(), options: PracticeOptions())
        #expect(plan.notes.count == 4 * 6)
        #expect(plan.notes.first?.time == .zero)
        #expect(plan.countInBeats.map(\.time) == [-2000, -1500, -1000, -500].map { EngineTime.milliseconds($0) })
        #expect(plan.countInBeats.first?.accent == .bar)
        #expect(plan.beats.filter { $0.time >= .zero }.count == 16)
        #expect(plan.effectiveBPM == 120)
        #expect(plan.end == .milliseconds(8084))
    }

    @Test func speedStretchesTimesNotWindows() throws {
        let plan = try PracticePlan(chart: try chart(), options: PracticeOptions(speedPercent: 50))
        #expect(plan.effectiveBPM == 60)
        #expect(plan.notes.last?.time == .milliseconds(2 * 7500))  // the last snare, beat 4 of measure 4
        #expect(plan.countInBeats.first?.time == .milliseconds(-4000))
        #expect(plan.end == .milliseconds(16_084))
    }

    @Test func loopsLayPassesEndToEnd() throws {
        let seamless = try PracticePlan(chart: try chart(), options: PracticeOptions(loop: 2...3, passes: 3))
        #expect(seamless.passStarts == [0, 4000, 8000].map { EngineTime.milliseconds($0) })
        #expect(seamless.notes.count == 3 * 2 * 6)
        #expect(seamless.notes.first?.measureNumber == 2)
        #expect(seamless.notes.map(\.pass).last == 2)
        #expect(seamless.countInBeats.count == 4)
        #expect(seamless.pass(at: .milliseconds(4100)) == 1)

        let counted = try PracticePlan(chart: try chart(), options: PracticeOptions(loop: 2...3, passes: 2, countInEachPass: true))
        #expect(counted.passStarts == [0, 6000].map { EngineTime.milliseconds($0) })
        #expect(counted.countInBeats.count == 8)
    }

    @Test func voiceIsolationMutesTheOthers() throws {
        let plan = try PracticePlan(chart: try chart(), options: PracticeOptions(voices: [.snare]))
        #expect(plan.notes.allSatisfy { $0.voice == .snare })
        #expect(plan.notes.count == 8)
        #expect(plan.mutedNotes.count == 16)
        #expect(PracticeOptions.voicePreset("feet") == [.kick, .kickLeft, .hihatPedal])
        #expect(PracticeOptions.voicePreset("hands")?.contains(.snare) == true)
    }

    @Test func badLoopsAreRejected() throws {
        #expect(throws: PracticePlan.PlanError.self) { try PracticePlan(chart: try chart(), options: PracticeOptions(loop: 3...9)) }
        #expect(PracticeOptions.parseLoop("9-12") == 9...12)
        #expect(PracticeOptions.parseLoop("5") == 5...5)
        #expect(PracticeOptions.parseLoop("12-9") == nil)
        #expect(PracticeOptions.parseLoop("0-3") == nil)
    }

    @Test func beatsAndPlacementsAreKept() throws {
        let plan = try PracticePlan(chart: try chart(), options: PracticeOptions())
        let snares = plan.notes.filter { $0.voice == .snare }
        #expect(snares.prefix(2).map(\.beat) == [2, 4])
        #expect(plan.notes.first?.placement == .downbeat)
    }
}
