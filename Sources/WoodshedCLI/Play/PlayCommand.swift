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
        offline and deterministic with --input events:FILE or --input sim[:SEED] (a simulated drummer).
        """
    )

    @Argument(help: "The chart: .dtx, .mid/.midi or .wchart.")
    var chart: String

    @OptionGroup var engine: EngineOptions

    @Option(name: .long, help: "Tempo in percent, 25–150 (presets 50, 75, 100, 125). Default: the last speed used for this chart, else 100.")
    var speed: Int?

    @Option(name: .long, help: ArgumentHelp("Loop these measures (1-based), e.g. 9-12.", valueName: "A-B"))
    var loop: String?

    @Option(name: .long, help: "Passes of the loop (default: until the input ends, or until Ctrl-C live).")
    var passes: Int?

    @Option(name: .customLong("count-in"), help: "Bars of clicks before the music: 0, 1, 2 or 4 (default from the config, 1).")
    var countIn: Int?

    @Flag(name: .customLong("count-in-each-pass"), help: "Count in again before every pass of a loop.")
    var countInEachPass = false

    @Option(name: .long, help: ArgumentHelp("Judge only these voices, e.g. hihat,snare (the others are shown muted).", valueName: "LIST"))
    var voices: String?

    @Option(name: .long, help: "Judge only hands, feet or all.")
    var preset: String?

    @Option(name: .long, help: "Simplification level 1–5: 1 kick and snare on the main beats … 5 the full chart.")
    var level: Int = 5

    @Option(name: .long, help: ArgumentHelp("Perfect, great and good windows in ms (default 34,67,84).", valueName: "P,G,G"))
    var windows: String?

    @Option(name: .long, help: ArgumentHelp("Judge these voice groups voice by voice: hihat, kick, crash, ride, snare, all.", valueName: "LIST"))
    var ungroup: String?

    @Option(name: .long, help: "The click: on, off or count-in (only the count-in).")
    var click: String = "on"

    @Option(name: .long, help: ArgumentHelp("Latency offset in ms (positive = your hits arrive late); default: your calibration.", valueName: "MS"))
    var offset: Double?

    @Flag(name: .long, help: "One JSON object per judged note and extra hit, then a summary.")
    var json = false

    mutating func validate() throws {
        if let speed, !PracticeOptions.speedRange.contains(speed) { throw ValidationError("--speed must be from 25 to 150") }
        if let countIn, !PracticeOptions.countInChoices.contains(countIn) { throw ValidationError("--count-in must be 0, 1, 2 or 4") }
        guard Chart.simplificationLevels.contains(level) else { throw ValidationError("--level must be from 1 to 5") }
        if let loop, PracticeOptions.parseLoop(loop) == nil { throw ValidationError("--loop must look like 9-12 (measures, 1-based)") }
        if let passes, passes < 1 { throw ValidationError("--passes must be at least 1") }
        if let preset, !["hands", "feet", "all"].contains(preset.lowercased()) { throw ValidationError("--preset must be hands, feet or all") }
        guard PlaySettings.ClickMode(rawValue: click) != nil else { throw ValidationError("--click must be on, off or count-in") }
        if let offset, abs(offset) > 250 { throw ValidationError("--offset must be within ±250 ms") }
    }

    mutating func run() throws {
        StopSignal.install()
        try engine.loadConfiguration()
        let file = try ChartLoading.load(chart)
        let session = try PlayCommand.session(engine: engine, file: file, chartPath: chart, speed: speed, loop: loop, passes: passes,
                                              countIn: countIn, countInEachPass: countInEachPass, voices: voices, preset: preset,
                                              level: level, windows: windows, ungroup: ungroup, click: click, offset: offset, json: json)
        try session.run()
    }

    /// Turns the options (and the stored per-chart settings) into a session.
    static func session(engine: EngineOptions, file: ChartFile, chartPath: String, speed: Int?, loop: String?, passes: Int?,
                        countIn: Int?, countInEachPass: Bool, voices: String?, preset: String?, level: Int, windows: String?,
                        ungroup: String?, click: String, offset: Double?, json: Bool, realtimeSimulation: UInt64? = nil) throws -> PlaySession {
        let (store, storeWarning) = Store.openOrFallback(path: DataLocation.databasePath())
        let chartID = file.folder.appendingPathComponent(URL(fileURLWithPath: file.path).lastPathComponent).path
        let storedSpeed = (try? store.setting(.lastSpeed(chart: chartID))).flatMap { $0 }.map { Int($0) }
        var voiceSet = try voices.map(PlaySettings.voices) ?? preset.flatMap(PracticeOptions.voicePreset)
        if voices == nil, preset == nil, let stored = (try? store.setting(.voiceIsolation(chart: chartID))).flatMap({ $0 }) {
            voiceSet = Set(stored.compactMap(DrumVoice.init(rawValue:)))
        }
        let practice = PracticeOptions(speedPercent: speed ?? storedSpeed ?? 100, loop: loop.flatMap(PracticeOptions.parseLoop),
                                       passes: passes, countInBars: countIn ?? engine.configuration.countInBars,
                                       countInEachPass: countInEachPass, voices: voiceSet, level: level)
        let windowChoice = try windows.map { try JudgingWindows(parsing: $0) } ?? engine.configuration.judging
        let settings = PlaySettings(chartPath: chartPath, practice: practice, windows: windowChoice,
                                    groups: try PlaySettings.groups(ungrouping: ungroup),
                                    click: PlaySettings.ClickMode(rawValue: click) ?? .on,
                                    offset: .milliseconds(offset ?? 0), offsetSource: offset == nil ? "" : "--offset", explicitOffset: offset != nil,
                                    json: json, realtimeSimulation: realtimeSimulation)
        return PlaySession(engine: engine, settings: settings, file: file, mapping: try MappingChoice.load(engine.map),
                           store: store, storeWarning: storeWarning)
    }
}
