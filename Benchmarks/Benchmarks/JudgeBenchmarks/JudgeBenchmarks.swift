import Benchmark
import WoodshedCore
import WoodshedEngine

/// A rock groove as a chart (the judge's notes) and a seeded human performance of it (the hits):
/// timing spread, a few misses and stray hits, so every path of the judge is taken.
struct Session {
    static let hitsPerSample = 1000

    let notes: [JudgeNote]
    let events: [MIDIEvent]

    init() {
        let groove = SimulatedDrummer.rockGroove(bpm: 120, bars: 100)
        let map = DrumKitMap.generalMIDI
        notes = groove.enumerated().compactMap { i, hit in
            map.voice(forNote: hit.note).map { JudgeNote(time: hit.time, voice: $0, index: Int32(i)) }
        }
        events = Array(SimulatedDrummer().perform(groove, seed: 42).prefix(Session.hitsPerSample))
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput, .mallocCountTotal, .instructions],
                                           maxDuration: .seconds(3))
    let session = Session()
    let voices = session.events.map { DrumKitMap.generalMIDI.voice(forNote: $0.number) ?? .snare }

    // The judge alone: match the hit, close the windows that time has passed, pop every final
    // judgement — what the timing thread does per hit besides mapping and queueing.
    Benchmark("judge: hit + advance + final judgements (per hit)",
              configuration: .init(scalingFactor: .kilo)) { benchmark in
        var judge = Judge(notes: session.notes)
        var points: Int64 = 0
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations {
            let event = session.events[i]
            _ = judge.hit(voices[i], at: event.time, velocity: event.value)
            judge.advance(to: event.time)
            while let judgement = judge.nextFinal() { points &+= Int64(judgement.points) }
        }
        benchmark.stopMeasurement()
        blackHole(points)
    }

    // The whole timing-thread path of `woodshed play`: kit map and hit filters, feedback note-on
    // queued to the synth, the judge, results queued to the display.
    Benchmark("drum judge mode: event to queued results (per hit)",
              configuration: .init(scalingFactor: .kilo)) { benchmark in
        let synth = SPSCQueue<MIDIEvent>(minimumCapacity: 4096)
        let mode = DrumJudgeMode(classifier: DrumKitClassifier(map: .generalMIDI), judge: Judge(notes: session.notes), synth: synth)
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations {
            let event = session.events[i]
            mode.advance(to: event.time)
            mode.handle(event)
        }
        benchmark.stopMeasurement()
        while synth.pop() != nil {}
        while mode.results.pop() != nil {}
    }
}
