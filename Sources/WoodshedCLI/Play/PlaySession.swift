import Foundation
import WoodshedConfig
import WoodshedCore
import WoodshedEngine
import WoodshedSound
import WoodshedStore
import WoodshedALSA

/// One run of a chart: the plan, the judge on the timing thread, the click and FluidSynth, the
/// display, the results screen and the stored session. `woodshed play` and `woodshed demo` both
/// run one.
struct PlaySession {
    var engine: EngineOptions
    var settings: PlaySettings
    var file: ChartFile
    var mapping: Mapping
    /// The practice history, opened once by whoever made the session (it also read the per-chart
    /// settings from it); `storeWarning` says why it is in memory only, if it is.
    var store: Store
    var storeWarning: String?

    /// Runs it; returns the summary (also printed).
    @discardableResult
    func run() throws -> SessionSummary {
        var settings = self.settings
        guard case .drums(let kit) = mapping.instrument else {
            throw WoodshedError("woodshed play needs a drum kit map; \(mapping.name) is for pitched instruments (try --map gm)")
        }
        if let storeWarning { Output.error("woodshed: \(storeWarning)") }
        for session in store.recoveredSessions { Output.error("woodshed: \(session.cutShortMessage)") }

        // A backing track named by the chart: say clearly when it is missing; it is not played yet
        // (that is the backing-track player's work), so say that too rather than stay silent.
        if let backing = file.chart.backingTrack, !settings.json {
            do {
                _ = try file.backingTrackURL(backing)
                Output.error("woodshed: note: the backing track \(backing.file) is not played yet; the click and your kit are")
            } catch let error as UserFacingError {
                Output.error("woodshed: warning: \(error.message); playing without it")
            }
        }

        // Plan: a loop without --passes plays as long as the input lasts (offline) or until stopped (live).
        var practice = settings.practice
        var simulatedEvents: [MIDIEvent]?
        if case .sim(let seed) = engine.input {
            if practice.loop != nil, practice.passes == nil { practice.passes = 2 }
            let plan = try ChartLoading.plan(file, options: practice, tail: settings.windows.good)
            simulatedEvents = SimulatedDrummer().perform((plan.notes + plan.mutedNotes).map {
                SimulatedDrummer.Hit(time: $0.time + settings.offset, note: $0.voice.generalMIDINote, velocity: $0.velocity)
            }, seed: seed)
        }
        let setup = try EngineSetup(options: engine, mapping: mapping, simulated: { _ in simulatedEvents ?? [] },
                                    simulateInRealTime: settings.realtimeSimulation != nil)
        if case .sim = engine.input, !settings.explicitOffset {
            settings.offsetSource = "a simulated player has no latency"
        } else if !settings.explicitOffset {
            let pair = CalibrationPair(setup: setup)
            settings.offset = pair.offset(in: store).offset
            settings.offsetSource = settings.offset == .zero && (try? store.calibration(input: pair.input, output: pair.output)) == nil
                ? "not calibrated for \(pair.description): run woodshed calibrate" : "calibrated for \(pair.description)"
        }
        if practice.loop != nil, practice.passes == nil {
            if let recorded = setup.input as? RecordedInput, settings.realtimeSimulation == nil {
                let one = try ChartLoading.plan(file, options: practice, tail: settings.windows.good)
                let last = recorded.lastEventTime ?? .zero
                practice.passes = max(1, Int(last.nanoseconds / max(one.passDuration.nanoseconds, 1)) + 1)
            } else {
                practice.passes = 200
            }
        }
        let plan = try ChartLoading.plan(file, options: practice, tail: settings.windows.good)
        let judge = Judge(notes: plan.notes.enumerated().map { JudgeNote(time: $0.element.time, voice: $0.element.voice, index: Int32($0.offset)) },
                          windows: settings.windows, groups: settings.groups, offset: settings.offset, voices: practice.voices)
        let mode = DrumJudgeMode(classifier: DrumKitClassifier(map: kit), judge: judge, synth: setup.synthCommands,
                                 feedback: !engine.noFeedback, capacity: max(1 << 16, plan.notes.count * 2 + 1024))

        // The click.
        let clickSynth = ClickSynthesizer(sampleRate: engine.rate)
        let sound = try ClickSound(name: engine.configuration.metronomeSound)
        let clicks = ClickTrack(sampleRate: engine.rate, normal: clickSynth.render(sound, accent: false),
                                accent: clickSynth.render(sound, accent: true))
        switch settings.click {
        case .on: clicks.play(beats: plan.beats)
        case .countIn: clicks.play(beats: plan.countInBeats)
        case .off: break
        }

        // The store, written as the session runs.
        let chartID = file.folder.appendingPathComponent(URL(fileURLWithPath: file.path).lastPathComponent).path
        let title = file.chart.metadata.title ?? URL(fileURLWithPath: file.path).deletingPathExtension().lastPathComponent
        let recorder = try? store.startSession(SessionPlan(
            kind: .drums, chartID: chartID, chartTitle: title, chartPath: file.path,
            speed: Double(practice.speedPercent), loop: practice.loop, level: String(practice.level),
            voices: practice.voices.map { $0.map(\.rawValue).sorted() }, offsetMs: settings.offset.milliseconds))
        let display = PlayDisplay(plan: plan, json: settings.json, recorder: recorder)
        let drain = { while let record = mode.results.pop() { display.show(record) } }

        if !settings.json {
            Output.line("\(title) — \(plan.notes.count) notes, measures \(plan.measures.lowerBound)-\(plan.measures.upperBound)"
                        + (plan.passStarts.count > 1 ? " × \(plan.passStarts.count) passes" : "")
                        + String(format: ", %.0f BPM at %d %%", plan.effectiveBPM, practice.speedPercent)
                        + (practice.level < 5 ? ", level \(practice.level)" : "")
                        + (practice.voices.map { ", judging " + $0.map(\.rawValue).sorted().joined(separator: " ") } ?? ""))
            Output.line("offset \(Self.format(settings.offset)) (\(settings.offsetSource)); \(PlayDisplay.legend)")
        }

        let started = Date()
        if let clock = setup.clock as? VirtualClock {
            let origin = min(plan.beats.first?.time ?? .zero, setup.input.nextEventTime ?? .zero, .zero)
            let renderer = try setup.makeAudio(clicks: clicks, origin: origin)
            if !settings.json, !plan.countInBeats.isEmpty {
                Output.line("count-in: " + (1...min(plan.countInBeats.count, 8)).reversed().map { "\($0)…" }.joined(separator: " "))
            }
            // A late calibration offset moves the last miss decision later by as much.
            try EngineRun.offline(input: setup.input, mode: mode, renderer: renderer, clock: clock,
                                  end: plan.end + max(settings.offset, .zero), tail: .seconds(1), drain: drain)
        } else {
            let lead = EngineTime.milliseconds(300) - (plan.beats.first.map { min($0.time, .zero) } ?? .zero)
            let zero = setup.clock.now + lead
            let input: MIDIInput = settings.realtimeSimulation.map { _ in ScheduledInput(clock: setup.clock, events: simulatedEvents ?? [], zero: zero) } ?? setup.input
            let renderer = try setup.makeAudio(clicks: clicks, origin: .zero)
            var counted = 0
            let report = try EngineRun.live(
                input: input, mode: mode, renderer: renderer, clock: setup.clock, zero: zero,
                started: { policy in
                    if case .normal(let reason) = policy { Output.error("woodshed: \(RealTimeThread.warning(reason: reason))") }
                    for notice in setup.initialNotices where !settings.json {
                        if case .subscribed(let name, let address) = notice { Output.line("listening to \(name) (\(address))") }
                    }
                    // When measure 1 starts, from now: lets a player (or a test) line up with the music.
                    let startsIn = (zero - setup.clock.now).milliseconds
                    if settings.json {
                        Output.line(JSONLine([("type", "start"), ("starts_in_ms", .double(startsIn)), ("notes", .int(plan.notes.count)),
                                              ("bpm", .double(plan.effectiveBPM))]).description)
                    } else {
                        Output.line(String(format: "measure %d starts in %.1f s — Ctrl-C to stop", plan.measures.lowerBound, startsIn / 1000))
                    }
                },
                shouldStop: { setup.clock.now - zero > plan.end + max(settings.offset, .zero) },
                drain: {
                    let now = setup.clock.now - zero
                    while counted < plan.countInBeats.count, plan.countInBeats[counted].time <= now {
                        if !settings.json { Output.line("\(plan.countInBeats.count - counted)…") }
                        counted += 1
                    }
                    drain()
                    if let watcher = setup.watcher { for notice in watcher.poll() { PlaySession.show(notice) } }
                })
            if let error = report.audioError { Output.error("woodshed: audio stopped: \(error)") }
        }
        drain()

        let summary = SessionSummary(judgements: display.judgements, extras: display.extras)
        let finished = !StopSignal.isRaised
        let results = DrumResults(notes: summary.notes, hits: summary.hits, perfect: summary.perfect, great: summary.great,
                                  good: summary.good, miss: summary.miss, extra: summary.extra, accuracy: summary.accuracy,
                                  hitRate: summary.hitRate, score: Int(summary.score), maxCombo: summary.maxCombo,
                                  meanOffsetMs: summary.hits > 0 ? summary.meanOffsetMilliseconds : nil,
                                  sdOffsetMs: summary.hits > 1 ? summary.sdOffsetMilliseconds : nil)
        // Offline, the session lasted as long as the music; live, as long as the player played.
        let duration = setup.clock is VirtualClock ? plan.end - min(plan.beats.first?.time ?? .zero, .zero)
            : EngineTime.seconds(Date().timeIntervalSince(started))
        let outcome = finished ? recorder?.finish(drums: results, duration: duration) : recorder?.abort(drums: results, duration: duration)
        try? store.setSetting(.lastSpeed(chart: chartID), Double(practice.speedPercent))
        if let voices = practice.voices { try? store.setSetting(.voiceIsolation(chart: chartID), voices.map(\.rawValue).sorted()) }

        PlayResults(summary: summary, plan: plan, settings: settings, judgements: display.judgements).print(
            highScore: outcome?.highScore?.message, storeWarning: outcome?.warning ?? recorder?.problem,
            sessionID: outcome?.session?.id)
        return summary
    }

    static func format(_ offset: EngineTime) -> String {
        String(format: "%+.1f ms", offset.milliseconds)
    }

    static func show(_ notice: SourceWatcher.Notice) {
        switch notice {
        case .subscribed(let name, let address): Output.line("listening to \(name) (\(address))")
        case .lost(let name, let address): Output.line("lost \(name) (\(address)); waiting for it to come back")
        case .resubscribed(let name, let address): Output.line("\(name) is back (\(address)); listening again")
        }
    }
}
