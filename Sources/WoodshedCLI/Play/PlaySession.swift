import Foundation
import WoodshedALSA
import WoodshedConfig
import WoodshedCore
import WoodshedEngine
import WoodshedSound
import WoodshedStore

/// One run of a chart: the plan, the judge on the timing thread, the click and FluidSynth, the
/// display, the results screen and the stored session. `woodshed play` and `woodshed demo` both
/// run one.
struct PlaySession {
    var engine: EngineOptions
    var settings: PlaySettings
    var file: ChartFile
    var mapping: Mapping

    /// Runs it; returns the summary of what was scored (also printed).
    @discardableResult
    func run() throws -> SessionSummary {
        guard case .drums(let kit) = mapping.instrument else {
            throw WoodshedError("woodshed play needs a drum kit map; \(mapping.name) is for pitched instruments (try --map gm)")
        }
        let (store, storeWarning) = settings.keepsHistory ? Store.openOrFallback(path: DataLocation.databasePath()) : (Store(), nil)
        if let storeWarning { Output.error("woodshed: \(storeWarning)") }
        for session in store.recoveredSessions { Output.error("woodshed: \(session.cutShortMessage)") }
        var engine = self.engine
        if let warning = settings.mix.apply(to: &engine.configuration, store: store, remember: settings.keepsHistory) {
            Output.error("woodshed: \(warning)")
        }

        let chartID = file.folder.appendingPathComponent(URL(fileURLWithPath: file.path).lastPathComponent).path
        let title = file.chart.metadata.title ?? URL(fileURLWithPath: file.path).deletingPathExtension().lastPathComponent
        let played = settings.realtimeSimulation == nil && engine.input.isPlayedByPerson
        // Remembered settings shape (and are shaped by) only the sessions a person plays.
        let remembered = played && settings.keepsHistory ? RememberedSettings.load(from: store, chart: chartID) : RememberedSettings()
        var (chosen, fromMemory) = RememberedSettings.resolve(settings.request, remembered: remembered)
        if let loop = fromMemory.loop, loop.upperBound > file.chart.measures.count {
            // The chart changed since: a remembered loop past its end is forgotten, not an error.
            Output.error("woodshed: the remembered loop \(loop.lowerBound)-\(loop.upperBound) is past the end of \(file.path) "
                         + "(measures 1-\(file.chart.measures.count)); playing the whole chart")
            chosen.loop = nil
            fromMemory.loop = nil
        }
        var practice = PracticeOptions(speedPercent: chosen.speedPercent ?? 100, loop: chosen.loop, passes: settings.passes,
                                       countInBars: settings.countInBars, countInEachPass: settings.countInEachPass,
                                       voices: chosen.voices, level: settings.level)

        // A simulated drummer plays the plan (two passes of a loop unless told otherwise).
        var simulatedEvents: [MIDIEvent]?
        if case .sim(let seed) = engine.input {
            if practice.loop != nil, practice.passes == nil { practice.passes = 2 }
            let plan = try ChartLoading.plan(file, options: practice, tail: settings.windows.good)
            simulatedEvents = SimulatedDrummer().perform((plan.notes + plan.mutedNotes).map {
                SimulatedDrummer.Hit(time: $0.time + (settings.offset ?? .zero), note: $0.voice.generalMIDINote, velocity: $0.velocity)
            }, seed: seed)
        }
        let setup = try EngineSetup(options: engine, mapping: mapping, simulated: { _ in simulatedEvents ?? [] },
                                    simulateInRealTime: settings.realtimeSimulation != nil)
        try SourceWait.untilConnected(setup)
        let input = settings.realtimeSimulation == nil ? setup.sessionInput : .simulated
        let calibrations = SourceCalibrations(setup: setup, store: store, explicit: settings.offset, simulated: input == .simulated)

        // A loop without --passes plays as long as the input lasts (offline) or until stopped (live).
        if practice.loop != nil, practice.passes == nil {
            if let recorded = setup.input as? RecordedInput, settings.realtimeSimulation == nil {
                let one = try ChartLoading.plan(file, options: practice, tail: settings.windows.good)
                let last = recorded.lastEventTime ?? .zero
                practice.passes = max(1, Int(last.nanoseconds / max(one.passDuration.nanoseconds, 1)) + 1)
            } else {
                practice.passes = Self.livePasses
            }
        }
        let plan = try ChartLoading.plan(file, options: practice, tail: settings.windows.good)
        let judge = Judge(notes: plan.notes.enumerated().map { JudgeNote(time: $0.element.time, voice: $0.element.voice, index: Int32($0.offset)) },
                          windows: settings.windows, groups: settings.groups, voices: practice.voices)
        let mode = DrumJudgeMode(classifier: DrumKitClassifier(map: kit), judge: judge, synth: setup.synthCommands,
                                 latencies: calibrations.latencies, feedback: !engine.noFeedback,
                                 capacity: max(1 << 16, plan.notes.count * 2 + 1024))
        let sound = try ClickVoice.chosen(configuration: engine.configuration, store: store, warn: { Output.error("woodshed: \($0)") })

        // The store, written as the session runs (nothing with --no-store: an in-memory store).
        let recorder = try? store.startSession(SessionPlan(
            kind: .drums, chartID: chartID, chartTitle: title, chartPath: file.path,
            speed: Double(practice.speedPercent), loop: practice.loop, level: String(practice.level),
            voices: practice.voices.map { $0.map(\.rawValue).sorted() }, offsetMs: settings.offset?.milliseconds, input: input))
        let display = PlayDisplay(plan: plan, json: settings.json, recorder: recorder,
                                  tab: DrumTab(file.chart.simplified(level: practice.level), measures: plan.measures),
                                  lookAhead: settings.lookAhead, statusLine: Terminal.isInteractive,
                                  best: (try? store.chartBests(chartID: chartID))?.first?.bestScore)
        let drain = { while let record = mode.results.pop() { display.show(record) } }
        let looping = plan.passStarts.count > 1

        if !settings.json {
            Output.line("\(title) — \(plan.notes.count / plan.passStarts.count) notes, measures \(plan.measures.lowerBound)-\(plan.measures.upperBound)"
                        + (looping && plan.passStarts.count < Self.livePasses ? " × \(plan.passStarts.count) passes" : "")
                        + (plan.passStarts.count == Self.livePasses ? ", looped until you stop (Ctrl-C; complete passes count)" : "")
                        + String(format: ", %.0f BPM at %d %%", plan.effectiveBPM, practice.speedPercent)
                        + (practice.level < 5 ? ", level \(practice.level)" : "")
                        + (practice.voices.map { ", judging " + $0.map(\.rawValue).sorted().joined(separator: " ") } ?? ""))
            if let notice = fromMemory.notice { Output.line(notice) }
            if input != .midi && input != .keys, settings.keepsHistory {
                Output.line("(\(input.historyLabel ?? "not played live"): kept in the history as such, not counted toward your bests or progress)")
            }
            Output.line("offset \(calibrations.summary(setup: setup)); \(PlayDisplay.legend)")
        }

        let started = Date()
        let warn = { (line: String) in if !settings.json { Output.error("woodshed: \(line)") } }
        var song: ChartSong?
        if let clock = setup.clock as? VirtualClock {
            // Sample 0 is the earliest sound: a count-in click, an input event, or the song's intro.
            let songStart = settings.song.noSong ? nil : ChartSong.timeline(file: file, plan: plan)?.start
            let origin = min(plan.beats.first?.time ?? .zero, setup.input.nextEventTime ?? .zero, songStart ?? .zero, .zero)
            let renderer = try setup.makeAudio(click: sound, origin: origin)
            renderer.mixer.clicks?.play(beats: settings.click.beats(of: plan))
            song = startChartAudio(in: renderer.mixer, plan: plan, mode: mode, offline: true, warn: warn)
            if !settings.json, !plan.countInBeats.isEmpty {
                Output.line("count-in: " + (1...min(plan.countInBeats.count, 8)).reversed().map { "\($0)…" }.joined(separator: " "))
            }
            // A late calibration offset moves the last miss decision later by as much.
            try EngineRun.offline(input: setup.input, mode: mode, renderer: renderer, clock: clock,
                                  end: plan.end + max(settings.offset ?? .zero, .zero), tail: .seconds(1),
                                  drain: { display.advance(to: clock.now); drain() })
        } else {
            let live = try runLive(setup: setup, mode: mode, plan: plan, calibrations: calibrations, sound: sound,
                                   simulatedEvents: simulatedEvents, looping: looping, warn: warn, drain: drain,
                                   display: display, recorder: recorder, mixKeysStore: played && settings.keepsHistory ? store : nil)
            song = live.song
            // The speed remembered for next time is the one the drummer ended at (`[` `]`).
            if live.speed != practice.speedPercent { chosen.speedPercent = live.speed }
        }
        if let problem = song?.stop() { warn(problem) }
        drain()
        display.endStatus()
        display.flush()
        setup.reportInputProblems()

        // Ctrl-C ends a live loop normally once a pass is complete: the complete passes count.
        let stopped = StopSignal.isRaised
        let scored = display.scored(stopped: stopped)
        display.finishRecording(stopped: stopped)
        let finished = !stopped || (looping && scored.passes > 0)
        let summary = SessionSummary(judgements: scored.judgements, extraCount: scored.extras)
        let results = DrumResults(notes: summary.notes, hits: summary.hits, perfect: summary.perfect, great: summary.great,
                                  good: summary.good, miss: summary.miss, extra: summary.extra, accuracy: summary.accuracy,
                                  hitRate: summary.hitRate, score: Int(summary.score), maxCombo: summary.maxCombo,
                                  meanOffsetMs: summary.hits > 0 ? summary.meanOffsetMilliseconds : nil,
                                  sdOffsetMs: summary.hits > 1 ? summary.sdOffsetMilliseconds : nil)
        // Offline, the session lasted as long as the music; live, as long as the player played.
        let duration = setup.clock is VirtualClock ? plan.end - min(plan.beats.first?.time ?? .zero, .zero)
            : EngineTime.seconds(Date().timeIntervalSince(started))
        let outcome = finished ? recorder?.finish(drums: results, duration: duration) : recorder?.abort(drums: results, duration: duration)
        if input.isPlayedByPerson, settings.keepsHistory {
            do { try chosen.save(to: store, chart: chartID) } catch {
                Output.error("woodshed: \(error.message); this chart's speed, voices and loop are not remembered")
            }
        }

        if stopped, looping, scored.passes > 0, scored.passes < plan.passStarts.count, !settings.json {
            Output.line("stopped during pass \(scored.passes + 1): shown above, not scored — the \(scored.passes) complete "
                        + "pass\(scored.passes == 1 ? "" : "es") count")
        }
        PlayResults(summary: summary, plan: plan, practice: practice, chartPath: settings.chartPath, json: settings.json,
                    offsetLine: calibrations.summary(setup: setup), offsets: calibrations.applied(setup: setup),
                    passes: scored.passes, judgements: scored.judgements, overruns: setup.input.overruns,
                    lost: mode.results.dropped + setup.synthCommands.dropped, xruns: setup.renderer?.output.xruns ?? 0,
                    songUnderruns: song?.underruns ?? 0, songLateChanges: song?.lateChanges ?? 0)
            .print(highScore: outcome?.highScore?.message, storeWarning: outcome?.warning ?? recorder?.problem,
                   sessionID: settings.keepsHistory ? outcome?.session?.id : nil)
        return summary
    }

    /// How many passes a live loop lays out when no `--passes` is given: more than anyone plays
    /// before stopping it with Ctrl-C.
    static let livePasses = 200

    /// Live: the timing and audio threads, the count-down, hot-plugged sources and their calibrations.
    /// Returns the song that played, if any, and the speed the run ended at.
    private func runLive(setup: EngineSetup, mode: DrumJudgeMode<DrumKitClassifier>, plan: PracticePlan,
                         calibrations: SourceCalibrations, sound: ClickVoice, simulatedEvents: [MIDIEvent]?,
                         looping: Bool, warn: (String) -> Void, drain: @escaping () -> Void,
                         display: PlayDisplay, recorder: SessionRecorder?, mixKeysStore: Store?) throws -> (song: ChartSong?, speed: Int) {
        // The audio first (a soundfont can take a while to load), then time zero: the count-in is
        // never eaten by the setup.
        let renderer = try setup.makeAudio(click: sound, origin: .zero)
        renderer.mixer.clicks?.play(beats: settings.click.beats(of: plan))
        let song = startChartAudio(in: renderer.mixer, plan: plan, mode: mode, offline: false, warn: warn)
        let earliest = min(plan.beats.first?.time ?? .zero, song?.streamer.playback.start ?? .zero, .zero)
        let lead = EngineTime.milliseconds(300) - earliest
        let zero = setup.clock.now + lead
        let input: MIDIInput = settings.realtimeSimulation.map { _ in ScheduledInput(clock: setup.clock, events: simulatedEvents ?? [], zero: zero) } ?? setup.input
        var counted = 0
        let latest = max(settings.offset ?? .zero, .zero) + .milliseconds(250)
        let keys = LiveKeys(mixer: renderer.mixer, json: settings.json, keysAreTheInstrument: engine.input == .keys)
        defer {
            keys?.stop()
            if let store = mixKeysStore, let problem = keys?.remember(in: store) { warn(problem) }
        }
        // `[` `]`: the speed, changed for everything at one moment just ahead (the song's earliest),
        // 100 ms after the last change at least: the song takes one change at a time.
        var end = plan.end
        var speed = plan.options.speedPercent
        var lastChange = EngineTime.seconds(-3600)
        let changeSpeed = { (key: UInt8) in
            let step = key == UInt8(ascii: "]") ? 5 : key == UInt8(ascii: "[") ? -5 : 0
            let new = min(max(speed + step, PracticeOptions.speedRange.lowerBound), PracticeOptions.speedRange.upperBound)
            guard step != 0, new != speed else { return }
            let soon = setup.clock.now - zero + .milliseconds(100)
            let at = max(soon, song?.streamer.earliestChange ?? soon, lastChange + .milliseconds(100))
            let change = SpeedChange(at: at, ratio: Double(new) / Double(speed))
            song?.streamer.changeSpeed(to: Double(new) / 100, at: change.at)
            lastChange = at
            renderer.mixer.speedChanges.push(change)
            mode.speedChanges.push(change)
            display.retime(change)
            end = change.apply(to: end)
            speed = new
            recorder?.speedChanged(to: Double(new))
            let measure = display.plan.measure(at: change.at)
            if settings.json {
                Output.json(SpeedRecord(speed: new, atMs: change.at.milliseconds, measure: measure?.measure))
            } else {
                Output.line("speed \(new) %" + (measure.map { " from measure \($0.measure)" } ?? ""))
            }
        }
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
                    Output.json(StartRecord(startsInMs: startsIn, notes: plan.notes.count, bpm: plan.effectiveBPM))
                } else {
                    Output.line(String(format: "measure %d starts in %.1f s — Ctrl-C to stop", plan.measures.lowerBound, startsIn / 1000))
                }
                keys?.start()
            },
            shouldStop: { setup.clock.now - zero > end + latest },
            drain: {
                let now = setup.clock.now - zero
                while counted < plan.countInBeats.count, plan.countInBeats[counted].time <= now {
                    if !settings.json { Output.line("\(plan.countInBeats.count - counted)…") }
                    counted += 1
                }
                display.advance(to: now)
                drain()
                keys?.poll(other: changeSpeed)
                for notice in setup.watcher?.poll() ?? [] {
                    let offset = calibrations.update(for: notice)
                    if !settings.json { PlaySession.show(notice, offset: offset) }
                }
            })
        if let error = report.audioError { Output.error("woodshed: audio stopped: \(error)") }
        return (song, speed)
    }

    /// The chart's song and its own sounds (chips) into `mixer`, each said in one line; hits play
    /// their chips unless the kit is asked for (or hits are not sounded). Live, the song's first
    /// seconds are prepared (decoded, stretched) before time zero, so the stretcher's start never
    /// races the count-in. Returns the song, if one plays.
    private func startChartAudio(in mixer: Mixer, plan: PracticePlan, mode: DrumJudgeMode<DrumKitClassifier>,
                                 offline: Bool, warn: (String) -> Void) -> ChartSong? {
        let rate = mixer.format.sampleRate
        for problem in file.warnings { warn("warning: \(problem)") }
        let song = ChartSong.open(file: file, plan: plan, options: settings.song, outputRate: rate, offline: offline, warn: warn)
        if let song {
            song.start(in: mixer)
            if !offline { song.streamer.waitUntilBuffered(seconds: 2) }
            if !settings.json {
                let adjust = file.bgmAdjust == .zero ? "" : String(format: " (DTXMania's BGM adjust %+.0f ms)", file.bgmAdjust.milliseconds)
                Output.line("song: \(song.name)\(adjust)")
            }
        }
        if let chips = ChartChips.load(file: file, plan: plan, hitSound: settings.song.hitSound, outputRate: rate, warn: warn) {
            chips.start(in: mixer, judging: engine.noFeedback ? nil : mode)
            if !settings.json { Output.line("chart sounds: \(chips.summary)") }
        }
        return song
    }

    static func format(_ offset: EngineTime) -> String {
        String(format: "%+.1f ms", offset.milliseconds)
    }

    /// One line for a source coming or going; a source (re)connected says which calibration it gets.
    static func show(_ notice: SourceWatcher.Notice, offset: SourceCalibrations.Applied? = nil) {
        let calibrated = switch offset {
        case .calibrated(let latency)?: " (calibrated \(format(latency)))"
        case .notCalibrated?: " (not calibrated: run woodshed calibrate)"
        case .overridden?, nil: ""
        }
        switch notice {
        case .subscribed(let name, let address): Output.line("listening to \(name) (\(address))\(calibrated)")
        case .lost(let name, let address): Output.line("lost \(name) (\(address)); waiting for it to come back")
        case .resubscribed(let name, let address): Output.line("\(name) is back (\(address)); listening again\(calibrated)")
        }
    }
}

/// `play --json`, live: the speed changed (`[` `]`) from `at_ms` on the practice clock.
struct SpeedRecord: Encodable {
    let type = "speed"
    var speed: Int
    var atMs: Double
    var measure: Int?
}

/// `play --json`, live: when measure 1 starts, from now.
struct StartRecord: Encodable {
    let type = "start"
    var startsInMs: Double
    var notes: Int
    var bpm: Double
}
