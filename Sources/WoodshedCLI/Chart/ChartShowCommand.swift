import ArgumentParser
import Foundation
import WoodshedCore
import WoodshedStore

/// `woodshed chart show CHART [--measures A-B] [--width N] [--json]`: the chart as drum tab.
struct ChartShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print a chart as drum tab: a block per measure, a row per voice, one character per step.",
        discussion: """
            Rows top to bottom as on a drum staff (CR HH RD T1 T2 SD FT BD HF …); x a cymbal or the \
            hi-hat (X accented, o the open hi-hat), o a drum (O accented, g a ghost note), - a rest. \
            The grid is sixteenths unless the measure needs triplets or finer; the counting line above \
            counts the beats (1e&a, 1tl). As many measures side by side as the width allows.
            """
    )

    @Argument(help: "The chart file (.dtx, .mid, .midi, .wchart or .chart), or a song folder.")
    var chart: String

    @Option(help: "Only these measures (e.g. 5-8, or 5).")
    var measures: String?

    @Option(help: "Columns to fill (default: COLUMNS, else the terminal's width, else 80).")
    var width: Int?

    @Option(help: "The drum part of a Clone Hero .chart file: expert, hard, medium or easy.")
    var difficulty: DrumDifficulty = .expert

    @Option(help: "Show the simplified chart at this level (1 kick/snare on the beats … 5 full).")
    var level: Int = 5

    @Flag(help: "Print one JSON object: {\"measures\": [{\"measure\", \"steps\", \"rows\": {voice: cells}}]}.")
    var json = false

    @Option(help: "Mark how a stored session played (its id from `woodshed history`): ● perfect, < > early or late, x missed, + extra hits.")
    var session: Int64?

    func validate() throws {
        guard Chart.simplificationLevels.contains(level) else { throw ValidationError("--level must be 1 to 5") }
        if let measures, PracticeOptions.parseLoop(measures) == nil {
            throw ValidationError("--measures '\(measures)': write a measure (5) or a range (5-8), from 1")
        }
        if let width, width < 20 { throw ValidationError("--width must be at least 20 columns") }
    }

    func run() throws {
        let file = try ChartFile.load(chart, drumDifficulty: difficulty)
        let chart = file.chart.simplified(level: level)
        let range = measures.flatMap(PracticeOptions.parseLoop)
        if let range, range.lowerBound > chart.measures.count {
            throw WoodshedError("--measures \(measures!): \(file.path) has measures 1-\(chart.measures.count)")
        }
        var tab = DrumTab(chart, measures: range)
        if let session { tab = try SessionOverlay.marked(tab, chart: chart, file: file, session: session, colour: !json && Terminal.useColour) }
        if json {
            Output.jsonDocument(ChartTabJSON(tab))
            return
        }
        for line in tab.lines(width: width ?? Terminal.width) { Output.line(line) }
    }
}

/// `chart show --json`.
struct ChartTabJSON: Encodable {
    struct Measure: Encodable {
        var measure: Int
        var signature: String
        var bpm: Double
        var section: String?
        var steps: Int
        var counting: String
        /// Cells per row, keyed by the voice names `chart info` uses.
        var rows: [String: String]
    }
    var measures: [Measure]

    init(_ tab: DrumTab) {
        measures = tab.blocks.map { block in
            Measure(measure: block.number, signature: block.signature.description, bpm: block.bpm, section: block.section,
                    steps: block.steps, counting: block.counting,
                    rows: Dictionary(uniqueKeysWithValues: block.rows.map { ($0.line.voice.rawValue, $0.cells) }))
        }
    }
}

/// A stored session's judgements over the chart's tab: one block per measure and pass played.
enum SessionOverlay {
    static func marked(_ tab: DrumTab, chart: Chart, file: ChartFile, session id: Int64, colour: Bool) throws -> DrumTab {
        guard let store = SettingsStore.open(creating: false), let stored = try? store.session(id: id) else {
            throw WoodshedError("no session \(id) in the history; `woodshed history` lists them")
        }
        guard stored.plan.kind == .drums else { throw WoodshedError("session \(id) is a quiz, not a chart played") }
        let played = URL(fileURLWithPath: stored.plan.chartPath ?? "").standardizedFileURL.path
        guard played == URL(fileURLWithPath: file.path).standardizedFileURL.path else {
            throw WoodshedError("session \(id) was played on \(stored.plan.chartPath ?? "another chart"), not \(file.path); "
                                + "show that chart with it")
        }
        let events = (try? store.drumEvents(sessionID: id)) ?? []
        // The run as it was laid out (speed and loop as stored), to find passes and where extra hits fell.
        let options = PracticeOptions(speedPercent: Int(stored.plan.speed ?? 100), loop: stored.plan.loop,
                                      passes: stored.drums.map { _ in passCount(events) } ?? 1, countInBars: 0)
        let plan = try? PracticePlan(chart: chart, options: options)
        var marks: [String: [DrumTab.Block.Mark]] = [:]  // "pass.measure" → marks
        var seen: [String: Int] = [:]
        for event in events {
            guard let measure = event.measure, let block = tab.blocks.first(where: { $0.number == measure }) else { continue }
            let line = DrumTab.Line(event.voice)
            if event.tier == .extra {
                guard let time = event.played, let start = plan?.measure(at: time), start.measure == measure else { continue }
                let quarter = 60 / (block.bpm * (stored.plan.speed ?? 100) / 100)
                let step = Int(((time - start.time).seconds / quarter * Double(block.stepsPerQuarter)).rounded())
                marks["\(start.pass).\(measure)", default: []].append(
                    .init(line: line, step: min(max(step, 0), block.steps - 1), symbol: paint("+", "31", colour), onlyOnRest: true))
                continue
            }
            guard let beat = event.beat else { continue }
            // The k-th judgement of one note is from pass k.
            let note = "\(measure) \(beat) \(event.voice.rawValue)"
            let pass = seen[note, default: 0]
            seen[note] = pass + 1
            let step = Int(((beat - 1) * 4 / Double(block.signature.noteValue) * Double(block.stepsPerQuarter)).rounded())
            let early = (event.offset ?? .zero) < .zero
            let symbol = switch event.tier {
            case .perfect: paint("●", "32", colour)
            case .great, .good: paint(early ? "<" : ">", "33", colour)
            case .miss: paint("x", "31", colour)
            case .extra: "+"
            }
            marks["\(pass).\(measure)", default: []].append(.init(line: line, step: step, symbol: symbol))
        }
        let passes = max(1, (plan?.passStarts.count ?? 1))
        var blocks: [DrumTab.Block] = []
        for pass in 0..<passes {
            for block in tab.blocks where stored.plan.loop.map({ $0.contains(block.number) }) ?? true {
                var marked = block.marked(marks["\(pass).\(block.number)"] ?? [], under: !colour)
                if passes > 1 { marked.remark = "pass \(pass + 1)" }
                blocks.append(marked)
            }
        }
        return DrumTab(blocks: blocks)
    }

    /// How many passes a session's judgements cover: the most times one note was judged.
    private static func passCount(_ events: [DrumEvent]) -> Int {
        var counts: [String: Int] = [:]
        for event in events where event.tier != .extra {
            guard let measure = event.measure, let beat = event.beat else { continue }
            counts["\(measure) \(beat) \(event.voice.rawValue)", default: 0] += 1
        }
        return max(counts.values.max() ?? 1, 1)
    }

    private static func paint(_ symbol: String, _ code: String, _ colour: Bool) -> String {
        colour ? "\u{1B}[\(code)m\(symbol)\u{1B}[0m" : symbol
    }
}
