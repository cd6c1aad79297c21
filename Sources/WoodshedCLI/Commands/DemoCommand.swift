import ArgumentParser
import Foundation
import WoodshedCore
import WoodshedEngine
import WoodshedSndFile
import WoodshedSound

/// `woodshed demo`: the whole engine at work without any MIDI gear — a simulated drummer plays a
/// groove against the metronome, offline, through the mapping, the timing code, FluidSynth and the
/// mixer, and the mix goes to a WAV file.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Hear and see Woodshed work: a simulated drummer plays a groove against the click, offline.",
        discussion: "Deterministic: the same --seed gives the same hits, lines and WAV file."
    )

    @Option(name: .long, help: "Seed for the simulated drummer's timing.")
    var seed: UInt64 = 1

    @Option(name: .long, help: "Write the mix to this WAV file.")
    var wav: String?

    @Option(name: .long, help: "Tempo in BPM.")
    var bpm: Double = 100

    @Option(name: .long, help: "Bars to play (after a one-bar count-in).")
    var bars: Int = 4

    @Option(name: .long, help: ArgumentHelp("SoundFont to play with.", valueName: "PATH"))
    var soundfont: String?

    @Flag(name: .long, help: "One JSON object per line.")
    var json = false

    func validate() throws {
        guard (20...300).contains(bpm) else { throw ValidationError("--bpm must be from 20 to 300") }
        guard (1...64).contains(bars) else { throw ValidationError("--bars must be from 1 to 64") }
    }

    func run() throws {
        let drummer = SimulatedDrummer()
        let events = drummer.perform(SimulatedDrummer.rockGroove(bpm: bpm, bars: bars), seed: seed)
        var options = try EngineOptions.parse([])
        try options.loadConfiguration()
        options.wav = wav
        options.soundfont = soundfont
        let format = options.format

        let beat = EngineTime.milliseconds(60_000 / bpm)
        let countIn = EngineTime(nanoseconds: -4 * beat.nanoseconds)
        let synth = ClickSynthesizer(sampleRate: format.sampleRate)
        let clicks = ClickTrack(sampleRate: format.sampleRate, normal: synth.render(.classic, accent: false),
                                accent: synth.render(.classic, accent: true))
        clicks.play(SteadyBeats(bpm: bpm, start: countIn, count: 4 * (bars + 1)))

        let clock = VirtualClock(start: countIn)
        let output: AudioOutput = wav.map { WAVFileOutput(path: $0, format: format) } ?? NullOutput(format: format)
        let renderer = try EngineSetup.renderer(options: options, output: output, clock: clock, clicks: clicks,
                                                origin: countIn, commands: SPSCQueue(minimumCapacity: 4096))
        let mode = MonitorMode(classifier: DrumKitClassifier(map: .generalMIDI), synth: renderer.commands)
        let display = MonitorDisplay(json: json, pitched: false)
        if !json {
            Output.line("Woodshed demo: a simulated drummer, rock groove at \(MetronomeCommand.format(bpm)) BPM, \(bars) bars after a one-bar count-in (seed \(seed))")
        }
        let end = EngineTime(nanoseconds: Int64(4 * bars) * beat.nanoseconds)
        try EngineRun.offline(input: RecordedInput(name: "simulated drummer", events: events), mode: mode,
                              renderer: renderer, clock: clock, end: end, tail: .seconds(1)) {
            while let record = mode.results.pop() { display.show(record) }
        }
        display.summary(overruns: 0, lost: mode.results.dropped, xruns: 0, latencies: [], live: false)
        if let wav, !json { Output.line("mix written to \(wav)") }
    }
}
