import Benchmark
import Foundation
import WoodshedCore
import WoodshedEngine
import WoodshedFluidSynth
import WoodshedSound

/// The bundled kit, found from this package's folder (Benchmarks/ inside the checkout).
let kitPath: String = {
    var url = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    for _ in 0..<4 {
        let candidate = url.appendingPathComponent("soundfonts/woodshed-kit.sf2").path
        if FileManager.default.fileExists(atPath: candidate) { return candidate }
        url.deleteLastPathComponent()
    }
    return "soundfonts/woodshed-kit.sf2"
}()

struct GMKit: EventClassifier {
    var table = [Int8](repeating: -1, count: 128)
    init() { for voice in DrumVoice.allCases { table[Int(voice.generalMIDINote)] = Int8(voice.index) } }
    mutating func classify(_ event: MIDIEvent) -> NoteMeaning {
        guard event.kind == .noteOn, table[Int(event.number)] >= 0 else { return .other }
        return .drum(DrumVoice(index: Int(table[Int(event.number)]))!)
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput, .mallocCountTotal, .instructions],
                                           maxDuration: .seconds(3))

    // Input event → mapped → queued → FluidSynth note-on: the offline path of every hit.
    Benchmark("input event to fluid_synth_noteon (per event)",
              configuration: .init(scalingFactor: .kilo)) { benchmark in
        let synth = try FluidSynthInstrument(soundFontPath: kitPath, sampleRate: 48_000)
        let queue = SPSCQueue<MIDIEvent>(minimumCapacity: 4096)
        let mode = MonitorMode(classifier: GMKit(), synth: queue, capacity: 1 << 16)
        let clock = VirtualClock()
        let renderer = AudioRenderer(mixer: Mixer(format: AudioFormat(), instrument: synth, clicks: nil),
                                     output: NullOutput(format: AudioFormat()), commands: queue, clock: clock,
                                     latencyCapacity: 0)
        let notes: [UInt8] = [36, 38, 42, 46, 49, 51]
        let events = (0..<1000).map { MIDIEvent.noteOn(notes[$0 % notes.count], velocity: 100, at: .milliseconds(Double($0))) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            for event in events {
                mode.handle(event)
                renderer.applyCommands()
            }
            while mode.results.pop() != nil {}
        }
        benchmark.stopMeasurement()
        synth.allNotesOff()
    }

    // One 64-frame period of the mix with FluidSynth ringing and the click playing.
    Benchmark("mixer render, 64-frame period at 48 kHz") { benchmark in
        let synth = try FluidSynthInstrument(soundFontPath: kitPath, sampleRate: 48_000)
        let clickSynth = ClickSynthesizer(sampleRate: 48_000)
        let clicks = ClickTrack(sampleRate: 48_000, normal: clickSynth.render(.classic, accent: false),
                                accent: clickSynth.render(.classic, accent: true))
        clicks.play(SteadyBeats(bpm: 240))
        let mixer = Mixer(format: AudioFormat(), instrument: synth, clicks: clicks)
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 128)
        defer { buffer.deallocate() }
        var sample: Int64 = 0
        for (i, note) in [36, 38, 42, 49, 51, 45, 43, 57].enumerated() {
            synth.noteOn(channel: 10, note: UInt8(note), velocity: UInt8(90 + i))
        }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            if sample % 4800 == 0 { synth.noteOn(channel: 10, note: 42, velocity: 90) }
            mixer.render(frames: 64, firstSample: sample, into: buffer)
            sample += 64
        }
        benchmark.stopMeasurement()
    }

    // From nothing to ready to play: FluidSynth with the bundled kit, the clicks, the mixer.
    Benchmark("start-up to ready with the bundled kit",
              configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxIterations: 50)) { benchmark in
        for _ in benchmark.scaledIterations {
            let synth = try FluidSynthInstrument(soundFontPath: kitPath, sampleRate: 48_000)
            let clickSynth = ClickSynthesizer(sampleRate: 48_000)
            let clicks = ClickTrack(sampleRate: 48_000, normal: clickSynth.render(.classic, accent: false),
                                    accent: clickSynth.render(.classic, accent: true))
            blackHole(Mixer(format: AudioFormat(), instrument: synth, clicks: clicks))
        }
    }
}
