import WoodshedCore

/// The scale and interval quizzes on the timing thread: pose each question, judge each played note
/// against it, sound feedback, and report through `results`.
///
/// Everything it compares with is computed before start: the expected MIDI notes and roots come from
/// the `QuizPlan`, so `handle` and `advance` only compare integers, push into preallocated queues
/// and never allocate, lock or print. A question is posed at a time the mode decides (time zero for
/// the first, the answer plus `rules.gap` for the next), which is the start stamp response times are
/// measured from.
public final class QuizMode<Classifier: EventClassifier>: PracticeMode {
    private var classifier: Classifier
    private let synth: SPSCQueue<MIDIEvent>
    /// What the display reads.
    public let results: SPSCQueue<QuizRecord>
    public let rules: QuizRules
    public let feedback: Bool
    /// Each source's calibrated latency, taken off the response times of its notes.
    public let latencies: InputLatencies

    private let expected: [Int]
    private let roots: [Int]
    private var current = 0
    private var askedAt: EngineTime?
    private var nextAsk: EngineTime
    private var topNoteAt: EngineTime?
    private var stopped = false
    /// The latest time the mode has seen, and when the last question was answered.
    private var latest = EngineTime(nanoseconds: .min / 2)
    private var lastAnswerAt: EngineTime?

    /// - Parameters:
    ///   - start: when the first question is posed (practice time).
    public init(plan: QuizPlan, rules: QuizRules, classifier: Classifier, synth: SPSCQueue<MIDIEvent>,
                latencies: InputLatencies = InputLatencies(), feedback: Bool = true, start: EngineTime = .zero,
                capacity: Int = 4096) {
        self.classifier = classifier
        self.classifier.prepareForRealTime()
        self.latencies = latencies
        self.synth = synth
        self.rules = rules
        self.feedback = feedback
        expected = plan.questions.map(\.expected.midiNote)
        roots = plan.questions.map(\.root.midiNote)
        nextAsk = start
        results = SPSCQueue(minimumCapacity: capacity)
    }

    /// The question being asked (or the next to be asked), as an index into the plan.
    public var questionIndex: Int { current }

    public var isFinished: Bool {
        if stopped || expected.isEmpty { return true }
        guard let lastAnswerAt else { return false }
        return latest >= lastAnswerAt + rules.linger
    }

    /// Every question has been answered (the quiz may still linger for its feedback).
    private var isAnswered: Bool { current >= expected.count }

    public func advance(to time: EngineTime) {
        if time > latest { latest = time }
        if askedAt == nil, !isAnswered, time >= nextAsk { pose(at: nextAsk) }
        if let at = topNoteAt, time >= at {
            topNoteAt = nil
            sound(expected[current], at: at)
        }
    }

    public func handle(_ event: MIDIEvent) {
        let meaning = classifier.classify(event)
        switch meaning {
        case .pitched(let note):
            if let stop = rules.stopNote, note == stop {
                stopped = true
                results.push(QuizRecord(kind: .stopped, question: current, time: event.time))
                return
            }
            sound(Int(note), at: event.time, velocity: event.value)
            judge(note, at: event.time, latency: latencies.latency(of: event))
        case .released(let note) where feedback:
            synth.push(MIDIEvent(time: event.time, kind: .noteOff, channel: 1, number: note, value: 0))
        default:
            break
        }
    }

    private func judge(_ note: UInt8, at time: EngineTime, latency: EngineTime) {
        advance(to: time)
        // A note between questions (during the pause) is heard but not judged.
        guard let asked = askedAt, !isAnswered else { return }
        let correct = rules.grading.accepts(Int(note), expected: expected[current])
        results.push(QuizRecord(kind: .answered, question: current, time: time, played: note, correct: correct,
                                response: time - asked - latency))
        guard correct || !rules.retryUntilCorrect else { return }
        if rules.soundsAnswerChord {
            sound(roots[current], at: time)
            sound(expected[current], at: time)
        }
        topNoteAt = nil
        askedAt = nil
        current += 1
        nextAsk = time + rules.gap
        if isAnswered {
            lastAnswerAt = time
        } else if rules.gap == .zero {
            pose(at: time)
        }
    }

    private func pose(at time: EngineTime) {
        askedAt = time
        results.push(QuizRecord(kind: .asked, question: current, time: time))
        if rules.soundsRoot { sound(roots[current], at: time) }
        if let delay = rules.topNoteDelay { topNoteAt = time + delay }
    }

    private func sound(_ note: Int, at time: EngineTime, velocity: UInt8 = 96) {
        guard feedback, (0...127).contains(note) else { return }
        synth.push(MIDIEvent(time: time, kind: .noteOn, channel: 1, number: UInt8(note), value: velocity))
    }
}
