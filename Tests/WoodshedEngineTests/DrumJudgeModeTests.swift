import Testing
import WoodshedCore
@testable import WoodshedEngine

@Suite struct DrumJudgeModeTests {
    /// kick 0, hi-hat 250, snare 500, hi-hat 750 ms.
    static let notes = [(0.0, DrumVoice.kick), (250, .hihat), (500, .snare), (750, .hihat)].enumerated().map {
        JudgeNote(time: .milliseconds($1.0), voice: $1.1, index: Int32($0))
    }

    struct Run {
        var records: [DrumPlayRecord]
        var sounded: [MIDIEvent]
        var finished: Bool
    }

    /// Plays `events` through the General MIDI kit map into the judge, offline.
    func run(_ events: [MIDIEvent], voices: Set<DrumVoice>? = nil) throws -> Run {
        let clock = VirtualClock(start: .milliseconds(-100))
        let synth = SPSCQueue<MIDIEvent>(minimumCapacity: 256)
        let mode = DrumJudgeMode(classifier: DrumKitClassifier(map: .generalMIDI), judge: Judge(notes: Self.notes, voices: voices), synth: synth)
        var records: [DrumPlayRecord] = []
        try EngineRun.offline(input: RecordedInput(name: "test", events: events), mode: mode, renderer: nil, clock: clock,
                              end: .milliseconds(900)) {
            while let record = mode.results.pop() { records.append(record) }
        }
        var sounded: [MIDIEvent] = []
        while let event = synth.pop() { sounded.append(event) }
        return Run(records: records, sounded: sounded, finished: mode.isFinished)
    }

    static let played: [MIDIEvent] = [
        .noteOn(36, velocity: 100, at: .milliseconds(5)),    // kick, Δ +5: Perfect
        .noteOn(46, velocity: 90, at: .milliseconds(210)),   // open hi-hat on the hi-hat note, Δ −40: Great
        .noteOn(38, velocity: 110, at: .milliseconds(570)),  // snare, Δ +70: Good
        .noteOn(50, velocity: 80, at: .milliseconds(600)),   // high tom: no note, an extra
        // the hi-hat at 750 is not played: a miss once 834 ms have passed
    ]

    @Test func judgesSoundsAndReportsInOrder() throws {
        let result = try run(Self.played)
        #expect(result.finished)
        #expect(result.sounded.map(\.number) == [36, 46, 38, 50])
        #expect(result.sounded.allSatisfy { $0.channel == 10 && $0.kind == .noteOn })
        #expect(result.sounded.map(\.value) == [100, 90, 110, 80])
        #expect(result.records == [
            .judged(Judgement(noteIndex: 0, voice: .kick, noteTime: .zero, hitTime: .milliseconds(5), offset: .milliseconds(5),
                              velocity: 100, tier: .perfect, combo: 1, points: 100, score: 100)),
            .judged(Judgement(noteIndex: 1, voice: .hihat, noteTime: .milliseconds(250), hitTime: .milliseconds(210),
                              offset: .milliseconds(-40), velocity: 90, tier: .great, combo: 2, points: 80, score: 180)),
            .judged(Judgement(noteIndex: 2, voice: .snare, noteTime: .milliseconds(500), hitTime: .milliseconds(570),
                              offset: .milliseconds(70), velocity: 110, tier: .good, combo: 3, points: 50, score: 230)),
            .extra(ExtraHit(voice: .tomHigh, time: .milliseconds(600), velocity: 80)),
            .judged(Judgement(noteIndex: 3, voice: .hihat, noteTime: .milliseconds(750), hitTime: nil, offset: .zero,
                              velocity: 0, tier: .miss, combo: 0, points: 0, score: 230)),
        ])
    }

    @Test func isolatedVoicesIgnoreTheRestButStillSoundThem() throws {
        let result = try run(Self.played, voices: [.hihat])
        #expect(result.sounded.map(\.number) == [36, 46, 38, 50])
        #expect(result.records.count == 5)
        #expect(result.records[0] == .ignored(voice: .kick, time: .milliseconds(5), velocity: 100))
        guard case .judged(let hihat) = result.records[1] else { Issue.record("expected a judgement"); return }
        #expect(hihat.noteIndex == 1 && hihat.tier == .great && hihat.combo == 1)
        #expect(result.records[2] == .ignored(voice: .snare, time: .milliseconds(570), velocity: 110))
        #expect(result.records[3] == .ignored(voice: .tomHigh, time: .milliseconds(600), velocity: 80))
        guard case .judged(let miss) = result.records[4] else { Issue.record("expected a judgement"); return }
        #expect(miss.noteIndex == 3 && miss.tier == .miss)
    }

    @Test func droppedHitsAreReportedNotSoundedNorJudged() throws {
        // A second snare 10 ms after the first is a double trigger for the default filters.
        let events: [MIDIEvent] = [.noteOn(38, velocity: 100, at: .milliseconds(500)), .noteOn(38, velocity: 100, at: .milliseconds(510))]
        let result = try run(events)
        #expect(result.sounded.map(\.number) == [38])
        #expect(result.records.contains(.dropped(events[1], .doubleTrigger)))
        #expect(result.records.filter { if case .judged = $0 { true } else { false } }.count == 4)
        #expect(!result.records.contains { if case .extra = $0 { true } else { false } })
    }

    @Test func finishesWhenTheLastNoteIsFinal() throws {
        // With no input after the notes, the run ends as soon as the last note's window closes.
        let result = try run([.noteOn(36, velocity: 100, at: .zero)])
        #expect(result.finished)
        #expect(result.records.count == 4)
    }
}

@Suite struct SourceLatencyTests {
    /// kick at 0, snare at 500, kick at 1000 ms.
    static let notes = [(0.0, DrumVoice.kick), (500, .snare), (1000, .kick)].enumerated().map {
        JudgeNote(time: .milliseconds($1.0), voice: $1.1, index: Int32($0))
    }

    func judged(_ records: [DrumPlayRecord]) -> [Judgement] {
        records.compactMap { if case .judged(let j) = $0 { j } else { nil } }
    }

    /// A speed change pushed by the thread that owns the run is in force before the next hit.
    @Test func aSpeedChangeMovesTheNotesStillToComeBeforeTheNextHit() {
        let mode = DrumJudgeMode(classifier: DrumKitClassifier(map: .generalMIDI), judge: Judge(notes: Self.notes),
                                 synth: SPSCQueue(minimumCapacity: 16))
        mode.handle(.noteOn(36, velocity: 100, at: .zero))
        // From 200 ms on at half the speed: the snare 500 → 800, the kick 1000 → 1800.
        #expect(mode.speedChanges.push(SpeedChange(at: .milliseconds(200), ratio: 0.5)))
        mode.handle(.noteOn(38, velocity: 100, at: .milliseconds(810)))
        mode.handle(.noteOn(36, velocity: 100, at: .milliseconds(1_790)))
        mode.advance(to: .milliseconds(2_000))
        var records: [DrumPlayRecord] = []
        while let r = mode.results.pop() { records.append(r) }
        #expect(judged(records).map(\.offset) == [.zero, .milliseconds(10), .milliseconds(-10)])
        #expect(judged(records).map(\.tier) == [.perfect, .perfect, .perfect])
    }

    @Test func eachHitIsCorrectedByTheLatencyOfTheSourceItCameFrom() {
        // A kit (client 20) calibrated at 30 ms, a pad (client 24) at 10 ms, anything else at 5 ms.
        let latencies = InputLatencies(fallback: .milliseconds(5))
        latencies.set(.milliseconds(30), client: 20)
        latencies.set(.milliseconds(10), client: 24)
        let mode = DrumJudgeMode(classifier: DrumKitClassifier(map: .generalMIDI), judge: Judge(notes: Self.notes),
                                 synth: SPSCQueue(minimumCapacity: 16), latencies: latencies)
        mode.handle(.noteOn(36, velocity: 100, at: .milliseconds(30), source: 20 << 8))    // kit: 30 − 30 = on time
        mode.handle(.noteOn(38, velocity: 100, at: .milliseconds(510), source: 24 << 8 | 1))  // pad, port 1: 510 − 10 − 500 = 0
        mode.handle(.noteOn(36, velocity: 100, at: .milliseconds(1025), source: 32 << 8))  // unknown: 1025 − 5 − 1000 = +20
        mode.advance(to: .milliseconds(1200))
        var records: [DrumPlayRecord] = []
        while let r = mode.results.pop() { records.append(r) }
        #expect(judged(records).map(\.offset) == [.zero, .zero, .milliseconds(20)])
    }

    @Test func aSourceCalibratedAfterStartIsCorrectedFromThenOn() {
        let latencies = InputLatencies()
        let mode = DrumJudgeMode(classifier: DrumKitClassifier(map: .generalMIDI), judge: Judge(notes: Self.notes),
                                 synth: SPSCQueue(minimumCapacity: 16), latencies: latencies)
        mode.handle(.noteOn(36, velocity: 100, at: .milliseconds(25), source: 20 << 8))    // not announced yet: +25
        latencies.set(.milliseconds(25), client: 20)                                        // plugged in, calibration found
        mode.handle(.noteOn(38, velocity: 100, at: .milliseconds(525), source: 20 << 8))   // now on time
        mode.advance(to: .milliseconds(1200))
        var records: [DrumPlayRecord] = []
        while let r = mode.results.pop() { records.append(r) }
        #expect(judged(records).map(\.offset) == [.milliseconds(25), .zero, .zero])  // the third, a miss, has none
        #expect(judged(records).map(\.tier) == [.perfect, .perfect, .miss])
    }

    @Test func aNoteIsMissedOnlyOnceTheSlowestSourceCouldNoLongerHitIt() {
        let latencies = InputLatencies()
        latencies.set(.milliseconds(40), client: 20)
        let mode = DrumJudgeMode(classifier: DrumKitClassifier(map: .generalMIDI), judge: Judge(notes: Self.notes),
                                 synth: SPSCQueue(minimumCapacity: 16), latencies: latencies)
        // The kick at 0 closes at 84 ms; a hit from the 40 ms source can still arrive until 124 ms.
        mode.advance(to: .milliseconds(120))
        #expect(mode.results.pop() == nil)
        mode.handle(.noteOn(36, velocity: 100, at: .milliseconds(123), source: 20 << 8))
        guard case .judged(let kick)? = mode.results.pop() else { Issue.record("the late kick was not judged"); return }
        #expect(kick.tier == .good && kick.offset == .milliseconds(83))
    }
}

@Suite struct PitchedReleaseTests {
    @Test func aKeyLetGoReleasesTheTransposedNoteItSounded() {
        let synth = SPSCQueue<MIDIEvent>(minimumCapacity: 16)
        let mode = MonitorMode(classifier: PitchedClassifier(map: PitchedMap(transpose: -12)), synth: synth)
        mode.handle(.noteOn(72, velocity: 90, at: .zero, channel: 1))
        mode.handle(.noteOn(72, velocity: 0, at: .milliseconds(300), channel: 1))  // velocity 0: a note-off
        let on = synth.pop(), off = synth.pop()
        #expect(on?.kind == .noteOn && on?.number == 60)
        #expect(off?.kind == .noteOff && off?.number == 60)
    }

    @Test func theQuizReleasesTheTransposedNoteToo() {
        let synth = SPSCQueue<MIDIEvent>(minimumCapacity: 16)
        let plan = QuizPlan(questions: QuizPlan.scaleDegrees(try! Scale(root: NoteName(.c), mode: .ionian), clef: .bass))
        let mode = QuizMode(plan: plan, rules: .scale(grading: .pitchClass), classifier: PitchedClassifier(map: PitchedMap(transpose: 2)),
                            synth: synth)
        mode.advance(to: .zero)
        mode.handle(.noteOn(46, velocity: 90, at: .milliseconds(100), channel: 1))  // sounds 48 (C3)
        mode.handle(MIDIEvent(time: .milliseconds(200), kind: .noteOff, channel: 1, number: 46, value: 0))
        var sounded: [MIDIEvent] = []
        while let e = synth.pop() { sounded.append(e) }
        #expect(sounded.map(\.kind) == [.noteOn, .noteOff])
        #expect(sounded.map(\.number) == [48, 48])
    }
}
