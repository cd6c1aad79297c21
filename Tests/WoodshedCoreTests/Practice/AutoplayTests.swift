import Testing
@testable import WoodshedCore

/// What a chart plays by itself (`PracticePlan.autoplay`) and which chip a hit plays (`HitSounds`).
@Suite struct AutoplayTests {
    /// Two 4/4 measures at 120 BPM: kick chip 01 on every beat, snare chip 02 on 2 and 4 (the one
    /// in measure 2 beat 4 chip 03), a hi-hat ghost (#VOLUME 30) on the "and" of 1, a sound effect
    /// (chip 04) on beat 3 of measure 2.
    func chart() throws -> Chart {
        try DTXReader.read(Array("""
            #BPM: 120
            #WAV01: kick.wav
            #WAV02: snare.wav
            #WAV03: snare2.wav
            #WAV04: fx.wav
            #WAV05: hat.wav
            #VOLUME05: 30
            #00013: 01010101
            #00012: 00020002
            #00011: 0005000000000000
            #00113: 01010101
            #00112: 00020003
            #00161: 0004
            """.utf8), file: "auto.dtx").chart
    }

    @Test func judgingEverythingAutoplaysOnlyTheChartsOwnCues() throws {
        let plan = try PracticePlan(chart: try chart(), options: PracticeOptions(countInBars: 0))
        #expect(plan.autoplay == [PracticePlan.SoundCue(time: .milliseconds(3000), sound: 3, voice: nil)])
    }

    @Test func voicesLeftOutAndNotesAnEasierLevelDropsPlayWithTheirChips() throws {
        let chart = try chart()
        let hands = try PracticePlan(chart: chart, options: PracticeOptions(countInBars: 0, voices: [.snare, .hihat]))
        let kicks = hands.autoplay.filter { $0.voice == .kick }
        #expect(kicks.map(\.time) == (0..<8).map { EngineTime.milliseconds(Double(500 * $0)) })
        #expect(Set(kicks.map(\.sound)) == [0])
        #expect(!hands.notes.contains { $0.voice == .kick })

        // Level 4 drops ghost notes: the hi-hat ghost is played for the drummer.
        let level4 = try PracticePlan(chart: chart, options: PracticeOptions(countInBars: 0, level: 4))
        #expect(level4.autoplay.filter { $0.voice == .hihat } == [PracticePlan.SoundCue(time: .milliseconds(250), sound: 4, voice: .hihat)])
        #expect(!level4.notes.contains { $0.voice == .hihat })
    }

    @Test func aLoopPlaysItsCuesInEveryPassAtTheSpeed() throws {
        let plan = try PracticePlan(chart: try chart(), options: PracticeOptions(speedPercent: 50, loop: 2...2, passes: 2, countInBars: 0))
        // Measure 2 lasts 4 s at 50 %; its sound effect is on beat 3 (2 s in).
        #expect(plan.autoplay.filter { $0.voice == nil }.map(\.time) == [.milliseconds(2000), .milliseconds(6000)])
    }

    @Test func aHitPlaysTheChipOfItsNoteElseTheNearestOfItsVoice() throws {
        let plan = try PracticePlan(chart: try chart(), options: PracticeOptions(countInBars: 0, voices: [.snare]))
        let sounds = HitSounds(plan: plan, playable: { _ in true })
        let snareOnBeat4 = Int32(plan.notes.firstIndex { $0.time == .milliseconds(3500) }!)
        #expect(sounds.sound(for: .snare, at: .milliseconds(3510), matched: snareOnBeat4) == 2)
        // Unmatched: the nearest snare note (2500 ms, chip 02; 3500 ms, chip 03).
        #expect(sounds.sound(for: .snare, at: .milliseconds(2900), matched: nil) == 1)
        #expect(sounds.sound(for: .snare, at: .milliseconds(3100), matched: nil) == 2)
        #expect(sounds.sound(for: .snare, at: .milliseconds(9000), matched: nil) == 2)
        #expect(sounds.sound(for: .snare, at: .milliseconds(-900), matched: nil) == 1)
        // The kick is not judged but its notes are the chart's: its chip.
        #expect(sounds.sound(for: .kick, at: .milliseconds(1010), matched: nil) == 0)
        // A voice with no chip anywhere: the kit.
        #expect(sounds.sound(for: .ride, at: .milliseconds(1000), matched: nil) == nil)
    }

    @Test func aChipThatDidNotLoadIsPassedOverForTheKitOrTheNextNearest() throws {
        let plan = try PracticePlan(chart: try chart(), options: PracticeOptions(countInBars: 0))
        let sounds = HitSounds(plan: plan, playable: { $0 != 2 })  // snare2.wav missing
        let index = Int32(plan.notes.firstIndex { $0.time == .milliseconds(3500) && $0.voice == .snare }!)
        #expect(sounds.sound(for: .snare, at: .milliseconds(3500), matched: index) == 1, "the nearest snare that can play")
        let none = HitSounds(plan: plan, playable: { _ in false })
        #expect(none.isEmpty)
        #expect(none.sound(for: .snare, at: .milliseconds(3500), matched: index) == nil)
    }
}
