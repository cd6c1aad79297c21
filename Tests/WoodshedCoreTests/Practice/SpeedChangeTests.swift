import Testing
@testable import WoodshedCore

/// A speed change while playing moves everything after it, the same way everywhere.
struct SpeedChangeTests {
    @Test func timesAfterTheChangeComeSoonerOrLaterByTheRatio() {
        let slower = SpeedChange(at: .milliseconds(700), ratio: 0.5)
        #expect(slower.apply(to: .milliseconds(500)) == .milliseconds(500))
        #expect(slower.apply(to: .milliseconds(700)) == .milliseconds(700))
        #expect(slower.apply(to: .milliseconds(1_000)) == .milliseconds(1_300))  // 300 ms later at half speed: 600 ms
        let faster = SpeedChange(at: .zero, ratio: 1.25)
        #expect(faster.apply(to: .milliseconds(1_000)) == .milliseconds(800))
    }

    @Test func theJudgeExpectsTheNotesAfterTheChangeAtTheirNewTimes() {
        var judge = Judge(notes: judgeNotes([(0, .snare), (500, .snare), (1_000, .snare), (1_500, .snare)]))
        #expect(judge.hit(.snare, at: ms(0), velocity: 90) == .matched(noteIndex: 0, offset: .zero, tier: .perfect))
        judge.retime(SpeedChange(at: ms(700), ratio: 0.5))
        #expect(judge.hit(.snare, at: ms(500), velocity: 90) == .matched(noteIndex: 1, offset: .zero, tier: .perfect))
        // 1000 → 1300 and 1500 → 2300: a hit at the old time is now far too early.
        #expect(judge.hit(.snare, at: ms(1_000), velocity: 90) == .extra)
        #expect(judge.hit(.snare, at: ms(1_310), velocity: 90) == .matched(noteIndex: 2, offset: ms(10), tier: .perfect))
        judge.advance(to: ms(2_000))
        #expect(judge.finals().map(\.tier) == [.perfect, .perfect, .perfect])  // 2300 still open
        judge.advance(to: ms(2_400))
        #expect(judge.finals().map(\.tier) == [.miss])
    }

    @Test func thePlanAndTheHitSoundsMoveWithIt() throws {
        let chart = try DTXReader.read(Array("""
            #BPM: 120
            #WAV01: snare.wav
            #WAV02: snare2.wav
            #00012: 01010102
            """.utf8), file: "speed.dtx").chart
        var plan = try PracticePlan(chart: chart, options: PracticeOptions(countInBars: 0))
        var sounds = HitSounds(plan: plan, playable: { _ in true })
        let change = SpeedChange(at: .milliseconds(1_000), ratio: 0.8)
        plan.retime(change)
        sounds.retime(change)
        #expect(plan.notes.map(\.time) == [.zero, .milliseconds(500), .milliseconds(1_000), .milliseconds(1_625)])
        #expect(plan.beats.map(\.time) == [.zero, .milliseconds(500), .milliseconds(1_000), .milliseconds(1_625)])
        #expect(plan.end == .milliseconds(2_355))  // the measure's end + 84 ms: 2084 → 1000 + 1084 / 0.8
        #expect(plan.options.speedPercent == 80 && abs(plan.effectiveBPM - 96) < 1e-9)
        // A stray snare hit at 1 300 ms: nearer 1 000 (chip 01) than the last note's new time (1 625);
        // before the change it was nearer 1 500 (chip 02).
        #expect(sounds.sound(for: .snare, at: .milliseconds(1_300), matched: nil) == 0)
        #expect(sounds.sound(for: .snare, at: .milliseconds(1_550), matched: nil) == 1)
    }
}
