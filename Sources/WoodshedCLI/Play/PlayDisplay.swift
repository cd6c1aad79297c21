import Foundation
import WoodshedCore
import WoodshedEngine
import WoodshedStore

/// What `woodshed play` prints while the chart runs: each measure's drum tab `lookAhead` measures
/// before it starts (so the drummer reads what comes next), and after it its judged version — the
/// tab with each note's judgement and the extra hits where they fell — with the combo and score
/// (with no look-ahead, one line per measure instead); combo milestones and breaks — or, with
/// `--json`, one object per judged note and per extra hit. It also feeds the store as the session
/// runs. It runs on the main thread, never on the timing thread.
///
/// A loop's passes are kept apart: a pass is written to the store once it is complete, so a loop
/// stopped half-way through a pass ends with the complete passes scored and the partial one shown
/// but not counted (`scored(stopped:)`).
final class PlayDisplay {
    private(set) var plan: PracticePlan
    let json: Bool
    let recorder: SessionRecorder?
    private(set) var judgements: [Judgement] = []
    /// Extra hits by the pass they were played in: counted, not kept (a flood of them costs no memory).
    private var extrasPerPass: [Int]
    private var measureNotes: [MeasureKey: Int] = [:]
    private var pending: [MeasureKey: [Judgement]] = [:]
    /// Extra hits stored per pass, measure and voice. Past `storedExtrasPerMeasure` they are counted
    /// in the session's total but not stored one by one: a chattering pad (thousands of hits a
    /// second) must not fill the history with rows nobody reads, nor spend the machine's time
    /// writing them while the drummer plays.
    private var storedExtras: [ExtraKey: Int] = [:]
    static let storedExtrasPerMeasure = 64

    struct ExtraKey: Hashable {
        var pass: Int
        var measure: Int
        var voice: DrumVoice
    }

    /// Extra hits by the measure they were played in, until that measure is printed.
    private var extrasByMeasure: [MeasureKey: Int] = [:]
    /// Where in its measure each extra hit fell (the first `storedExtrasPerMeasure`), for the tab.
    private var extraHits: [MeasureKey: [(voice: DrumVoice, time: EngineTime)]] = [:]
    /// Measures already printed.
    private var printed: Set<MeasureKey> = []
    /// Extra hits played in a measure after it was printed (after its last note was judged): said in
    /// one line per measure with the next measure printed, not a line each (a flood stays readable).
    private var lateExtras: [MeasureKey: Int] = [:]
    /// Every measure in playing order, and how far printing has got.
    private let order: [MeasureKey]
    private var nextInOrder = 0
    private var lastCombo: Int32 = 0
    private let colour = Terminal.useColour
    /// Judged notes per pass, and how many of each pass are final.
    private let notesPerPass: [Int]
    private var judgedPerPass: [Int]
    /// A loop's events held back until their pass is complete (nothing when there is one pass).
    private var heldBack: [[DrumEvent]]

    struct MeasureKey: Hashable, Comparable {
        var pass: Int
        var measure: Int
        static func < (a: MeasureKey, b: MeasureKey) -> Bool { (a.pass, a.measure) < (b.pass, b.measure) }
    }

    /// The speed changed while playing: measures and passes are found at their new times.
    func retime(_ change: SpeedChange) { plan.retime(change) }

    /// Shows the tab of each measure `lookAhead` measures before it starts (the first ones at once,
    /// during the count-in). `now` is practice time; main thread.
    func advance(to now: EngineTime) {
        if statusLine { showStatus(at: now) }
        guard lookAhead > 0 else { return }
        while previewed < order.count {
            let trigger = previewed - lookAhead
            if trigger >= 0, plan.measureStarts[trigger].time > now { break }
            preview(plan.measureStarts[previewed])
            previewed += 1
        }
    }

    /// `m 5  beat 3  | combo 27  score 3750  | best 5200 (-1450)`: the beat counts from the measure's
    /// start at the tempo it begins with.
    private func showStatus(at now: EngineTime) {
        var text = "count-in"
        if now >= .zero, let start = plan.measure(at: now) {
            let signature = blocks[start.measure]?.signature ?? .fourFour
            let bpm = (blocks[start.measure]?.bpm ?? plan.effectiveBPM) * Double(plan.options.speedPercent) / 100
            let beatSeconds = 60 / bpm * 4 / Double(signature.noteValue)
            let beat = Int((now - start.time).seconds / beatSeconds) + 1
            text = (plan.passStarts.count > 1 ? "pass \(start.pass + 1) " : "") + "m \(start.measure)  beat \(min(beat, signature.beats))"
        }
        text += "  | combo \(lastCombo)  score \(score)"
        if let best { text += "  | best \(best) (\(Int(score) - best >= 0 ? "+" : "")\(Int(score) - best))" }
        Output.status(text)
    }

    /// The status line goes when the run ends, before the results.
    func endStatus() { if statusLine { Output.status(nil) } }

    private func preview(_ start: PracticePlan.MeasureStart) {
        guard var block = blocks[start.measure] else { return }
        var remarks: [String] = []
        if plan.passStarts.count > 1 {
            remarks.append("pass \(start.pass + 1)" + (start.measure == plan.measures.lowerBound ? " (loop \(plan.measures.lowerBound)-\(plan.measures.upperBound))" : ""))
        }
        if plan.options.speedPercent != 100, block.newTempo || start.measure == plan.measures.lowerBound {
            remarks.append(String(format: "at %d %%: %@ BPM", plan.options.speedPercent,
                                  DrumTab.bpmText((block.bpm * Double(plan.options.speedPercent) / 100 * 10).rounded() / 10)))
        }
        if start.measure == plan.measures.lowerBound { block.newSignature = true; block.newTempo = true }
        block.remark = remarks.isEmpty ? nil : remarks.joined(separator: "  ")
        for line in DrumTab(blocks: [block]).lines(width: width) { Output.line(line) }
    }

    /// How many measures ahead the tab is shown (0: only the one-line result after each measure).
    let lookAhead: Int
    /// The tab of each measure played, by measure number.
    private let blocks: [Int: DrumTab.Block]
    /// How far the previews have got in `order`.
    private var previewed = 0
    private let width = Terminal.width

    /// On a terminal (not `--json`): the status line under the measures — where the music is, the
    /// combo, the score and the chart's best — rewritten in place.
    private let statusLine: Bool
    /// The best score stored for this chart before this run, if any.
    private let best: Int?
    private var score: Int64 = 0

    init(plan: PracticePlan, json: Bool, recorder: SessionRecorder?, tab: DrumTab? = nil, lookAhead: Int = 0,
         statusLine: Bool = false, best: Int? = nil) {
        self.plan = plan
        self.json = json
        self.recorder = recorder
        self.statusLine = statusLine && !json
        self.best = best
        self.lookAhead = tab == nil || json ? 0 : lookAhead
        var blocks: [Int: DrumTab.Block] = [:]
        let auto = Set(plan.mutedNotes.map { DrumTab.Line($0.voice) }).subtracting(plan.notes.map { DrumTab.Line($0.voice) })
        for var block in tab?.blocks ?? [] where plan.measures.contains(block.number) {
            block.autoplayed = auto
            blocks[block.number] = block
        }
        self.blocks = blocks
        for note in plan.notes { measureNotes[MeasureKey(pass: note.pass, measure: note.measureNumber), default: 0] += 1 }
        order = plan.measureStarts.map { MeasureKey(pass: $0.pass, measure: $0.measure) }
        var perPass = Array(repeating: 0, count: max(plan.passStarts.count, 1))
        for note in plan.notes { perPass[note.pass] += 1 }
        notesPerPass = perPass
        judgedPerPass = Array(repeating: 0, count: perPass.count)
        heldBack = Array(repeating: [], count: perPass.count)
        extrasPerPass = Array(repeating: 0, count: perPass.count)
    }

    static let legend = "each note: ● perfect · < > great (early/late) · « » good · x miss · + extra hits"

    /// Passes whose every note is judged.
    var completePasses: Int {
        var n = 0
        while n < notesPerPass.count, judgedPerPass[n] == notesPerPass[n] { n += 1 }
        return n
    }

    /// What counts when the run ends. A run that played to its end counts whole. A loop stopped
    /// after at least one complete pass counts its complete passes; the partial pass was shown, is
    /// not scored, and is not kept. A run stopped before any pass was complete counts as far as it
    /// got (the session is then stored as aborted).
    func scored(stopped: Bool) -> (judgements: [Judgement], extras: Int, passes: Int) {
        let complete = completePasses
        guard stopped, plan.passStarts.count > 1, complete > 0, complete < plan.passStarts.count else {
            return (judgements, extrasPerPass.reduce(0, +), stopped ? complete : plan.passStarts.count)
        }
        return (judgements.filter { plan.notes[Int($0.noteIndex)].pass < complete }, extrasPerPass[..<complete].reduce(0, +), complete)
    }

    /// Hands the store what it has not had yet: on a normal end nothing is left; stopped, a loop's
    /// partial pass is dropped if a complete pass was played (it is not scored), else kept with the
    /// aborted session.
    func finishRecording(stopped: Bool) {
        guard stopped, completePasses == 0 else { return }
        for pass in heldBack.indices { heldBack[pass].forEach { recorder?.record($0) } }
        heldBack = heldBack.map { _ in [] }
    }

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
        record(DrumEvent(voice: j.voice, measure: note.measureNumber, beat: note.beat,
                         position: RhythmicPosition(note.placement), expected: j.noteTime, played: j.hitTime,
                         tier: HitTier(j.tier), velocity: j.hitTime == nil ? nil : Int(j.velocity)), pass: note.pass)
        judgedPerPass[note.pass] += 1
        if judgedPerPass[note.pass] == notesPerPass[note.pass] { release(pass: note.pass) }
        if json {
            Output.json(NoteRecord(pass: note.pass + 1, measure: note.measureNumber, beat: note.beat, voice: j.voice.rawValue,
                                   expectedMs: j.noteTime.milliseconds, hitMs: j.hitTime?.milliseconds,
                                   offsetMs: j.hitTime == nil ? nil : j.offset.milliseconds, tier: j.tier.rawValue,
                                   velocity: j.hitTime == nil ? nil : Int(j.velocity), combo: Int(j.combo), score: Int(j.score)))
        } else {
            milestones(j)
            let key = MeasureKey(pass: note.pass, measure: note.measureNumber)
            pending[key, default: []].append(j)
            if pending[key]!.count == measureNotes[key] { printThrough(key) }
        }
        lastCombo = j.combo
        score = j.score
    }

    private func extra(_ e: ExtraHit) {
        let at = plan.measure(at: e.time)
        extrasPerPass[min(at?.pass ?? 0, extrasPerPass.count - 1)] += 1
        let stored = ExtraKey(pass: at?.pass ?? 0, measure: at?.measure ?? 0, voice: e.voice)
        if storedExtras[stored, default: 0] < Self.storedExtrasPerMeasure {
            storedExtras[stored, default: 0] += 1
            record(DrumEvent(voice: e.voice, measure: at?.measure, expected: nil, played: e.time, tier: .extra, velocity: Int(e.velocity)),
                   pass: at?.pass ?? 0)
        }
        if json {
            Output.json(ExtraRecord(voice: e.voice.rawValue, hitMs: e.time.milliseconds, velocity: Int(e.velocity), measure: at?.measure))
            return
        }
        guard let at else { return }
        let key = MeasureKey(pass: at.pass, measure: at.measure)
        if printed.contains(key) {
            lateExtras[key, default: 0] += 1
        } else {
            extrasByMeasure[key, default: 0] += 1
            if lookAhead > 0, extraHits[key, default: []].count < Self.storedExtrasPerMeasure { extraHits[key, default: []].append((e.voice, e.time)) }
        }
    }

    /// Straight to the store, or held back with its pass until the pass is complete (loops).
    private func record(_ event: DrumEvent, pass: Int) {
        if heldBack.count > 1 { heldBack[min(pass, heldBack.count - 1)].append(event) } else { recorder?.record(event) }
    }

    private func release(pass: Int) {
        guard heldBack.count > 1 else { return }
        heldBack[pass].forEach { recorder?.record($0) }
        heldBack[pass] = []
    }

    /// Prints every measure up to `key` not printed yet: `key` itself (all its notes are judged) and
    /// the measures before it that have no judged notes but extra hits.
    private func printThrough(_ key: MeasureKey) {
        while nextInOrder < order.count, order[nextInOrder] <= key {
            let next = order[nextInOrder]
            nextInOrder += 1
            if next == key || (measureNotes[next] == nil && extrasByMeasure[next] != nil) { printMeasure(next) }
        }
        if !printed.contains(key) { printMeasure(key) }
    }

    /// At the end: measures left with extra hits only (after the last judged note).
    func flush() {
        guard !json else { return }
        while nextInOrder < order.count {
            let next = order[nextInOrder]
            nextInOrder += 1
            if !printed.contains(next), extrasByMeasure[next] != nil { printMeasure(next) }
        }
        printLateExtras()
    }

    /// Says where the extra hits played after their measure was shown belong.
    private func printLateExtras() {
        guard !lateExtras.isEmpty else { return }
        for (key, count) in lateExtras.sorted(by: { $0.key < $1.key }) {
            let passText = plan.passStarts.count > 1 ? "pass \(key.pass + 1) " : ""
            Output.line("  +\(count) extra \(count == 1 ? "hit" : "hits") in \(passText)m \(key.measure)")
        }
        lateExtras = [:]
    }

    private func milestones(_ j: Judgement) {
        if j.tier == .miss, lastCombo >= 10 {
            Output.line("  combo broken at \(lastCombo)")
        } else if [10, 25, 50, 100].contains(j.combo) || (j.combo > 100 && j.combo % 100 == 0), j.combo != lastCombo {
            Output.line("  combo \(j.combo)!")
        }
    }

    private func printMeasure(_ key: MeasureKey) {
        printLateExtras()
        printed.insert(key)
        let notes = pending.removeValue(forKey: key) ?? []
        var byVoice: [(DrumVoice, [Judgement])] = []
        for j in notes.sorted(by: { $0.noteIndex < $1.noteIndex }) {
            if let i = byVoice.firstIndex(where: { $0.0 == j.voice }) { byVoice[i].1.append(j) } else { byVoice.append((j.voice, [j])) }
        }
        byVoice.sort { $0.0.index < $1.0.index }
        let cells = byVoice.isEmpty ? "(no notes to play)"
            : byVoice.map { voice, js in voice.shortLabel + " " + js.map(cell).joined() }.joined(separator: "  ")
        let muted = Set(plan.mutedNotes.filter { $0.pass == key.pass && $0.measureNumber == key.measure }.map(\.voice))
        let mutedText = muted.isEmpty ? "" : "  (muted: " + muted.sorted { $0.index < $1.index }.map(\.shortLabel).joined(separator: " ") + ")"
        let extraCount = extrasByMeasure.removeValue(forKey: key) ?? 0
        let extraText = extraCount > 0 ? "  +\(extraCount)" : ""
        let last = notes.max { $0.noteIndex < $1.noteIndex }
        let passText = plan.passStarts.count > 1 ? "pass \(key.pass + 1) " : ""
        let tally = last.map { String(format: "  | combo %d  score %d", Int($0.combo), Int($0.score)) } ?? ""
        let hits = extraHits.removeValue(forKey: key) ?? []
        if lookAhead > 0, let block = blocks[key.measure] {
            var said = notes.isEmpty ? ["no notes to play"] : ["\(notes.filter { $0.tier == .perfect }.count) perfect",
                "\(notes.filter { $0.tier == .great || $0.tier == .good }.count) near", "\(notes.filter { $0.tier == .miss }.count) missed"]
            if extraCount > 0 { said.append("\(extraCount) extra") }
            Output.line("    \(passText)m \(key.measure) played: \(said.joined(separator: ", "))\(tally)")
            playedTab(block, key: key, notes: notes, extras: hits)
            return
        }
        Output.line(String(format: "%@m %3d  %@%@%@%@", passText, key.measure, cells, mutedText, extraText, tally))
    }

    /// The measure's tab as played: each note's judgement on its step (`●` perfect, `<` `>` early
    /// or late, `x` missed), each extra hit as `+` on the step nearest where it fell.
    private func playedTab(_ block: DrumTab.Block, key: MeasureKey, notes: [Judgement], extras: [(voice: DrumVoice, time: EngineTime)]) {
        let quartersPerBeat = 4.0 / Double(block.signature.noteValue)
        var marks: [DrumTab.Block.Mark] = []
        for j in notes {
            let note = plan.notes[Int(j.noteIndex)]
            let step = Int(((note.beat - 1) * quartersPerBeat * Double(block.stepsPerQuarter)).rounded())
            marks.append(.init(line: DrumTab.Line(j.voice), step: step, symbol: cell(j)))
        }
        if let start = plan.measureStarts.first(where: { $0.pass == key.pass && $0.measure == key.measure })?.time {
            let quarter = 60 / (block.bpm * Double(plan.options.speedPercent) / 100)
            for hit in extras {
                let step = Int(((hit.time - start).seconds / quarter * Double(block.stepsPerQuarter)).rounded())
                marks.append(.init(line: DrumTab.Line(hit.voice), step: min(max(step, 0), block.steps - 1),
                                   symbol: colour ? "\u{1B}[31m+\u{1B}[0m" : "+", onlyOnRest: true))
            }
        }
        // Coloured symbols in place of the notes on a colour terminal; else the notes, and the
        // plain symbols in a row under them.
        var played = block.marked(marks, under: !colour)
        played.remark = nil
        // The header was shown with the preview: the rows alone, then the tally.
        for line in DrumTab(blocks: [played]).lines(width: width).dropFirst(2) { Output.line(line) }
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

/// `play --json`: one judged note.
struct NoteRecord: Encodable {
    let type = "note"
    var pass: Int
    var measure: Int
    var beat: Double
    var voice: String
    var expectedMs: Double
    var hitMs: Double?
    var offsetMs: Double?
    var tier: String
    var velocity: Int?
    var combo: Int
    var score: Int
}

/// `play --json`: a hit that matched no note.
struct ExtraRecord: Encodable {
    let type = "extra"
    var voice: String
    var hitMs: Double
    var velocity: Int
    var measure: Int?
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
