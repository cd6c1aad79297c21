import ArgumentParser
import Foundation
import WoodshedCore
import WoodshedEngine
import WoodshedSndFile
import WoodshedSound

/// `woodshed render`: a chart's notes through FluidSynth, with the click, into a WAV file — offline,
/// as fast as the CPU allows.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a chart's notes (and the click) through FluidSynth into a WAV file, offline."
    )

    @Argument(help: "The chart: .dtx, .mid/.midi or .wchart.")
    var chart: String

    @Option(name: .long, help: "The WAV file to write.")
    var wav: String

    @Option(name: .long, help: "Tempo in percent (25–150).")
    var speed: Int = 100

    @Option(name: .long, help: "Simplification level 1–5 (5 = the full chart).")
    var level: Int = 5

    @Option(name: .long, help: "The click: on or off.")
    var click: String = "on"

    @Option(name: .customLong("count-in"), help: "Bars of clicks before the chart: 0, 1, 2 or 4.")
    var countIn: Int = 0

    @Option(name: .long, help: ArgumentHelp("SoundFont to play with.", valueName: "PATH"))
    var soundfont: String?

    @Option(name: .long, help: "Sample rate in Hz.")
    var rate: Int = 48_000

    func validate() throws {
        guard PracticeOptions.speedRange.contains(speed) else { throw ValidationError("--speed must be from 25 to 150") }
        guard Chart.simplificationLevels.contains(level) else { throw ValidationError("--level must be from 1 to 5") }
        guard ["on", "off"].contains(click) else { throw ValidationError("--click must be on or off") }
        guard PracticeOptions.countInChoices.contains(countIn) else { throw ValidationError("--count-in must be 0, 1, 2 or 4") }
    }

    func run() throws {
        let file = try ChartLoading.load(chart)
        let plan = try ChartLoading.plan(file, options: PracticeOptions(speedPercent: speed, countInBars: countIn, level: level), tail: .zero)
        var options = try EngineOptions.parse([])
        try options.loadConfiguration()
        options.soundfont = soundfont
        options.rate = rate
        let format = options.format
        var clicks: ClickTrack?
        if click == "on" {
            let synth = ClickSynthesizer(sampleRate: rate)
            let sound = try ClickSound(name: options.configuration.metronomeSound)
            clicks = ClickTrack(sampleRate: rate, normal: synth.render(sound, accent: false), accent: synth.render(sound, accent: true))
            clicks?.play(beats: plan.beats)
        }
        let start = plan.beats.first.map { min($0.time, .zero) } ?? .zero
        let clock = VirtualClock(start: start)
        let queue = SPSCQueue<MIDIEvent>(minimumCapacity: 4096)
        let renderer = try EngineSetup.renderer(options: options, output: WAVFileOutput(path: wav, format: format), clock: clock,
                                                clicks: clicks, origin: start, commands: queue)
        let mode = PlaybackMode(synth: queue)
        let events = ChartLoading.events(plan.notes + plan.mutedNotes)
        try EngineRun.offline(input: RecordedInput(name: "chart", events: events), mode: mode, renderer: renderer,
                              clock: clock, end: plan.end, tail: .seconds(2), drain: {})
        let seconds = Double(renderer.nextSample) / Double(rate)
        Output.line(String(format: "%@: %d notes, %.1f s at %d%% (%.0f BPM) → %@", file.chart.metadata.title ?? file.path,
                           mode.notes, seconds, speed, plan.effectiveBPM, wav))
    }
}
