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

    @Flag(name: .long, help: "Play at the real pace through the audio output (--output) instead of offline.")
    var realtime = false

    @Option(name: .long, help: "The bundled chart to play (a name in charts/, or a path).")
    var chart: String = "rock-backbeat"

    @OptionGroup var audio: AudioOptions

    @OptionGroup var sound: SoundFontOption

    @OptionGroup var song: SongOptions

    @OptionGroup var mix: MixOptions

    @Flag(name: .customLong("no-store"), help: "Keep nothing of this demo in the practice history (it is kept, marked simulated, by default).")
    var noStore = false

    @Flag(name: .long, help: "One JSON object per judged note and extra hit, then a summary.")
    var json = false

    func validate() throws {
        if realtime, audio.wav != nil { throw ValidationError("--wav renders offline; leave out --realtime") }
    }

    func run() throws {
        StopSignal.install()
        var engine = try EngineOptions.forAudio(audio, sound: sound)
        engine.input = .sim(seed)
        let path = try DemoCommand.chartPath(chart)
        let file = try ChartLoading.load(path)
        if !json {
            Output.line("Woodshed demo: a simulated drummer plays \(file.chart.metadata.title ?? path) (seed \(seed))")
        }
        let request = RememberedSettings.Request(speedPercent: 100, voices: .all, loop: .off, fresh: true)
        let settings = PlaySettings(chartPath: path, request: request, passes: nil, countInBars: 1, countInEachPass: false, level: 5,
                                    windows: engine.configuration.judging, groups: .all, click: .on, offset: nil, json: json,
                                    keepsHistory: !noStore, realtimeSimulation: realtime ? seed : nil, song: song, mix: mix)
        try PlaySession(engine: engine, settings: settings, file: file, mapping: try MappingChoice.load(engine.map)).run()
        if let wav = audio.wav, !json { Output.line("mix written to \(wav)") }
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
