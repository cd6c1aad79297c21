import Foundation
import WoodshedALSA
import WoodshedConfig
import WoodshedCore
import WoodshedEngine
import WoodshedStore

/// Runs one quiz session: builds the engine from the options, runs the `QuizMode` offline or live,
/// shows what it reports, keeps every answer in the store, and prints the results.
struct QuizRun {
    var kind: SessionKind
    var plan: QuizPlan
    var rules: QuizRules
    var clef: Clef
    var options: QuizOptions
    var engine: EngineOptions
    var session: SessionPlan
    var ear = false

    /// Plays the quiz on the engine: answers are notes.
    func run() throws {
        StopSignal.install()
        var engine = self.engine
        try engine.loadConfiguration()
        // Quizzes are played on a keyboard: the piano map unless one is named on the command line.
        let mapping = try MappingChoice.load(engine.mapOption ?? "piano")
        guard let keys = mapping.pitched else {
            throw WoodshedError("--map \(mapping.name) is a drum kit map; a quiz needs a pitched map such as piano")
        }
        let setup = try EngineSetup(options: engine, mapping: mapping)
        let (store, recorder) = openStore(input: setup.sessionInput)
        var rules = self.rules
        rules.stopNote = UInt8(options.stopNote)
        if !setup.isOffline { rules.linger = .seconds(1) }
        // Positive = notes arrive late; the mode subtracts each note's source's latency from its stamp.
        let calibrations = SourceCalibrations(setup: setup, store: store, explicit: nil)
        let mode = QuizMode(plan: plan, rules: rules, classifier: PitchedClassifier(map: keys), synth: setup.synthCommands,
                            latencies: calibrations.latencies, feedback: !engine.noFeedback)
        let display = QuizDisplay(kind: kind, plan: plan, clef: clef, json: options.json, ear: ear, recorder: recorder)
        display.introduce(stop: setup.isOffline ? nil : stopHint(setup))

        let renderer = try setup.makeAudio(click: nil, origin: setup.clock.now)
        var length = EngineTime.zero
        if let clock = setup.clock as? VirtualClock {
            try EngineRun.offline(input: setup.input, mode: mode, renderer: renderer, clock: clock) {
                while let record = mode.results.pop() { display.show(record) }
            }
            length = max(clock.now, .zero)
        } else {
            let zero = setup.clock.now
            renderer.zero = zero
            let report = try EngineRun.live(
                input: setup.input, mode: mode, renderer: renderer, clock: setup.clock, zero: zero,
                shouldStop: { false },
                drain: {
                    display.tick(seconds: (setup.clock.now - zero).seconds)
                    while let record = mode.results.pop() { display.show(record) }
                    for notice in setup.watcher?.poll() ?? [] {
                        calibrations.update(for: notice)
                        if !options.json { PlaySession.show(notice) }
                    }
                })
            if let error = report.audioError { Output.error("woodshed: audio stopped: \(error)") }
            length = setup.clock.now - zero
        }
        display.endClock()
        setup.reportInputProblems()
        display.finish(length: length, dropped: mode.results.dropped)
    }

    /// `--name`: each question is shown (or, with `--ear`, played: the root, then the top note) and
    /// answered by typing the interval's name, one a line on standard input. Response times are
    /// wall-clock, from the end of the question to the end of the typed line.
    func runByName() throws {
        var engine = self.engine
        try engine.loadConfiguration()
        let (_, recorder) = openStore(input: .keys)  // a person typing the names
        let display = QuizDisplay(kind: kind, plan: plan, clef: clef, json: options.json, ear: ear, recorder: recorder, byName: true)
        display.introduce(stop: "an empty line or end of input")
        let clock = MonotonicClock()
        let start = clock.now
        guard ear, !engine.noFeedback else {
            askByName(display: display, clock: clock, start: start, commands: nil)
            return
        }
        // By ear the questions are heard: the audio chain runs live while the main thread asks.
        let commands = SPSCQueue<MIDIEvent>(minimumCapacity: 256)
        let renderer = try EngineSetup.renderer(options: engine, output: EngineSetup.liveOutput(engine), clock: clock, click: nil, origin: start,
                                                commands: commands)
        var done = false
        let report = try EngineRun.live(
            input: SilentInput(clock: clock), mode: IdleMode(), renderer: renderer, clock: clock, zero: start,
            shouldStop: { done },
            drain: {
                guard !done else { return }
                askByName(display: display, clock: clock, start: start, commands: commands)
                done = true
            })
        if let error = report.audioError { Output.error("woodshed: audio stopped: \(error)") }
    }

    /// Asks every question in turn on the main thread; `commands` (the synth's queue, this thread its
    /// only producer) sounds each interval.
    private func askByName(display: QuizDisplay, clock: EngineClock, start: EngineTime, commands: SPSCQueue<MIDIEvent>?) {
        func play(_ note: Int, on: Bool) {
            guard let commands, (0...127).contains(note) else { return }
            commands.push(MIDIEvent(time: clock.now - start, kind: on ? .noteOn : .noteOff, channel: 1, number: UInt8(note),
                                    value: on ? 96 : 0))
        }
        for (index, question) in plan.questions.enumerated() {
            guard case .interval(let interval) = question.subject else { continue }
            display.show(QuizRecord(kind: .asked, question: index, time: clock.now - start))
            play(question.root.midiNote, on: true)
            if commands != nil {
                usleep(600_000)
                play(question.expected.midiNote, on: true)
            }
            let asked = clock.now
            let line = readLine()
            play(question.root.midiNote, on: false)
            play(question.expected.midiNote, on: false)
            guard let line, !line.trimmingCharacters(in: .whitespaces).isEmpty else {
                display.show(QuizRecord(kind: .stopped, question: index, time: clock.now - start))
                break
            }
            let answer = try? Interval(parsing: line)
            // By ear A4 and d5 sound the same, so either name is right; shown on a staff, the spelling decides.
            let correct = answer.map { ear ? $0.semitones == interval.semitones : $0 == interval } ?? false
            display.showNamed(question: index, answer: answer?.shortName ?? line.trimmingCharacters(in: .whitespaces),
                              correct: correct, response: clock.now - asked)
        }
        display.finish(length: clock.now - start, dropped: 0)
    }

    private func stopHint(_ setup: EngineSetup) -> String {
        if case .keys = engine.input { return "Escape or Ctrl-C" }
        let note = SpelledPitch.heard(midiNote: options.stopNote, like: SpelledPitch(.a, octave: 0))
        return "\(note) (MIDI \(options.stopNote)) or Ctrl-C"
    }

    /// The history store and this session's recorder; a store that cannot be used says why on
    /// standard error and the quiz runs on with its results in memory.
    private func openStore(input: SessionInput) -> (Store?, SessionRecorder?) {
        var session = self.session
        session.input = input
        let (store, warning) = Store.openOrFallback(path: DataLocation.databasePath())
        if let warning { Output.error("woodshed: \(warning)") }
        for recovered in store.recoveredSessions { Output.error("woodshed: \(recovered.cutShortMessage)") }
        do {
            return (store, try store.startSession(session))
        } catch {
            Output.error("woodshed: \(error.message); this quiz is not kept in the history")
            return (store, nil)
        }
    }
}
