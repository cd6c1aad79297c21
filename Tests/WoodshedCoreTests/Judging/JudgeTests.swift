import Testing
@testable import WoodshedCore

@Suite struct JudgeTests {
    @Test func aTieGoesToTheEarlierNote() {
        var judge = Judge(notes: judgeNotes([(0, .snare), (100, .snare)]))
        // 50 ms from both: the earlier note takes it (Δ +50 → Great).
        #expect(judge.hit(.snare, at: ms(50), velocity: 90) == .matched(noteIndex: 0, offset: ms(50), tier: .great))
        // The next hit 50 ms from both can only take the later note.
        #expect(judge.hit(.snare, at: ms(50), velocity: 90) == .matched(noteIndex: 1, offset: ms(-50), tier: .great))
    }

    @Test func theNearestNoteWins() {
        var judge = Judge(notes: judgeNotes([(0, .snare), (60, .snare)]))
        #expect(judge.hit(.snare, at: ms(40), velocity: 90) == .matched(noteIndex: 1, offset: ms(-20), tier: .perfect))
        #expect(judge.finals().isEmpty)  // note 0 is still open
        judge.advance(to: ms(200))
        #expect(judge.finals().map(\.tier) == [.miss, .perfect])
    }

    @Test func aHitOfAnotherVoiceOfTheGroupMatches() {
        var judge = Judge(notes: judgeNotes([(0, .hihat), (500, .china)]))
        #expect(judge.hit(.hihatOpen, at: ms(10), velocity: 80) == .matched(noteIndex: 0, offset: ms(10), tier: .perfect))
        #expect(judge.hit(.splash, at: ms(500), velocity: 80) == .matched(noteIndex: 1, offset: .zero, tier: .perfect))
        let finals = judge.finals()
        #expect(finals.map(\.voice) == [.hihat, .china])  // a judgement names the note's voice
        #expect(judge.isComplete)
    }

    @Test func groupsSwitchedOffJudgeTheExactVoice() {
        var groups = VoiceGroups.all
        groups.hihat = false
        var judge = Judge(notes: judgeNotes([(0, .hihat), (0, .kick)]), groups: groups)
        #expect(judge.hit(.hihatOpen, at: ms(10), velocity: 80) == .extra)
        #expect(judge.hit(.kickLeft, at: ms(10), velocity: 80) == .matched(noteIndex: 1, offset: ms(10), tier: .perfect))
        var exact = Judge(notes: judgeNotes([(0, .snare)]), groups: .none)
        #expect(exact.hit(.snareRim, at: .zero, velocity: 80) == .extra)
        #expect(exact.hit(.snare, at: .zero, velocity: 80) == .matched(noteIndex: 0, offset: .zero, tier: .perfect))
    }

    @Test func extraHitsAreCountedAndLeaveTheCombo() {
        var judge = Judge(notes: judgeNotes([(0, .snare), (500, .snare)]))
        #expect(judge.hit(.snare, at: .zero, velocity: 100) == .matched(noteIndex: 0, offset: .zero, tier: .perfect))
        #expect(judge.hit(.snare, at: ms(5), velocity: 100) == .extra)  // note 0 is taken, note 1 too far
        #expect(judge.hit(.snare, at: ms(250), velocity: 100) == .extra)
        #expect(judge.hit(.tomLow, at: ms(500), velocity: 100) == .extra)  // a voice with no notes
        #expect(judge.hit(.snare, at: ms(500), velocity: 100) == .matched(noteIndex: 1, offset: .zero, tier: .perfect))
        #expect(judge.finals().map(\.combo) == [1, 2])
        #expect(judge.extraCount == 3)
        #expect(judge.combo == 2 && judge.score == 200)
    }

    @Test func aMissIsDecidedOnlyAfterTheGoodWindow() {
        var judge = Judge(notes: judgeNotes([(0, .kick), (1000, .kick)]))
        judge.advance(to: ms(84))
        #expect(judge.finals().isEmpty)
        judge.advance(to: ms(84) + EngineTime(nanoseconds: 1))
        let miss = judge.finals()
        #expect(miss == [Judgement(noteIndex: 0, voice: .kick, noteTime: .zero, hitTime: nil, offset: .zero, velocity: 0,
                                   tier: .miss, combo: 0, points: 0, score: 0)])
        // A hit exactly at the edge of the Good window still counts.
        #expect(judge.hit(.kick, at: ms(1084), velocity: 70) == .matched(noteIndex: 1, offset: ms(84), tier: .good))
        // A missed note can no longer be matched.
        #expect(judge.hit(.kick, at: ms(60), velocity: 70) == .extra)
    }

    @Test func theOffsetIsSubtractedFromTheHit() {
        // Δ = (hit − offset) − note
        var judge = Judge(notes: judgeNotes([(100, .snare), (1000, .snare), (2000, .snare)]), offset: ms(20))
        #expect(judge.hit(.snare, at: ms(130), velocity: 64) == .matched(noteIndex: 0, offset: ms(10), tier: .perfect))
        #expect(judge.hit(.snare, at: ms(1000), velocity: 64) == .matched(noteIndex: 1, offset: ms(-20), tier: .perfect))
        let finals = judge.finals()
        #expect(finals[0].hitTime == ms(130) && finals[0].offset == ms(10) && finals[0].velocity == 64)
        // The miss waits for the offset too: note + Good + offset.
        judge.advance(to: ms(2000 + 84 + 20))
        #expect(judge.finals().isEmpty)
        #expect(judge.hit(.snare, at: ms(2104), velocity: 64) == .matched(noteIndex: 2, offset: ms(84), tier: .good))
        var late = Judge(notes: judgeNotes([(0, .snare)]), offset: ms(20))
        late.advance(to: ms(104) + EngineTime(nanoseconds: 1))
        #expect(late.finals().map(\.tier) == [.miss])
    }

    @Test func scoringWaitsForEveryEarlierNote() {
        var judge = Judge(notes: judgeNotes([(0, .kick), (50, .snare)]))
        #expect(judge.hit(.snare, at: ms(50), velocity: 90) == .matched(noteIndex: 1, offset: .zero, tier: .perfect))
        #expect(judge.finals().isEmpty)
        #expect(judge.score == 0)
        #expect(judge.hit(.kick, at: ms(40), velocity: 90) == .matched(noteIndex: 0, offset: ms(40), tier: .great))
        let finals = judge.finals()
        #expect(finals.map(\.noteIndex) == [0, 1])
        #expect(finals.map(\.combo) == [1, 2])
        #expect(finals.map(\.points) == [80, 100])
        #expect(finals.map(\.score) == [80, 180])

        // A missed earlier note is scored first and breaks the combo before the later hit.
        var judge2 = Judge(notes: judgeNotes([(0, .snare), (0, .kick), (100, .snare)]))
        _ = judge2.hit(.snare, at: ms(100), velocity: 90)
        _ = judge2.hit(.snare, at: ms(0), velocity: 90)
        #expect(judge2.finals().isEmpty)  // chart order: kick (voice 0) before snare at the same time
        judge2.advance(to: ms(85))
        let finals2 = judge2.finals()
        #expect(finals2.map(\.noteIndex) == [1, 0, 2])
        #expect(finals2.map(\.tier) == [.miss, .perfect, .perfect])
        #expect(finals2.map(\.combo) == [0, 1, 2])
        #expect(judge2.isComplete)
    }

    @Test func comboMultiplierBoundaries() {
        let expected: [(Int32, Int32)] = [(1, 10), (9, 10), (10, 15), (24, 15), (25, 20), (49, 20), (50, 25), (99, 25), (100, 30), (500, 30)]
        for (combo, tenths) in expected { #expect(Scoring.multiplierInTenths(combo: combo) == tenths) }
        #expect(Scoring.points(for: .perfect, combo: 9) == 100)
        #expect(Scoring.points(for: .perfect, combo: 10) == 150)
        #expect(Scoring.points(for: .great, combo: 10) == 120)
        #expect(Scoring.points(for: .good, combo: 10) == 75)
        #expect(Scoring.points(for: .good, combo: 50) == 125)
        #expect(Scoring.points(for: .great, combo: 100) == 240)
        #expect(Scoring.points(for: .miss, combo: 0) == 0)

        // 101 perfect notes in a row, through the judge.
        var judge = Judge(notes: (0..<101).map { JudgeNote(time: ms(Double($0) * 200), voice: .snare, index: Int32($0)) })
        for i in 0..<101 { _ = judge.hit(.snare, at: ms(Double(i) * 200), velocity: 100) }
        let points = judge.finals().map(\.points)
        #expect(points[8] == 100 && points[9] == 150)    // combo 9 → 10
        #expect(points[23] == 150 && points[24] == 200)  // 24 → 25
        #expect(points[48] == 200 && points[49] == 250)  // 49 → 50
        #expect(points[98] == 250 && points[99] == 300)  // 99 → 100
        #expect(judge.score == 9 * 100 + 15 * 150 + 25 * 200 + 50 * 250 + 2 * 300)
        #expect(judge.maxCombo == 101)
    }

    @Test func aMissResetsTheCombo() {
        var judge = Judge(notes: judgeNotes([(0, .snare), (200, .snare), (400, .snare)]))
        _ = judge.hit(.snare, at: .zero, velocity: 100)
        judge.advance(to: ms(300))
        _ = judge.hit(.snare, at: ms(440), velocity: 100)
        let finals = judge.finals()
        #expect(finals.map(\.combo) == [1, 0, 1])
        #expect(finals.map(\.tier) == [.perfect, .miss, .great])
        #expect(judge.maxCombo == 1 && judge.combo == 1)
    }

    @Test func onlyPractisedVoicesAreJudged() {
        let notes = judgeNotes([(0, .kick), (0, .snare), (250, .hihat), (500, .snare)])
        var judge = Judge(notes: notes, voices: [.snare])
        #expect(judge.noteCount == 2)
        #expect(judge.hit(.kick, at: .zero, velocity: 100) == .ignored)
        #expect(judge.hit(.hihat, at: ms(250), velocity: 100) == .ignored)
        #expect(judge.hit(.snareRim, at: ms(5), velocity: 100) == .matched(noteIndex: 1, offset: ms(5), tier: .perfect))
        #expect(judge.hit(.snare, at: ms(250), velocity: 100) == .extra)
        judge.advance(to: ms(1000))
        #expect(judge.finals().map(\.noteIndex) == [1, 3])
        // Without isolation a voice with no notes is an extra, not ignored.
        var all = Judge(notes: notes)
        #expect(all.hit(.tomFloor, at: .zero, velocity: 100) == .extra)
    }

    @Test func resetStartsOver() {
        var judge = Judge(notes: judgeNotes([(0, .snare), (100, .kick)]))
        _ = judge.hit(.snare, at: .zero, velocity: 100)
        _ = judge.hit(.tomLow, at: .zero, velocity: 100)
        judge.advance(to: ms(1000))
        let first = judge.finals()
        #expect(judge.isComplete)
        judge.reset()
        #expect(!judge.isComplete && judge.score == 0 && judge.combo == 0 && judge.extraCount == 0)
        _ = judge.hit(.snare, at: .zero, velocity: 100)
        _ = judge.hit(.tomLow, at: .zero, velocity: 100)
        judge.advance(to: ms(1000))
        #expect(judge.finals() == first)
    }

    @Test func noNotesIsCompleteAtOnce() {
        var judge = Judge(notes: [])
        #expect(judge.isComplete)
        #expect(judge.hit(.snare, at: .zero, velocity: 1) == .extra)
        judge.advance(to: ms(100))
        #expect(judge.nextFinal() == nil)
    }

    @Test func notesAreJudgedInChartOrderWhateverTheirListOrder() {
        var judge = Judge(notes: [JudgeNote(time: ms(100), voice: .snare, index: 0), JudgeNote(time: ms(0), voice: .crash, index: 1),
                                  JudgeNote(time: ms(0), voice: .kick, index: 2)])
        judge.advance(to: ms(500))
        #expect(judge.finals().map(\.noteIndex) == [2, 1, 0])
    }
}
