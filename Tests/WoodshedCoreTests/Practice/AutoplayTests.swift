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

    /// DTX hidden chips (31–3C) and empty-hit chips (B1–BE), 4/4 at 120 BPM (a beat is 500 ms):
    /// snare notes chip 01 on beat 2 of measures 0 and 1; a hidden snare chip 02 on beat 4 of
    /// measure 0; an empty-hit snare chip 03 from beat 1 of measure 1; an empty-hit left-pedal chip 04
    /// (BD) from measure 0; a hidden open hi-hat chip 05 (38).
    func laneChart() throws -> Chart {
        try DTXReader.read(Array("""
            #BPM: 120
            #WAV01: snare.wav
            #WAV02: snare-hidden.wav
            #WAV03: snare-empty.wav
            #WAV04: pedal-empty.wav
            #WAV05: open-hat.wav
            #00012: 00010000
            #00032: 00000002
            #00038: 05
            #00112: 00010000
            #001B2: 03
            #000BD: 04
            """.utf8), file: "lanes.dtx").chart
    }

    @Test func hiddenAndEmptyHitChipsAreTheLanesSoundsForHits() throws {
        let chart = try laneChart()
        #expect(chart.notes.map(\.voice) == [.snare, .snare], "hidden and empty-hit chips are not notes")
        #expect(chart.laneSounds == [
            LaneSound(kind: .emptyHit, voice: .hihatPedal, sound: 3, measureIndex: 0, position: .zero, time: .zero),
            LaneSound(kind: .hidden, voice: .hihatOpen, sound: 4, measureIndex: 0, position: .zero, time: .zero),
            LaneSound(kind: .hidden, voice: .snare, sound: 1, measureIndex: 0, position: ExactFraction(3, 4), time: .milliseconds(1500)),
            LaneSound(kind: .emptyHit, voice: .snare, sound: 2, measureIndex: 1, position: .zero, time: .milliseconds(2000)),
        ])
        let plan = try PracticePlan(chart: chart, options: PracticeOptions(countInBars: 0))
        let sounds = HitSounds(plan: plan, playable: { _ in true })
        let first = Int32(plan.notes.firstIndex { $0.time == .milliseconds(500) }!)
        #expect(sounds.sound(for: .snare, at: .milliseconds(510), matched: first) == 0, "a judged hit: its note's chip")
        // Before the empty-hit chip: the nearest chip, the hidden one included (1500 ms is nearer than 500 ms).
        #expect(sounds.sound(for: .snare, at: .milliseconds(1300), matched: nil) == 1)
        #expect(sounds.sound(for: .snare, at: .milliseconds(700), matched: nil) == 0)
        // From the empty-hit chip on, a stray snare hit plays it, however near a note is.
        #expect(sounds.sound(for: .snare, at: .milliseconds(2000), matched: nil) == 2)
        #expect(sounds.sound(for: .snare, at: .milliseconds(2600), matched: nil) == 2)
        // A voice with only an empty-hit chip, and one with only a hidden chip, have sounds of their own.
        #expect(sounds.sound(for: .hihatPedal, at: .milliseconds(100), matched: nil) == 3)
        #expect(sounds.sound(for: .hihatOpen, at: .milliseconds(3000), matched: nil) == 4)
        #expect(sounds.hasSound(for: .hihatPedal) && sounds.hasSound(for: .hihatOpen) && !sounds.hasSound(for: .ride))
    }

    @Test func anEmptyHitChipSetBeforeALoopIsInForceFromEachPass() throws {
        let plan = try PracticePlan(chart: try laneChart(), options: PracticeOptions(loop: 2...2, passes: 2, countInBars: 0))
        // Measure 2 (index 1) is 2 s long: passes start at 0 and 2 s. The snare's empty-hit chip sits on
        // the loop's first beat; the pedal's was set in measure 1, before the loop.
        #expect(plan.laneSounds.filter { $0.kind == .emptyHit }.map { "\($0.voice) \($0.time.milliseconds)" }
                == ["hihat-pedal 0.0", "snare 0.0", "hihat-pedal 2000.0", "snare 2000.0"])
        let sounds = HitSounds(plan: plan, playable: { _ in true })
        #expect(sounds.sound(for: .hihatPedal, at: .milliseconds(2500), matched: nil) == 3)
    }
}
