import Foundation
import WoodshedCore
import WoodshedEngine
import WoodshedStore

/// What `woodshed play` prints while the chart runs: a line per measure (each expected note of each
/// voice as it was played), combo milestones and breaks — or, with `--json`, one object per judged
/// note and per extra hit. It also feeds the store as the session runs.
final class PlayDisplay {
    let plan: PracticePlan
    let json: Bool
    let recorder: SessionRecorder?
    private(set) var judgements: [Judgement] = []
    private(set) var extras: [ExtraHit] = []
    private var measureNotes: [MeasureKey: Int] = [:]
    private var pending: [MeasureKey: [Judgement]] = [:]
    private var pendingExtras = 0
    private var lastCombo: Int32 = 0
    private let colour = Terminal.useColour

    struct MeasureKey: Hashable, Comparable {
        var pass: Int
        var measure: Int
        static func < (a: MeasureKey, b: MeasureKey) -> Bool { (a.pass, a.measure) < (b.pass, b.measure) }
    }

    init(plan: PracticePlan, json: Bool, recorder: SessionRecorder?) {
        self.plan = plan
        self.json = json
        self.recorder = recorder
        for note in plan.notes { measureNotes[MeasureKey(pass: note.pass, measure: note.measureNumber), default: 0] += 1 }
    }

    static let legend = "each note: ● perfect · < > great (early/late) · « » good · x miss · + extra hits"

    func show(_ record: DrumPlayRecord) {
        switch record {
        case .judged(let j): judged(j)
        case .extra(let e): extra(e)
        case .ignored, .dropped: break
        }
    }

    private func judged(_ j: Judgement) {
        judgements.append(j)
        let note = plan.notes[Int(j.noteIndex)]
        recorder?.record(DrumEvent(voice: j.voice, measure: note.measureNumber, beat: note.beat,
                                   position: RhythmicPosition(note.placement), expected: j.noteTime, played: j.hitTime,
                                   tier: HitTier(j.tier), velocity: j.hitTime == nil ? nil : Int(j.velocity)))
        if json {
            Output.line(JSONLine([
                ("type", "note"), ("pass", .int(note.pass + 1)), ("measure", .int(note.measureNumber)), ("beat", .double(note.beat)),
                ("voice", .string(j.voice.rawValue)), ("expected_ms", .double(j.noteTime.milliseconds)),
                ("hit_ms", j.hitTime.map { .double($0.milliseconds) } ?? .null),
                ("offset_ms", j.hitTime == nil ? .null : .double(j.offset.milliseconds)), ("tier", .string(j.tier.rawValue)),
                ("velocity", j.hitTime == nil ? .null : .int(Int(j.velocity))), ("combo", .int(Int(j.combo))), ("score", .int(Int(j.score))),
            ]).description)
        } else {
            milestones(j)
            let key = MeasureKey(pass: note.pass, measure: note.measureNumber)
            pending[key, default: []].append(j)
            if pending[key]!.count == measureNotes[key] { printMeasure(key) }
        }
        lastCombo = j.combo
    }

    private func extra(_ e: ExtraHit) {
        extras.append(e)
        recorder?.record(DrumEvent(voice: e.voice, expected: nil, played: e.time, tier: .extra, velocity: Int(e.velocity)))
        if json {
            Output.line(JSONLine([("type", "extra"), ("voice", .string(e.voice.rawValue)), ("hit_ms", .double(e.time.milliseconds)),
                                  ("velocity", .int(Int(e.velocity)))]).description)
        } else {
            pendingExtras += 1
        }
    }

    private func milestones(_ j: Judgement) {
        if j.tier == .miss, lastCombo >= 10 {
            Output.line("  combo broken at \(lastCombo)")
        } else if [10, 25, 50, 100].contains(j.combo) || (j.combo > 100 && j.combo % 100 == 0), j.combo != lastCombo {
            Output.line("  combo \(j.combo)!")
        }
    }

    private func printMeasure(_ key: MeasureKey) {
        let notes = pending.removeValue(forKey: key) ?? []
        var byVoice: [(DrumVoice, [Judgement])] = []
        for j in notes.sorted(by: { $0.noteIndex < $1.noteIndex }) {
            if let i = byVoice.firstIndex(where: { $0.0 == j.voice }) { byVoice[i].1.append(j) } else { byVoice.append((j.voice, [j])) }
        }
        byVoice.sort { $0.0.index < $1.0.index }
        let cells = byVoice.map { voice, js in voice.shortLabel + " " + js.map(cell).joined() }.joined(separator: "  ")
        let muted = Set(plan.mutedNotes.filter { $0.pass == key.pass && $0.measureNumber == key.measure }.map(\.voice))
        let mutedText = muted.isEmpty ? "" : "  (muted: " + muted.sorted { $0.index < $1.index }.map(\.shortLabel).joined(separator: " ") + ")"
        let extraText = pendingExtras > 0 ? "  +\(pendingExtras)" : ""
        pendingExtras = 0
        let last = notes.max { $0.noteIndex < $1.noteIndex }
        let passText = plan.passStarts.count > 1 ? "pass \(key.pass + 1) " : ""
        Output.line(String(format: "%@m %3d  %@%@%@  | combo %d  score %d", passText, key.measure, cells, mutedText, extraText,
                           Int(last?.combo ?? 0), Int(last?.score ?? 0)))
    }

    private func cell(_ j: Judgement) -> String {
        let early = j.offset < .zero
        let symbol: String
        switch j.tier {
        case .perfect: symbol = "●"
        case .great: symbol = early ? "<" : ">"
        case .good: symbol = early ? "«" : "»"
        case .miss: symbol = "x"
        }
        guard colour else { return symbol }
        let code = j.tier == .perfect ? "32" : j.tier == .miss ? "31" : "33"
        return "\u{1B}[\(code)m\(symbol)\u{1B}[0m"
    }
}

extension RhythmicPosition {
    init(_ placement: BeatPlacement) {
        switch placement {
        case .downbeat: self = .downbeat
        case .onBeat: self = .beat
        case .upbeat: self = .upbeat
        case .sixteenth: self = .sixteenth
        case .triplet: self = .triplet
        case .other: self = .other
        }
    }
}

extension HitTier {
    init(_ tier: Tier) {
        switch tier {
        case .perfect: self = .perfect
        case .great: self = .great
        case .good: self = .good
        case .miss: self = .miss
        }
    }
}
