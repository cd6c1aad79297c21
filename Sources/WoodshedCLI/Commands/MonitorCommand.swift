import ArgumentParser
import Foundation
import WoodshedALSA
import WoodshedConfig
import WoodshedCore
import WoodshedEngine

/// `woodshed monitor`: hear what you play and see every event, mapped.
struct MonitorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monitor",
        abstract: "Hear what you play and print one line per event: time, source, note, velocity, voice or pitch.",
        discussion: """
        Live input (ALSA, the computer keyboard) runs until Ctrl-C or --duration. File input \
        (events:FILE, smf:FILE) runs offline on the virtual clock, as fast as the CPU allows, and exits \
        at the end; add --wav FILE to hear it.
        """
    )

    @OptionGroup var engine: EngineOptions

    @Flag(name: .long, help: "One JSON object per line.")
    var json = false

    @Option(name: .long, help: "Stop after this many seconds (live input).")
    var duration: Double?

    mutating func run() throws {
        StopSignal.install()
        try engine.loadConfiguration()
        let mapping = try MappingChoice.load(engine.map)
        switch mapping.instrument {
        case .drums(let kit): try monitor(classifier: DrumKitClassifier(map: kit), mapping: mapping)
        case .pitched(let keys): try monitor(classifier: PitchedClassifier(map: keys), mapping: mapping)
        }
    }

    /// Generic over the classifier so the timing thread calls it directly.
    private func monitor<Classifier: EventClassifier>(classifier: Classifier, mapping: Mapping) throws {
        let setup = try EngineSetup(options: engine, mapping: mapping)
        let mode = MonitorMode(classifier: classifier, synth: setup.synthCommands, feedback: !engine.noFeedback)
        let display = MonitorDisplay(json: json, pitched: mapping.pitched != nil)

        let renderer = try setup.makeAudio(click: nil, origin: setup.clock.now)
        var stampToRead: [Int64] = []
        if let clock = setup.clock as? VirtualClock {
            try EngineRun.offline(input: setup.input, mode: mode, renderer: renderer, clock: clock) {
                while let record = mode.results.pop() { display.show(record) }
            }
        } else {
            let started = setup.clock.now
            let limit = duration.map { EngineTime.seconds($0) }
            let report = try EngineRun.live(
                input: setup.input, mode: mode, renderer: renderer, clock: setup.clock, zero: .zero,
                started: { policy in
                    // The scheduling first, then the sources: both are known before any event is shown.
                    display.show(policy)
                    for notice in setup.initialNotices { display.show(notice) }
                    if SourceWait.isWaiting(setup) { Output.error("woodshed: " + SourceWait.nothingConnected) }
                    if !json { Output.line("monitoring \(setup.input.name) with the \(mapping.name) map — Ctrl-C to stop") }
                },
                shouldStop: { limit.map { setup.clock.now - started >= $0 } ?? false },
                drain: {
                    while let record = mode.results.pop() { display.show(record) }
                    if let watcher = setup.watcher { for notice in watcher.poll() { display.show(notice) } }
                })
            if let error = report.audioError { Output.error("woodshed: audio stopped: \(error)") }
            stampToRead = report.stampToRead
        }
        setup.reportInputProblems()
        display.summary(overruns: setup.input.overruns, lost: mode.results.dropped + setup.synthCommands.dropped,
                        xruns: renderer.output.xruns, merged: renderer.mergedNoteOns,
                        stages: LatencyStages(stampToRead: stampToRead, renderer: renderer), live: !setup.isOffline)
    }
}

/// Prints monitor lines, human or JSON.
final class MonitorDisplay {
    let json: Bool
    let pitched: Bool
    private(set) var events = 0
    private var shownPolicy = false

    init(json: Bool, pitched: Bool) {
        self.json = json
        self.pitched = pitched
    }

    func show(_ record: MonitorRecord) {
        let e = record.event
        switch e.kind {
        case .noteOff:
            return
        case .controlChange:
            if json {
                Output.json(ControlRecord(tMs: e.time.milliseconds, source: e.sourceAddress, channel: Int(e.channel),
                                          controller: Int(e.number), value: Int(e.value)))
            } else {
                Output.line(String(format: "%10.3f  %-7@ ch%-2d  cc %3d = %3d", e.time.seconds, e.sourceAddress, e.channel, e.number, e.value))
            }
            return
        case .noteOn:
            events += 1
        }
        var line = EventRecord(tMs: e.time.milliseconds, stampNs: Int(e.time.nanoseconds), source: e.sourceAddress,
                               channel: Int(e.channel), note: Int(e.number), velocity: Int(e.value))
        var meaning = ""
        switch record.meaning {
        case .drum(let voice):
            line.voice = voice.rawValue
            meaning = voice.rawValue
        case .pitched(let note):
            let name = PitchNames.name(of: note)
            let frets = PitchNames.guitarPositions(of: note)
            line.pitch = name
            line.frets = frets.map { FretRecord(string: $0.string, fret: $0.fret) }
            meaning = name + (frets.isEmpty ? "" : "  guitar " + frets.map { "\($0.string):\($0.fret)" }.joined(separator: " "))
        case .dropped(let voice, let reason):
            line.voice = voice?.rawValue
            line.dropped = reason.rawValue
            meaning = (voice.map { "\($0.rawValue) " } ?? "") + "(dropped: \(reason.rawValue))"
        case .unmapped:
            meaning = "(not in the map)"
        case .released, .other:
            break
        }
        if json {
            Output.json(line)
        } else {
            Output.line(String(format: "%10.3f  %-7@ ch%-2d  note %3d  vel %3d  %@", e.time.seconds, e.sourceAddress, e.channel, e.number, e.value, meaning))
        }
    }

    func show(_ notice: SourceWatcher.Notice) {
        let (event, name, address): (String, String, SequencerAddress)
        switch notice {
        case .subscribed(let n, let a): (event, name, address) = ("subscribed", n, a)
        case .lost(let n, let a): (event, name, address) = ("lost", n, a)
        case .resubscribed(let n, let a): (event, name, address) = ("resubscribed", n, a)
        }
        if json {
            Output.json(SourceRecord(event: event, name: name, address: address.description))
        } else {
            switch notice {
            case .subscribed: Output.line("listening to \(name) (\(address))")
            case .lost: Output.line("lost \(name) (\(address)); waiting for it to come back")
            case .resubscribed: Output.line("\(name) is back (\(address)); listening again")
            }
        }
    }

    func show(_ policy: RealTimeThread.Policy) {
        guard !shownPolicy else { return }
        shownPolicy = true
        switch policy {
        case .fifo(let priority):
            if json { Output.json(RealtimeRecord(policy: "fifo", priority: Int(priority), warning: nil)) }
        case .normal(let reason):
            let warning = RealTimeThread.warning(reason: reason)
            Output.error("woodshed: \(warning)")
            if json { Output.json(RealtimeRecord(policy: "other", priority: nil, warning: warning)) }
        }
    }

    /// The summary in words a musician reads: what each count means for them and what to do.
    static func summaryLines(events: Int, overruns: Int, lost: Int, xruns: Int, latencyMs: (p50: Double, p99: Double)?) -> [String] {
        var lines = ["\(events) note\(events == 1 ? "" : "s")"]
        lines += LiveTrouble.lines(overruns: overruns, lost: lost, xruns: xruns)
        if let latencyMs {
            lines.append(String(format: "  from your hit reaching the computer to the synthesizer starting the sound: "
                                + "typically %.1f ms, at worst %.1f ms (p99)", latencyMs.p50, latencyMs.p99))
        }
        return lines
    }

    func summary(overruns: Int, lost: Int, xruns: Int, merged: Int, stages: LatencyStages, live: Bool) {
        let noteOn = stages.stampToNoteOn
        if json {
            Output.json(MonitorSummaryRecord(events: events, overruns: overruns, lost: lost, xruns: xruns, merged: merged,
                                             latencyUs: noteOn, stagesUs: stages))
        } else {
            MonitorDisplay.summaryLines(events: events, overruns: overruns, lost: lost, xruns: xruns,
                                        latencyMs: live && stages.count > 0 ? (noteOn.p50 / 1000, noteOn.p99 / 1000) : nil)
                .forEach(Output.line)
        }
    }
}

// MARK: `monitor --json`, one object per line

/// A note-on and what it meant: a drum voice, a pitch with its fret positions, or dropped.
struct EventRecord: Encodable {
    let type = "event"
    var tMs: Double
    var stampNs: Int
    var source: String
    var channel: Int
    var note: Int
    var velocity: Int
    var voice: String?
    var pitch: String?
    var frets: [FretRecord]?
    var dropped: String?
}

struct FretRecord: Encodable {
    var string: Int
    var fret: Int
}

/// A control change (the hi-hat pedal, sustain).
struct ControlRecord: Encodable {
    let type = "control"
    var tMs: Double
    var source: String
    var channel: Int
    var controller: Int
    var value: Int
}

/// A MIDI source subscribed, lost or back.
struct SourceRecord: Encodable {
    let type = "source"
    var event: String
    var name: String
    var address: String
}

/// The scheduling the timing thread got.
struct RealtimeRecord: Encodable {
    let type = "realtime"
    var policy: String
    var priority: Int?
    var warning: String?
}

/// The last line: counts, the stamp → synth latency and each stage of it, in microseconds.
struct MonitorSummaryRecord: Encodable {
    let type = "summary"
    var events: Int
    var overruns: Int
    var lost: Int
    var xruns: Int
    /// Note-ons not sounded again because their key was already struck in the same audio period.
    var merged: Int
    /// The kernel's stamp → the synthesizer's note-on (the same as `stages_us.stamp_to_note_on`).
    var latencyUs: LatencyStages.Spread
    var stagesUs: LatencyStages
}

/// Where a note's time goes inside Woodshed, live, in microseconds (p50, p99, max over the
/// session's note-ons): stamp → read by the timing thread → note-on in the synthesizer on the audio
/// thread → the period holding its first sample handed to the device.
struct LatencyStages: Encodable {
    struct Spread: Encodable {
        var p50: Double
        var p99: Double
        var max: Double

        init(_ nanoseconds: [Int64]) {
            let sorted = nanoseconds.sorted()
            func at(_ p: Double) -> Double {
                guard !sorted.isEmpty else { return 0 }
                return Double(sorted[min(sorted.count - 1, Int((p * Double(sorted.count - 1)).rounded()))]) / 1000
            }
            (p50, p99, max) = (at(0.5), at(0.99), at(1))
        }
    }

    var stampToRead: Spread
    var stampToNoteOn: Spread
    var stampToWritten: Spread
    /// How many note-ons reached the synthesizer.
    var count: Int

    init(stampToRead: [Int64], renderer: AudioRenderer) {
        self.stampToRead = Spread(stampToRead)
        let noteOns = renderer.stampToNoteOn.nanoseconds
        stampToNoteOn = Spread(noteOns)
        stampToWritten = Spread(renderer.stampToWritten.nanoseconds)
        count = noteOns.count
    }
}
