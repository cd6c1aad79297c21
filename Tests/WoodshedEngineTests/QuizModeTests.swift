import Testing
import WoodshedCore
@testable import WoodshedEngine

@Suite("QuizMode: scale and interval quizzes driven by recorded notes")
struct QuizModeTests {
    func pitch(_ text: String) -> SpelledPitch { try! SpelledPitch(parsing: text) }
    func interval(_ text: String) -> Interval { try! Interval(parsing: text) }

    /// Runs a quiz offline over notes given as (ms, MIDI note) and returns what it reported and sounded.
    func run(_ plan: QuizPlan, _ rules: QuizRules, notes: [(Double, UInt8)]) throws -> (records: [QuizRecord], synth: [MIDIEvent], finished: Bool) {
        let synth = SPSCQueue<MIDIEvent>(minimumCapacity: 256)
        let mode = QuizMode(plan: plan, rules: rules, classifier: PitchedClassifier(), synth: synth)
        let input = RecordedInput(name: "test", events: notes.map { .noteOn($0.1, velocity: 100, at: .milliseconds($0.0), channel: 1) })
        var records: [QuizRecord] = []
        var sounded: [MIDIEvent] = []
        try EngineRun.offline(input: input, mode: mode, renderer: nil, clock: VirtualClock()) {
            while let r = mode.results.pop() { records.append(r) }
            while let e = synth.pop() { sounded.append(e) }
        }
        return (records, sounded, mode.isFinished)
    }

    var cMajor: QuizPlan { QuizPlan(questions: QuizPlan.scaleDegrees(try! Scale(root: NoteName(.c), mode: .ionian), clef: .bass)) }

    @Test func aScalePlayedRightInAnyOctave() throws {
        // C3 D3 E3 F3 G3 A3 B3 C4, played partly an octave up: pitch classes are enough.
        let notes: [(Double, UInt8)] = [(1000, 48), (1500, 62), (2000, 64), (2500, 53), (3000, 55), (3500, 69), (4000, 59), (4500, 60)]
        let result = try run(cMajor, .scale(grading: .pitchClass), notes: notes)
        let answers = result.records.filter { $0.kind == .answered }
        #expect(answers.count == 8)
        #expect(answers.allSatisfy { $0.correct })
        #expect(answers.map(\.question) == Array(0..<8))
        // The first degree is asked at time zero, each next one when the previous is played.
        #expect(answers.map(\.response.milliseconds) == [1000, 500, 500, 500, 500, 500, 500, 500])
        #expect(result.records.filter { $0.kind == .asked }.map(\.time.milliseconds) == [0, 1000, 1500, 2000, 2500, 3000, 3500, 4000])
        #expect(result.finished)
        // Each played note is sounded, nothing else.
        #expect(result.synth.map(\.number) == notes.map(\.1))
    }

    @Test func aWrongDegreeIsCountedAndAskedAgain() throws {
        let notes: [(Double, UInt8)] = [(1000, 48), (2000, 51), (2500, 50), (3000, 52)]
        let result = try run(cMajor, .scale(grading: .pitchClass), notes: notes)
        let answers = result.records.filter { $0.kind == .answered }
        #expect(answers.map(\.correct) == [true, false, true, true])
        #expect(answers.map(\.question) == [0, 1, 1, 2])
        #expect(answers.map(\.response.milliseconds) == [1000, 1000, 1500, 500])
        #expect(!result.finished)
    }

    @Test func octaveExactWantsTheKeyOnTheStaff() throws {
        let result = try run(cMajor, .scale(grading: .exactNote), notes: [(500, 60), (700, 48), (900, 62), (1100, 50)])
        #expect(result.records.filter { $0.kind == .answered }.map(\.correct) == [false, true, false, true])
    }

    @Test func theStopNoteEndsTheQuiz() throws {
        var rules = QuizRules.scale(grading: .pitchClass)
        rules.stopNote = 21
        let result = try run(cMajor, rules, notes: [(500, 48), (900, 21), (1200, 50)])
        #expect(result.records.map(\.kind) == [.asked, .answered, .asked, .stopped])
        #expect(result.finished)
        #expect(!result.synth.contains { $0.number == 21 })
    }

    var intervals: QuizPlan {
        QuizPlan(questions: [
            QuizQuestion(subject: .interval(interval("m6")), root: pitch("E3"), expected: pitch("C4")),
            QuizQuestion(subject: .interval(interval("A4")), root: pitch("C3"), expected: pitch("F#3")),
            QuizQuestion(subject: .interval(interval("d5")), root: pitch("C3"), expected: pitch("Gb3")),
        ])
    }

    @Test func intervalsMoveOnAfterEachAnswerWithAPause() throws {
        // Right, wrong, right by the same key as the A4 before it; a note during a pause is not judged.
        let notes: [(Double, UInt8)] = [(1500, 72), (2200, 40), (4000, 55), (6000, 54)]
        let result = try run(intervals, .interval(grading: .pitchClass, ear: false), notes: notes)
        let asked = result.records.filter { $0.kind == .asked }
        let answers = result.records.filter { $0.kind == .answered }
        #expect(asked.map(\.time.milliseconds) == [0, 2500, 5000])
        #expect(answers.map(\.correct) == [true, false, true])
        #expect(answers.map(\.response.milliseconds) == [1500, 1500, 1000])
        #expect(result.finished)
        // Root when asked; the played note; then root and answer together.
        #expect(result.synth.map(\.number) == [52, 72, 52, 60, 40, 48, 55, 48, 54, 48, 54, 48, 54])
    }

    @Test func byEarTheTopNoteFollowsTheRoot() throws {
        let result = try run(intervals, .interval(grading: .exactNote, ear: true), notes: [(1000, 60)])
        // Root at the question, the top note 600 ms later, the answer, then root and answer together.
        #expect(result.synth.map(\.number) == [52, 60, 60, 52, 60])
        #expect(result.synth.map(\.time.milliseconds) == [0, 600, 1000, 1000, 1000])
        #expect(result.records.filter { $0.kind == .answered }.map(\.correct) == [true])
    }

    @Test func aLiveQuizLingersAfterTheLastAnswerForItsFeedback() {
        var rules = QuizRules.interval(grading: .pitchClass, ear: false)
        rules.linger = .seconds(1)
        let mode = QuizMode(plan: QuizPlan(questions: [intervals.questions[0]]), rules: rules, classifier: PitchedClassifier(),
                            synth: SPSCQueue(minimumCapacity: 16))
        mode.advance(to: .zero)
        mode.handle(.noteOn(60, velocity: 90, at: .milliseconds(800), channel: 1))
        #expect(!mode.isFinished)
        mode.advance(to: .milliseconds(1700))
        #expect(!mode.isFinished)
        mode.advance(to: .milliseconds(1800))
        #expect(mode.isFinished)
        #expect(QuizMode(plan: QuizPlan(questions: []), rules: rules, classifier: PitchedClassifier(), synth: SPSCQueue(minimumCapacity: 4)).isFinished)
    }

    @Test func theCalibratedLatencyOfTheNotesOwnSourceIsTakenOffItsResponseTime() throws {
        let latencies = InputLatencies(fallback: .milliseconds(12))
        latencies.set(.milliseconds(30), client: 24)
        let mode = QuizMode(plan: cMajor, rules: .scale(grading: .pitchClass), classifier: PitchedClassifier(),
                            synth: SPSCQueue(minimumCapacity: 16), latencies: latencies)
        mode.advance(to: .zero)
        mode.handle(.noteOn(48, velocity: 90, at: .milliseconds(1000), channel: 1, source: 20 << 8))  // not announced: 12 ms
        mode.handle(.noteOn(50, velocity: 90, at: .milliseconds(2000), channel: 1, source: 24 << 8))  // its own 30 ms
        var responses: [EngineTime] = []
        while let record = mode.results.pop() {
            if record.kind == .answered { responses.append(record.response) }
        }
        #expect(responses == [.milliseconds(988), .milliseconds(970)])
    }

    @Test func noteOffsPassToTheSynthAndOutOfRangeKeysAreIgnored() throws {
        let synth = SPSCQueue<MIDIEvent>(minimumCapacity: 16)
        let mode = QuizMode(plan: cMajor, rules: .scale(grading: .pitchClass),
                            classifier: PitchedClassifier(map: PitchedMap(lowestNote: 36, highestNote: 96)), synth: synth)
        mode.advance(to: .zero)
        mode.handle(.noteOn(20, velocity: 90, at: .milliseconds(10), channel: 1))
        mode.handle(MIDIEvent(time: .milliseconds(20), kind: .noteOff, channel: 1, number: 48, value: 0))
        #expect(mode.results.pop()?.kind == .asked)
        #expect(mode.results.pop() == nil)
        #expect(synth.pop()?.kind == .noteOff)
    }
}
