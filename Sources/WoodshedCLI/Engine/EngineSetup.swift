import Foundation
import WoodshedALSA
import WoodshedConfig
import WoodshedCore
import WoodshedEngine
import WoodshedFluidSynth
import WoodshedSndFile

/// Builds the engine's parts from the command-line options: the input and its clock, the synth,
/// the mixer and the output. Everything that can fail (a missing file, no sequencer, a soundfont
/// FluidSynth refuses) fails here, before any thread starts, with one clear line.
final class EngineSetup {
    let options: EngineOptions
    let clock: EngineClock
    let input: MIDIInput
    /// Watches ALSA sources come and go (live ALSA input only).
    let watcher: SourceWatcher?
    /// Notices from connecting the sources at start.
    var initialNotices: [SourceWatcher.Notice] = []
    let synthCommands = SPSCQueue<MIDIEvent>(minimumCapacity: 4096)
    private(set) var renderer: AudioRenderer?

    var isOffline: Bool { input.isOffline }

    /// - Parameter simulated: the events of `--input sim` (a simulated player needs a chart, so the
    ///   command that has one makes them).
    init(options: EngineOptions, mapping: Mapping, simulated: (UInt64) throws -> [MIDIEvent] = { _ in
        throw WoodshedError("--input sim plays a chart: use it with woodshed play CHART or woodshed demo")
    }, simulateInRealTime: Bool = false) throws {
        self.options = options
        switch options.input {
        case .sim(let seed):
            let events = try simulated(seed)
            input = RecordedInput(name: "sim:\(seed)", events: events)
            clock = simulateInRealTime ? MonotonicClock() : VirtualClock(start: min(events.first?.time ?? .zero, .zero))
            watcher = nil
        case .events(let path):
            let text = try Self.readText(path)
            let events = try EventFile.parse(text, name: path)
            input = RecordedInput(name: "events:\(path)", events: events)
            clock = VirtualClock(start: min(events.first?.time ?? .zero, .zero))
            watcher = nil
        case .smf(let path):
            let events = try SMFInputLoader.noteEvents(path: path)
            input = RecordedInput(name: "smf:\(path)", events: events)
            clock = VirtualClock(start: min(events.first?.time ?? .zero, .zero))
            watcher = nil
        case .alsa(let source):
            let sequencer = try SequencerInput(name: source.map { "alsa:\($0)" } ?? "alsa")
            let watcher = try SourceWatcher(destination: sequencer.port, selection: source.map { .source($0) } ?? .allHardware)
            initialNotices = try watcher.connect()
            try sequencer.start()
            input = sequencer
            clock = sequencer.clock
            self.watcher = watcher
        case .keys:
            let clock = MonotonicClock()
            let keyboard = try MappingLibrary().computerKeyboardMap()
            if mapping.pitched != nil {
                input = KeysInput(clock: clock, keys: PianoKeys(layout: keyboard.piano), channel: 1)
            } else {
                input = KeysInput(clock: clock, keys: DrumKeys(map: keyboard), channel: 10)
            }
            self.clock = clock
            watcher = nil
        }
    }

    static func readText(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw WoodshedError("\(path): cannot read the file; check the path")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw WoodshedError("\(path): not UTF-8 text")
        }
        return text
    }

    /// Where this session's sound goes: a WAV file, a device, or nowhere.
    func makeOutput() -> AudioOutput {
        if let wav = options.wav { return WAVFileOutput(path: wav, format: options.format) }
        if clock is VirtualClock { return NullOutput(format: options.format) }
        switch options.outputSpec {
        case .alsa(let device): return PCMOutput(device: device, format: options.format)
        case .null: return NullOutput(format: options.format)
        }
    }

    /// Creates the synth, clicks, mixer and renderer. `origin` is the engine time of sample 0
    /// (offline; live runs set it when the stream starts).
    func makeAudio(clicks: ClickTrack?, origin: EngineTime, needsSynth: Bool = true) throws -> AudioRenderer {
        let renderer = try EngineSetup.renderer(options: options, output: makeOutput(), clock: clock, clicks: clicks,
                                                origin: origin, commands: synthCommands, needsSynth: needsSynth)
        self.renderer = renderer
        return renderer
    }

    /// The audio chain every playing command uses: FluidSynth (unless there is nothing to sound)
    /// and the clicks into the mixer, with the configured channel levels, into `output`.
    static func renderer(options: EngineOptions, output: AudioOutput, clock: EngineClock, clicks: ClickTrack?,
                         origin: EngineTime, commands: SPSCQueue<MIDIEvent>, needsSynth: Bool = true) throws -> AudioRenderer {
        var synth: FluidSynthInstrument?
        if needsSynth && !options.noFeedback {
            synth = try FluidSynthInstrument(soundFontPath: SoundFontChoice.path(explicit: options.soundFontChoice),
                                             sampleRate: options.rate)
        }
        let mixer = Mixer(format: output.format, instrument: synth, clicks: clicks, origin: origin)
        options.applyLevels(to: mixer)
        return AudioRenderer(mixer: mixer, output: output, commands: commands, clock: clock)
    }
}
