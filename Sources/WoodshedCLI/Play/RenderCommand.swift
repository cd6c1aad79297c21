import ArgumentParser
import Foundation
import WoodshedConfig
import WoodshedCore
import WoodshedEngine
import WoodshedSndFile
import WoodshedSound
import WoodshedStore

/// `woodshed render`: a chart's notes through FluidSynth, with the click and the chart's song, into a
/// WAV file — offline, as fast as the CPU allows.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a chart's notes (with the click and its song) through FluidSynth into a WAV file, offline."
    )

    @Argument(help: "The chart: .dtx, .mid/.midi, .wchart, a Clone Hero .chart (its expert drums), or a Clone Hero song folder.")
    var chart: String

    @Option(name: .long, help: "Tempo in percent (25–150).")
    var speed: Int = 100

    @Option(name: .long, help: "Simplification level 1–5 (5 = the full chart).")
    var level: Int = 5

    @Option(name: .long, help: "The click: every beat, none, or only the count-in.")
    var click: ClickChoice = .on

    @Option(name: .customLong("count-in"), help: "Bars of clicks before the chart: 0, 1, 2 or 4.")
    var countIn: Int = 0

    @OptionGroup var audio: AudioOptions

    @OptionGroup var sound: SoundFontOption

    @OptionGroup var song: SongOptions

    @OptionGroup var mix: MixOptions

    func validate() throws {
        guard audio.wav != nil else { throw ValidationError("render writes a WAV file: give --wav FILE") }
        if audio.output != nil { throw ValidationError("render writes a WAV file; --output is for playing live (try woodshed play)") }
        guard PracticeOptions.speedRange.contains(speed) else { throw ValidationError("--speed must be from 25 to 150") }
        guard Chart.simplificationLevels.contains(level) else { throw ValidationError("--level must be from 1 to 5") }
        guard PracticeOptions.countInChoices.contains(countIn) else { throw ValidationError("--count-in must be 0, 1, 2 or 4") }
    }

    func run() throws {
        let file = try ChartLoading.load(chart)
        let plan = try ChartLoading.plan(file, options: PracticeOptions(speedPercent: speed, countInBars: countIn, level: level), tail: .zero)
        var options = try EngineOptions.forAudio(audio, sound: sound)
        // The remembered volumes, when there is a history to remember them in (a render never starts one
        // unless asked for a mix).
        let store = SettingsStore.open(creating: mix.volume != nil || mix.mix != nil)
        if let warning = mix.apply(to: &options.configuration, store: store ?? Store(), remember: store != nil) {
            Output.error("woodshed: \(warning)")
        }
        let wav = audio.wav ?? ""
        let format = options.format
        let sound = click == .off ? nil : try ClickVoice.chosen(configuration: options.configuration, store: store,
                                                                 warn: { Output.error("woodshed: \($0)") })
        let songStart = song.noSong ? nil : ChartSong.timeline(file: file, plan: plan)?.start
        let start = min(plan.beats.first?.time ?? .zero, songStart ?? .zero, .zero)
        let clock = VirtualClock(start: start)
        let queue = SPSCQueue<MIDIEvent>(minimumCapacity: 4096)
        let renderer = try EngineSetup.renderer(options: options, output: WAVFileOutput(path: wav, format: format), clock: clock,
                                                click: sound, origin: start, commands: queue)
        renderer.mixer.clicks?.play(beats: click.beats(of: plan))
        let warn = { (line: String) in Output.error("woodshed: \(line)") }
        let chartSong = ChartSong.open(file: file, plan: plan, options: song, outputRate: renderer.mixer.format.sampleRate,
                                       offline: true, warn: warn)
        chartSong?.start(in: renderer.mixer)
        // Every note with a chip plays it (as if hit on time), the rest the kit (--hit-sound kit: all
        // judged notes). The chart's autoplay (sound effects, notes an easier level drops) plays too.
        let chipNotes = song.hitSound == .chip ? plan.notes.compactMap { note in
            note.sound.map { PracticePlan.SoundCue(time: note.time, sound: $0, voice: note.voice) }
        } : []
        let chips = ChartChips.load(file: file, plan: plan, hitSound: .kit, outputRate: renderer.mixer.format.sampleRate,
                                    extraCues: chipNotes, warn: warn)
        chips?.start(in: renderer.mixer)
        let chipped = { (note: PracticePlan.Note, byChip: Bool) in byChip && note.sound.map { chips?.player.canPlay($0) ?? false } ?? false }
        let kitNotes = plan.notes.filter { !chipped($0, song.hitSound == .chip) } + plan.mutedNotes.filter { !chipped($0, true) }
        let mode = PlaybackMode(synth: queue)
        let events = ChartLoading.events(kitNotes)
        try EngineRun.offline(input: RecordedInput(name: "chart", events: events), mode: mode, renderer: renderer,
                              clock: clock, end: plan.end, tail: .seconds(2), drain: {})
        if let problem = chartSong?.stop() { warn(problem) }
        let seconds = Double(renderer.nextSample) / Double(renderer.mixer.format.sampleRate)
        Output.line(String(format: "%@: %d notes%@%@, %.1f s at %d%% (%.0f BPM) → %@", file.chart.metadata.title ?? file.path,
                           plan.notes.count + plan.mutedNotes.count, chartSong.map { " with the song \($0.name)" } ?? "",
                           chips.map { ", chart sounds: \($0.summary)" } ?? "", seconds, speed, plan.effectiveBPM, wav))
    }
}
