import Foundation
import WoodshedALSA
import WoodshedConfig
import WoodshedCore
import WoodshedEngine
import WoodshedFluidSynth
import WoodshedSndFile
import WoodshedSound
import WoodshedStore

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

    /// Where this session's notes come from, as the history keeps it: only a person playing counts
    /// toward bests, remembered settings and progress.
    var sessionInput: SessionInput {
        switch options.input {
        case .alsa: .midi
        case .keys: .keys
        case .events: input.isOffline ? .file : .pipe
        case .smf: .file
        case .sim: .simulated
        }
    }

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
        case .events(let path) where EventStream.isStream(path):
            let clock = MonotonicClock()
            input = try EventStream.open(path, clock: clock)
            self.clock = clock
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

    /// Says, once the run is over, what the input could not use: lines of a stream that were not
    /// events (the timing thread only counts them).
    func reportInputProblems() {
        guard let stream = input as? StreamedEventsInput, stream.badLines > 0 else { return }
        Output.error("woodshed: \(stream.name): \(stream.badLines) line\(stream.badLines == 1 ? " was" : "s were") not an event "
                     + "(first: line \(stream.firstBadLine)); write `MS NOTE VELOCITY` or `MS cc CONTROLLER VALUE`, one a line")
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
        return EngineSetup.liveOutput(options)
    }

    /// The live output `--output` names: an ALSA device, or nowhere (paced by the clock).
    static func liveOutput(_ options: EngineOptions) -> AudioOutput {
        switch options.outputSpec {
        case .alsa(let device): PCMOutput(device: device, format: options.format)
        case .null: NullOutput(format: options.format)
        }
    }

    /// Opens the output, then creates the synth, clicks, mixer and renderer for the format the output
    /// actually runs at. `origin` is the engine time of sample 0 (offline; live runs set it when the
    /// stream starts).
    func makeAudio(click: ClickVoice?, origin: EngineTime, needsSynth: Bool = true) throws -> AudioRenderer {
        let renderer = try EngineSetup.renderer(options: options, output: makeOutput(), clock: clock, click: click,
                                                origin: origin, commands: synthCommands, needsSynth: needsSynth)
        self.renderer = renderer
        return renderer
    }

    /// The audio chain every playing command uses: FluidSynth (unless there is nothing to sound)
    /// and the clicks into the mixer, with the configured channel levels, into `output`.
    ///
    /// The output is opened first, because a device may settle on another rate, period size or
    /// sample format than the one asked for: the synth, the clicks and the mixer are then made for
    /// what it accepted, so the music never plays at the wrong speed. The output is closed again if
    /// anything after it fails.
    static func renderer(options: EngineOptions, output: AudioOutput, clock: EngineClock, click: ClickVoice?,
                         origin: EngineTime, commands: SPSCQueue<MIDIEvent>, needsSynth: Bool = true) throws -> AudioRenderer {
        try output.start()
        do {
            let format = output.format
            var synth: FluidSynthInstrument?
            if needsSynth && !options.noFeedback {
                synth = try FluidSynthInstrument(soundFontPath: SoundFontChoice.path(explicit: options.soundFontChoice),
                                                 sampleRate: format.sampleRate)
            }
            let clicks = try click.map { try $0.track(sampleRate: format.sampleRate) }
            let mixer = Mixer(format: format, instrument: synth, clicks: clicks, origin: origin)
            options.applyLevels(to: mixer)
            let renderer = AudioRenderer(mixer: mixer, output: output, commands: commands, clock: clock)
            // Live, lock memory now that everything is loaded: on a slow machine faulting it all in
            // takes a while, which must not eat into a count-in whose time zero is set after this.
            if clock.isRealTime { RealTimeThread.lockMemoryIfAllowed() }
            return renderer
        } catch {
            try? output.stop()
            throw error
        }
    }
}
