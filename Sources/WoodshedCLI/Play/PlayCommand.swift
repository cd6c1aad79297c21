import ArgumentParser
import Foundation
import WoodshedConfig
import WoodshedCore
import WoodshedEngine
import WoodshedStore

/// `woodshed play CHART`: the drummer's main command.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a drum chart: count-in, click, every hit judged by its kernel timestamp, results stored.",
        discussion: """
        Live with an e-drum kit (--input alsa, the default) or the computer keyboard (--input keys); \
        offline and deterministic with --input events:FILE or --input sim[:SEED] (a simulated drummer). \
        The speed, voices and loop you play a chart with are remembered for it and shown the next time; \
        --fresh starts clean.
        """
    )

    @Argument(help: "The chart: .dtx, .mid/.midi, .wchart, a Clone Hero .chart (its expert drums), or a Clone Hero song folder.")
    var chart: String

    @OptionGroup var engine: EngineOptions

    @Option(name: .long, help: "Tempo in percent, 25–150 (presets 50, 75, 100, 125). Default: the speed remembered for this chart, else 100; --speed 100 forgets it.")
    var speed: Int?

    @Option(name: .long, help: ArgumentHelp("Loop these measures (1-based), e.g. 9-12; off plays the whole chart and forgets a remembered loop.", valueName: "A-B|off"))
    var loop: String?

    @Option(name: .long, help: "Passes of the loop (default: until the input ends, or until Ctrl-C live; the complete passes count).")
    var passes: Int?

    @Option(name: .customLong("count-in"), help: "Bars of clicks before the music: 0, 1, 2 or 4 (default from the config, 1).")
    var countIn: Int?

    @Flag(name: .customLong("count-in-each-pass"), help: "Count in again before every pass of a loop.")
    var countInEachPass = false

    @Option(name: .long, help: ArgumentHelp("Judge only these voices, e.g. hihat,snare (the others are shown muted); all judges every voice and forgets a remembered choice.", valueName: "LIST|all"))
    var voices: String?

    @Option(name: .long, help: "Judge only the voices played with the hands, with the feet, or all of them.")
    var preset: VoicePreset?

    @Option(name: .long, help: "Simplification level 1–5: 1 kick and snare on the main beats … 5 the full chart.")
    var level: Int = 5

    @Option(name: .long, help: ArgumentHelp("How far from the note a hit may land, in ms either side, to count as perfect, great and good (default 34,67,84); further is a miss.", valueName: "PERFECT,GREAT,GOOD"))
    var windows: String?

    @Option(name: .long, help: ArgumentHelp("Judge these voices strictly as written, where normally a close one counts (open for closed hi-hat, either kick, any crash, ride bell for bow, rim for snare): hihat, kick, crash, ride, snare or all.", valueName: "LIST"))
    var ungroup: String?

    @Option(name: .long, help: "The click: on every beat, off, or only during the count-in.")
    var click: ClickChoice = .on

    @Option(name: .long, help: ArgumentHelp("Latency offset in ms for every input (positive = your hits arrive late); default: each input's calibration.", valueName: "MS"))
    var offset: Double?

    @OptionGroup var song: SongOptions

    @OptionGroup var mix: MixOptions

    @Flag(name: .long, help: "Ignore the speed, voices and loop remembered for this chart (this run's own become the remembered ones).")
    var fresh = false

    @Flag(name: .customLong("no-store"), help: "Keep nothing of this run in the practice history.")
    var noStore = false

    @Flag(name: .long, help: "One JSON object per judged note and extra hit, then a summary.")
    var json = false

    @Option(name: .customLong("look-ahead"), help: "Show each measure's drum tab this many measures before it starts (0–4; 0: one line per measure after it is played).")
    var lookAhead = 1

    mutating func validate() throws {
        if let speed, !PracticeOptions.speedRange.contains(speed) { throw ValidationError("--speed must be from 25 to 150") }
        if let countIn, !PracticeOptions.countInChoices.contains(countIn) { throw ValidationError("--count-in must be 0, 1, 2 or 4") }
        guard Chart.simplificationLevels.contains(level) else { throw ValidationError("--level must be from 1 to 5") }
        if let loop, loop != "off", PracticeOptions.parseLoop(loop) == nil {
            throw ValidationError("--loop must look like 9-12 (measures, 1-based), or be off")
        }
        if let passes, passes < 1 { throw ValidationError("--passes must be at least 1") }
        if voices != nil, preset != nil { throw ValidationError("give --voices or --preset, not both") }
        if let offset, abs(offset) > 250 { throw ValidationError("--offset must be within ±250 ms") }
        if !(0...4).contains(lookAhead) { throw ValidationError("--look-ahead must be from 0 to 4 measures") }
    }

    mutating func run() throws {
        StopSignal.install()
        try engine.loadConfiguration()
        let file = try ChartLoading.load(chart)
        let request = RememberedSettings.Request(
            speedPercent: speed, voices: try voices.map(PlaySettings.voiceRequest) ?? preset?.request,
            loop: loop.map { $0 == "off" ? .off : .measures(PracticeOptions.parseLoop($0)!) }, fresh: fresh)
        let settings = PlaySettings(
            chartPath: chart, request: request, passes: passes, countInBars: countIn ?? engine.configuration.countInBars,
            countInEachPass: countInEachPass, level: level,
            windows: try windows.map { try JudgingWindows(parsing: $0) } ?? engine.configuration.judging,
            groups: try PlaySettings.groups(ungrouping: ungroup), click: click, offset: offset.map(EngineTime.milliseconds),
            json: json, keepsHistory: !noStore, song: song, mix: mix, lookAhead: lookAhead)
        try PlaySession(engine: engine, settings: settings, file: file, mapping: try MappingChoice.load(engine.map)).run()
    }
}
