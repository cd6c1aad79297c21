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


let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput, .mallocCountTotal, .instructions],
                                           maxDuration: .seconds(3))

    // Input event → mapped and filtered → queued → applied to FluidSynth (note-on): the path of
    // every hit. Every 32 events all voices are cut, as if the rendered notes had ended, so that
    // note-on never has to steal a voice from a full polyphony — the cost of that cut is counted.
    Benchmark("input event to fluid_synth_noteon (per event)",
              configuration: .init(scalingFactor: .kilo)) { benchmark in
        let synth = try FluidSynthInstrument(soundFontPath: kitPath, sampleRate: 48_000)
        try runEventPath(benchmark, synth: synth) { synth.allNotesOff() }
    }

    for polyphony: Int32 in [64, 32] {
        Benchmark("input event to fluid_synth_noteon, polyphony \(polyphony) (per event)",
                  configuration: .init(scalingFactor: .kilo)) { benchmark in
            var options = FluidSynthInstrument.Options()
            options.polyphony = polyphony
            let synth = try FluidSynthInstrument(soundFontPath: kitPath, sampleRate: 48_000, options: options)
            try runEventPath(benchmark, synth: synth) { synth.allNotesOff() }
        }
    }

    // The same path with a synth that does nothing: Woodshed's own share of the cost.
    Benchmark("input event to synth note-on, Woodshed's share (per event)",
              configuration: .init(scalingFactor: .kilo)) { benchmark in
        try runEventPath(benchmark, synth: SilentSynth()) {}
    }

    // One 64-frame period of the mix: FluidSynth ringing, the click playing, both, or only clicks.
    for (name, useSynth, useClicks) in [("FluidSynth and click", true, true), ("FluidSynth only", true, false), ("click only", false, true)] {
        Benchmark("mixer render, 64-frame period at 48 kHz, \(name)") { benchmark in
            let synth = useSynth ? try FluidSynthInstrument(soundFontPath: kitPath, sampleRate: 48_000) : nil
            let clickSynth = ClickSynthesizer(sampleRate: 48_000)
            let clicks = useClicks ? ClickTrack(sampleRate: 48_000, normal: clickSynth.render(.classic, accent: false),
                                                accent: clickSynth.render(.classic, accent: true)) : nil
            clicks?.play(SteadyBeats(bpm: 240))
            let mixer = Mixer(format: AudioFormat(), instrument: synth, clicks: clicks)
            let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 128)
            defer { buffer.deallocate() }
            var sample: Int64 = 0
            for (i, note) in [36, 38, 42, 49, 51, 45, 43, 57].enumerated() {
                synth?.noteOn(channel: 10, note: UInt8(note), velocity: UInt8(90 + i))
            }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                mixer.render(frames: 64, firstSample: sample, into: buffer)
                sample += 64
            }
            benchmark.stopMeasurement()
        }
    }

    // Chart parsing: the example charts, written out as DTX and as Standard MIDI Files.
    let examples: [Chart] = {
        var url = URL(fileURLWithPath: kitPath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("charts")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        url.standardize()
        return files.filter { $0.hasSuffix(".wchart") }.sorted().compactMap { try? ChartFile.load(url.appendingPathComponent($0).path).chart }
    }()
    let dtxFiles = examples.compactMap { try? Array(DTXWriter.write($0).utf8) }
    let midiFiles = examples.map { ChartMIDIWriter.write($0) }
    let dtxBytes = dtxFiles.reduce(0) { $0 + $1.count }, midiBytes = midiFiles.reduce(0) { $0 + $1.count }
    print("chart parsing inputs: \(dtxFiles.count) DTX files, \(dtxBytes) bytes; \(midiFiles.count) MIDI files, \(midiBytes) bytes")
    Benchmark("parse DTX, the \(dtxFiles.count) example charts per iteration", configuration: .init(scalingFactor: .one)) { benchmark in
        for _ in benchmark.scaledIterations {
            for file in dtxFiles { blackHole(try DTXReader.read(file, file: "bench.dtx")) }
        }
    }
    Benchmark("parse Standard MIDI File, the \(midiFiles.count) example charts per iteration", configuration: .init(scalingFactor: .one)) { benchmark in
        for _ in benchmark.scaledIterations {
            for file in midiFiles { blackHole(try ChartMIDIReader.read(file, file: "bench.mid")) }
        }
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

/// A synth that does nothing, to isolate Woodshed's own cost.
final class SilentSynth: SynthInstrument {
    func noteOn(channel: UInt8, note: UInt8, velocity: UInt8) {}
    func noteOff(channel: UInt8, note: UInt8) {}
    func controlChange(channel: UInt8, controller: UInt8, value: UInt8) {}
    func render(frames: Int, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>) {}
}

/// 1,000 hits through the kit map's filters, the monitor mode, the queue and the synth, per iteration.
func runEventPath(_ benchmark: Benchmark, synth: SynthInstrument, cut: () -> Void) throws {
    let queue = SPSCQueue<MIDIEvent>(minimumCapacity: 4096)
    let mode = MonitorMode(classifier: DrumKitClassifier(map: .generalMIDI), synth: queue, capacity: 1 << 16)
    let renderer = AudioRenderer(mixer: Mixer(format: AudioFormat(), instrument: synth, clicks: nil),
                                 output: NullOutput(format: AudioFormat()), commands: queue, clock: VirtualClock(),
                                 latencyCapacity: 0)
    let notes: [UInt8] = [36, 38, 42, 46, 49, 51]
    var time: Int64 = 0
    var events = (0..<1000).map { MIDIEvent.noteOn(notes[$0 % notes.count], velocity: 100, at: .milliseconds(Double($0) * 40)) }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
        for i in events.indices {
            events[i].time = EngineTime(nanoseconds: time)
            time += 40_000_000  // 40 ms apart: no double triggers, no crosstalk
            mode.handle(events[i])
            renderer.applyCommands()
            if i & 31 == 31 { cut() }
        }
        while mode.results.pop() != nil {}
    }
    benchmark.stopMeasurement()
}
