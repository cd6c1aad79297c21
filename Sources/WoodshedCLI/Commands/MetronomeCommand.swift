import ArgumentParser
import Foundation
import WoodshedCore
import WoodshedALSA
import WoodshedEngine
import WoodshedSndFile
import WoodshedSound
import WoodshedStore

/// `woodshed metronome`: a synthesized click on the exact sample of every beat.
struct MetronomeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metronome",
        abstract: "Play a metronome, or render one to a WAV file.",
        discussion: """
        One click per beat of the lower number of the signature (6/8 at 120 BPM: six eighth-note \
        clicks of 500 ms); the first beat of each bar is accented, and in 6/8, 9/8 and 12/8 the first \
        beat of each group of three is stressed. With --wav and --bars it renders offline and exits; \
        the first click starts at sample 0. --sound takes a built-in sound or your own audio file(s) \
        and is remembered for every later command (play, render, calibrate); --preview plays each \
        built-in sound, its accent then its normal click, named.
        """
    )

    @Option(name: .long, help: "Tempo in beats per minute (20–300).")
    var bpm: Double?

    @Option(name: .long, help: "Time signature: 4/4, 3/4, 5/4, 6/8, 7/8, 12/8, …")
    var sig: String = "4/4"

    @Option(name: .long, help: ArgumentHelp("Click sound: \(ClickSound.validNames), or your own audio file, or ACCENT,NORMAL files; remembered (default: the last chosen, else the config file's, else classic).", valueName: "NAME|FILE[,FILE]"))
    var sound: String?

    @Flag(name: .long, help: "Play each built-in click sound, its accent then its normal click, named, and exit.")
    var preview = false

    @Option(name: .long, help: "Stop after this many bars.")
    var bars: Int?

    @OptionGroup var audio: AudioOptions

    func validate() throws {
        if preview {
            if bpm != nil || bars != nil || sound != nil { throw ValidationError("--preview plays the built-in sounds alone; leave out --bpm, --bars and --sound") }
            return
        }
        guard let bpm else { throw ValidationError("give --bpm (20–300), or --preview to hear the click sounds") }
        guard (20...300).contains(bpm) else { throw ValidationError("--bpm must be from 20 to 300") }
        guard TimeSignature(sig) != nil else { throw ValidationError("--sig must look like 4/4, 6/8 or 7/8") }
        if let bars, bars < 1 { throw ValidationError("--bars must be at least 1") }
        if audio.wav != nil, bars == nil { throw ValidationError("--wav needs --bars: how long should the file be?") }
    }

    func run() throws {
        StopSignal.install()
        let options = try EngineOptions.forAudio(audio)
        if preview { return try ClickPreview(options: options, wav: audio.wav).run() }
        let bpm = self.bpm ?? 120
        let signature = TimeSignature(sig)!
        // The click: --sound (then remembered), else the remembered one, else the config file's.
        let given = try sound.map(ClickVoice.init)  // a bad --sound is refused before anything is stored
        let store = SettingsStore.open(creating: given != nil)
        let clickSound = try given ?? ClickVoice.chosen(configuration: options.configuration, store: store,
                                                        warn: { Output.error("woodshed: \($0)") })
        if given != nil, let store {
            do { try store.setSetting(.metronomeSound, clickSound.text) } catch {
                Output.error("woodshed: \(error.message); the click sound is not remembered")
            }
        }
        let format = options.format
        let beatCount = bars.map { $0 * signature.beats }

        if let wav = audio.wav, let beatCount {
            let beats = SteadyBeats(bpm: bpm, signature: signature, start: .zero, count: beatCount)
            let clock = VirtualClock()
            let output = WAVFileOutput(path: wav, format: format)
            let renderer = try EngineSetup.renderer(options: options, output: output, clock: clock, click: clickSound,
                                                    origin: .zero, commands: SPSCQueue(minimumCapacity: 2), needsSynth: false)
            renderer.mixer.clicks?.play(beats)
            let end = EngineTime(nanoseconds: beats.beatDuration.nanoseconds * Int64(beatCount))
            try EngineRun.offline(input: SilentInput(clock: clock), mode: IdleMode(), renderer: renderer, clock: clock,
                                  end: end, tail: .zero, drain: {})
            Output.line("\(bars!) bar\(bars == 1 ? "" : "s") of \(signature) at \(Self.format(bpm)) BPM (\(clickSound)) → \(wav)")
            return
        }

        let clock = MonotonicClock()
        let renderer = try EngineSetup.renderer(options: options, output: EngineSetup.liveOutput(options), clock: clock, click: clickSound,
                                                origin: .zero, commands: SPSCQueue(minimumCapacity: 2), needsSynth: false)
        let start = clock.now + .milliseconds(100)  // after the audio is ready: the first click is never in the past
        let beats = SteadyBeats(bpm: bpm, signature: signature, start: start, count: beatCount)
        renderer.mixer.clicks?.play(beats)
        let end = beatCount.map { start + EngineTime(nanoseconds: beats.beatDuration.nanoseconds * Int64($0)) }
        Output.line("\(Self.format(bpm)) BPM in \(signature), \(clickSound) click — Ctrl-C to stop")
        var shownBar = -1
        let barDuration = beats.beatDuration.nanoseconds * Int64(signature.beats)
        let report = try EngineRun.live(
            input: SilentInput(clock: clock), mode: IdleMode(finishTime: end), renderer: renderer, clock: clock, zero: .zero,
            started: { if case .normal(let reason) = $0 { Output.error("woodshed: \(RealTimeThread.warning(reason: reason))") } },
            shouldStop: { false },
            drain: {
                let elapsed = (clock.now - start).nanoseconds
                guard elapsed >= 0 else { return }
                let bar = Int(elapsed / barDuration)
                if bar != shownBar, beatCount.map({ bar * signature.beats < $0 }) ?? true {
                    shownBar = bar
                    Output.line("bar \(bar + 1)")
                }
            })
        if let error = report.audioError { throw WoodshedError("audio stopped: \(error)") }
    }

    static func format(_ bpm: Double) -> String {
        bpm == bpm.rounded() ? String(Int(bpm)) : String(bpm)
    }
}
