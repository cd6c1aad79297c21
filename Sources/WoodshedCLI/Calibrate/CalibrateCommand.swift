import ArgumentParser
import Foundation
import WoodshedConfig
import WoodshedCore
import WoodshedEngine
import WoodshedSound
import WoodshedStore

/// `woodshed calibrate`: measures the latency offset with the player's own pad, stores it for the
/// (input, output) pair, and lets the player look at, set, adjust or forget the stored offsets.
struct CalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Measure the latency offset by tapping along with a metronome, and keep it for this input and output.",
        discussion: """
        After a one-bar count-in, tap any pad or key with every click. Each tap is paired with its \
        nearest beat; taps more than a third of a beat away, double triggers and outliers are dropped, \
        and the offset is the median of the rest (positive: taps arrive late). Every judge subtracts it \
        from hit times. With --input events:FILE the run is offline; event times are relative to the \
        first beat after the count-in. --loopback measures the audio output alone through a cable (or \
        the snd-aloop card) from output to input.
        """
    )

    @OptionGroup var engine: EngineOptions

    @Option(name: .long, help: "Tempo of the metronome (40–240 BPM).")
    var bpm: Double = 120

    @Option(name: .long, help: "How many taps to collect (4–64); with --loopback, how many clicks.")
    var taps: Int = 16

    @Flag(name: .long, help: "One JSON object per line; the last one holds the result.")
    var json = false

    @Flag(name: .long, help: "List the stored offsets and exit.")
    var show = false

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Set the offset of this input and output by hand (−250…250).", valueName: "MS"))
    var set: Double?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Move the stored offset by this much (−250…250; +5 judges hits 5 ms earlier).", valueName: "±MS"))
    var adjust: Double?

    @Flag(name: .long, help: "Forget the offset of this input and output.")
    var reset = false

    @Flag(name: .long, help: "Measure the audio output's round trip through a loopback cable or card instead.")
    var loopback = false

    @Option(name: .long, help: ArgumentHelp("Where --loopback captures from (default: default).", valueName: "DEVICE"))
    var capture: String?

    static let limitMs = LatencyOffset.limit.milliseconds

    func validate() throws {
        guard (40...240).contains(bpm) else { throw ValidationError("--bpm must be from 40 to 240") }
        guard (4...64).contains(taps) else { throw ValidationError("--taps must be from 4 to 64") }
        for (name, value) in [("--set", set), ("--adjust", adjust)] {
            if let value, !(value.isFinite && abs(value) <= Self.limitMs) {
                throw ValidationError("\(name) must be from -250 to 250 ms")
            }
        }
        let actions = [show, set != nil, adjust != nil, reset, loopback].filter { $0 }.count
        guard actions <= 1 else { throw ValidationError("use one of --show, --set, --adjust, --reset, --loopback at a time") }
        if capture != nil, !loopback { throw ValidationError("--capture goes with --loopback") }
    }

    mutating func run() throws {
        StopSignal.install()
        try engine.loadConfiguration()
        let (store, warning) = Store.openOrFallback(path: DataLocation.databasePath())
        if let warning { Output.error("woodshed: \(warning)") }
        if show { return try showStored(store) }
        if set != nil || adjust != nil || reset { return try edit(store) }
        if loopback {
            return try LoopbackMeasurement(options: engine, captureDevice: capture ?? "default", clicks: taps, json: json)
                .run(store: store)
        }
        try tapAlong(store: store)
    }

    // MARK: Stored offsets

    private func showStored(_ store: Store) throws {
        let all = try store.calibrations()
        if json {
            for c in all {
                Output.json(StoredCalibrationRecord(input: c.inputSource, output: c.audioOutput, offsetMs: c.offsetMs, measuredAt: c.measuredAt))
            }
            return
        }
        guard !all.isEmpty else {
            Output.line("no offsets stored yet; `woodshed calibrate` measures one")
            return
        }
        for c in all {
            let what = c.inputSource == CalibrationPair.loopbackInput ? "audio round trip" : "offset"
            Output.line("\(c.inputSource) → \(c.audioOutput)  \(what) \(Self.signed(c.offsetMs)) ms  (\(Self.date(c.measuredAt)))")
        }
    }

    private func edit(_ store: Store) throws {
        let pair = try resolvedPair()
        if reset {
            let removed = try store.removeCalibration(input: pair.input, output: pair.output)
            Output.line(removed ? "forgot the offset of \(pair.description)" : "no offset was stored for \(pair.description)")
            return
        }
        let old = try store.calibration(input: pair.input, output: pair.output)?.offsetMs ?? 0
        let new = set ?? (old + (adjust ?? 0))
        guard abs(new) <= Self.limitMs else {
            throw WoodshedError("\(Self.signed(old)) ms \(Self.signed(adjust ?? 0)) ms is beyond ±250 ms; use --set to start again")
        }
        try store.saveCalibration(Calibration(inputSource: pair.input, audioOutput: pair.output, offsetMs: new))
        let was = set == nil ? " (was \(Self.signed(old)) ms)" : ""
        Output.line("offset of \(pair.description) is now \(Self.signed(new)) ms\(was)")
    }

    /// The pair the options name; a live ALSA input is opened to learn its source's name. A
    /// calibration belongs to one instrument: with several connected, the player names one.
    private func resolvedPair() throws -> CalibrationPair {
        if case .alsa(let source) = engine.input, let mapping = try? MappingChoice.load(engine.map),
           let setup = try? EngineSetup(options: engine, mapping: mapping) {
            let names = Set(setup.initialNotices.compactMap { notice -> String? in
                if case .subscribed(let name, _) = notice { return name }
                return nil
            })
            if source == nil, names.count > 1 {
                throw WoodshedError("\(names.count) MIDI instruments are connected (\(names.sorted().joined(separator: ", "))); "
                                    + "each has its own offset: name one with --input alsa:NAME")
            }
            return CalibrationPair(setup: setup)
        }
        return CalibrationPair(options: engine)
    }

    // MARK: Tapping along

    private func tapAlong(store: Store) throws {
        let mapping = try MappingChoice.load(engine.map)
        let setup = try EngineSetup(options: engine, mapping: mapping)
        try SourceWait.untilConnected(setup)
        var pair = CalibrationPair(setup: setup)
        var sourceNames: [UInt8: String] = [:]
        for notice in setup.initialNotices {
            if case .subscribed(let name, let address) = notice { sourceNames[address.client] = name }
        }
        let signature = TimeSignature.fourFour
        let countIn = signature.beats
        let lastBeat = 2 * taps + 8
        let start = CalibrationMode.countInStart(bpm: bpm, countIn: countIn)
        let metronome = SteadyBeats(bpm: bpm, signature: signature, start: start, count: countIn + lastBeat + 1)
        let clickSound = try ClickVoice.chosen(configuration: engine.configuration, store: store, warn: { Output.error("woodshed: \($0)") })
        let mode = CalibrationMode(metronome: metronome, countIn: countIn, taps: taps, lastBeat: lastBeat)
        let display = CalibrationDisplay(json: json, taps: taps, pair: pair)
        var collected: [CalibrationTap] = []
        var shown = 0
        let drain = {
            while let tap = mode.results.pop() {
                collected.append(tap)
                if !tap.isCountIn { shown += 1 }
                display.show(tap, counted: shown)
            }
        }
        /// The session is stored like any other: finished with the offset, or aborted.
        func recordSession(offsetMs: Double?) {
            let duration = (collected.last?.time ?? .zero) - start
            guard let recorder = try? store.startSession(SessionPlan(kind: .calibration, offsetMs: offsetMs, input: setup.sessionInput))
            else { return }
            if offsetMs == nil { recorder.abort(duration: duration) } else { recorder.finish(duration: duration) }
        }

        display.intro(bpm: bpm, input: setup.input.name)
        if let clock = setup.clock as? VirtualClock {
            let renderer = try setup.makeAudio(click: clickSound, origin: start, needsSynth: false)
            renderer.mixer.clicks?.play(metronome)
            try EngineRun.offline(input: setup.input, mode: mode, renderer: renderer, clock: clock, drain: drain)
        } else {
            let renderer = try setup.makeAudio(click: clickSound, origin: .zero, needsSynth: false)
            renderer.mixer.clicks?.play(metronome)
            let zero = setup.clock.now + .milliseconds(300) - start
            let report = try EngineRun.live(
                input: setup.input, mode: mode, renderer: renderer, clock: setup.clock, zero: zero,
                started: { if case .normal(let reason) = $0 { Output.error("woodshed: \(RealTimeThread.warning(reason: reason))") } },
                shouldStop: { false },
                drain: {
                    drain()
                    for notice in setup.watcher?.poll() ?? [] {
                        if case .subscribed(let name, let address) = notice { sourceNames[address.client] = name }
                        if case .resubscribed(let name, let address) = notice { sourceNames[address.client] = name }
                        if !json { PlaySession.show(notice) }
                    }
                })
            if let error = report.audioError {
                recordSession(offsetMs: nil)
                throw WoodshedError("audio stopped: \(error); nothing stored")
            }
        }
        Terminal.restoreIfNeeded()
        setup.reportInputProblems()

        let counted = mode.tapsCounted
        guard counted >= taps else {
            recordSession(offsetMs: nil)
            let why = StopSignal.isRaised ? "stopped" : (setup.isOffline && !mode.didTimeOut ? "the events ended" : "time is up")
            if counted == 0 {
                throw WoodshedError("\(why) and no tap came from \(setup.input.name); nothing stored — tap any pad or key with the click (`woodshed monitor` shows what arrives)")
            }
            throw WoodshedError("\(why) after \(counted) of \(taps) taps; nothing stored — tap with every click")
        }

        // The offset belongs to the instrument the taps came from (the one most of them did).
        if case .alsa = engine.input {
            let counts = Dictionary(grouping: collected.filter { !$0.isCountIn }, by: { UInt8($0.source >> 8) }).mapValues(\.count)
            if let (client, _) = counts.max(by: { $0.value < $1.value }), let name = sourceNames[client] {
                pair = CalibrationPair(input: name, output: pair.output)
                display.pair = pair
            }
        }
        let result = TapAnalysis.analyse(collected, beatDuration: metronome.beatDuration)
        let roundTrip = try? store.calibration(input: pair.loopback.input, output: pair.loopback.output)
        guard result.isUsable else {
            display.result(result, stored: false, roundTrip: nil)
            recordSession(offsetMs: nil)
            throw WoodshedError("only \(result.used.count) of \(result.total) taps were usable (fewer than half); nothing stored — tap again, evenly, with the click")
        }
        guard abs(result.offsetMs) <= Self.limitMs else {
            display.result(result, stored: false, roundTrip: nil)
            recordSession(offsetMs: nil)
            throw WoodshedError("an offset of \(Self.signed(result.offsetMs)) ms is more than latency; nothing stored — tap with the click, not between")
        }
        try store.saveCalibration(Calibration(inputSource: pair.input, audioOutput: pair.output, offsetMs: result.offsetMs))
        recordSession(offsetMs: result.offsetMs)
        display.result(result, stored: true, roundTrip: roundTrip?.offsetMs)
    }

    // MARK: Formatting

    static func signed(_ ms: Double) -> String { String(format: "%+.1f", ms) }

    static func date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
