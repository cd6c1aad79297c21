import ArgumentParser
import Foundation
import WoodshedConfig
import WoodshedCore
import WoodshedEngine

/// `woodshed demo`: the whole instrument at work without any MIDI gear — a simulated drummer plays a
/// bundled chart through the kit map, the judge on the timing code path, FluidSynth and the click;
/// the display, the results screen and a stored session follow, and with `--wav` the mix.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Hear and see Woodshed work: a simulated drummer plays a bundled chart, judged, scored and stored.",
        discussion: """
        Offline and deterministic by default: the same --seed gives the same hits, lines and WAV file. \
        --realtime plays it at its real pace through the audio output instead.
        """
    )

    @Option(name: .long, help: "Seed for the simulated drummer's timing, misses and extra hits.")
    var seed: UInt64 = 1

    @Option(name: .long, help: "Write the mix to this WAV file.")
    var wav: String?

    @Flag(name: .long, help: "Play at the real pace through the audio output (--output) instead of offline.")
    var realtime = false

    @Option(name: .long, help: "The bundled chart to play (a name in charts/, or a path).")
    var chart: String = "rock-backbeat"

    @Option(name: .long, help: ArgumentHelp("SoundFont to play with.", valueName: "PATH"))
    var soundfont: String?

    @Option(name: .long, help: ArgumentHelp("Where sound goes with --realtime.", valueName: "alsa|alsa:DEVICE|null"))
    var output: OutputSpec?

    @Flag(name: .long, help: "One JSON object per judged note and extra hit, then a summary.")
    var json = false

    func validate() throws {
        if realtime, wav != nil { throw ValidationError("--wav renders offline; leave out --realtime") }
    }

    func run() throws {
        StopSignal.install()
        var engine = try EngineOptions.parse([])
        try engine.loadConfiguration()
        engine.input = .sim(seed)
        engine.wav = wav
        engine.soundfont = soundfont
        engine.output = output
        let path = try DemoCommand.chartPath(chart)
        let file = try ChartLoading.load(path)
        if !json {
            Output.line("Woodshed demo: a simulated drummer plays \(file.chart.metadata.title ?? path) (seed \(seed))")
        }
        let session = try PlayCommand.session(engine: engine, file: file, chartPath: path, speed: 100, loop: nil, passes: nil,
                                              countIn: 1, countInEachPass: false, voices: nil, preset: "all", level: 5,
                                              windows: nil, ungroup: nil, click: "on", offset: 0, json: json,
                                              realtimeSimulation: realtime ? seed : nil)
        try session.run()
        if let wav, !json { Output.line("mix written to \(wav)") }
    }

    /// A bundled chart by name (`charts/NAME.wchart`), or a path.
    static func chartPath(_ name: String) throws -> String {
        if name.contains("/") || name.contains(".") { return name }
        guard let folder = ResourceLocator().locate(.charts) else {
            throw WoodshedError("the bundled charts folder is missing; give a chart path with --chart")
        }
        let path = folder + "/" + name + ".wchart"
        guard FileManager.default.fileExists(atPath: path) else {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                .filter { $0.hasSuffix(".wchart") }.map { String($0.dropLast(7)) }.sorted()
            throw WoodshedError("no bundled chart \"\(name)\"; valid: \(names.joined(separator: ", "))")
        }
        return path
    }
}
