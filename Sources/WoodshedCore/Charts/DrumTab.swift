import Foundation

/// A chart written as drum tab, the way drummers read it: one block per measure, a row per voice,
/// one character per step of the finest grid the measure needs.
///
/// ```
/// m 1  4/4  120 BPM
///    1e&a2e&a3e&a4e&a
/// HH |x-x-x-x-x-x-x-x-|
/// SD |----o-------o---|
/// BD |o-------o-o-----|
/// ```
///
/// Rows run top to bottom as on a drum staff: cymbals, toms, snare, floor tom, kick, hi-hat foot.
/// Cymbals and hi-hat are `x` (accent `X`; the open hi-hat `o` on the hi-hat's row), drums `o`
/// (accent `O`, ghost `g`), an empty step `-`. The grid is sixteenths unless the measure needs
/// triplets (a grid of three a quarter) or finer (lcm of what its notes need, at most 48 a quarter;
/// a note finer than that goes to the nearest step). The counting line above counts the signature's
/// beats: `1e&a` for sixteenths, `1tl` for triplets, `.` for the steps between.
public struct DrumTab: Hashable, Sendable {
    /// One measure's block.
    public struct Block: Hashable, Sendable {
        /// 1-based, as `chart info` numbers measures.
        public var number: Int
        public var signature: TimeSignature
        /// The tempo at the measure's start, and the changes inside it ("132 BPM at beat 3").
        public var bpm: Double
        public var tempoChanges: [TempoMark]
        /// The section starting in this measure, if any.
        public var section: String?
        /// Steps in the measure, and per quarter note.
        public var steps: Int
        public var stepsPerQuarter: Int
        /// One character per step (`1e&a2e&a…`).
        public var counting: String
        /// The rows present, top to bottom.
        public var rows: [Row]
        /// Whether the signature and the tempo differ from the measure before (or it is the first).
        public var newSignature = true
        public var newTempo = true
        /// Said after the header (`pass 2 of 4`, `at 75 %: 90 BPM`).
        public var remark: String?
        /// Lines played for the drummer, not judged: marked `(auto)`.
        public var autoplayed: Set<Line> = []

        /// A mark on a step of a line: a judgement where a note was, an extra hit where none was.
        public struct Mark: Hashable, Sendable {
            public var line: Line
            public var step: Int
            /// What is printed there (one column wide; may carry a colour).
            public var symbol: String
            /// Whether it only goes where the step is empty (an extra hit never hides a note's mark).
            public var onlyOnRest: Bool

            public init(line: Line, step: Int, symbol: String, onlyOnRest: Bool = false) {
                self.line = line
                self.step = step
                self.symbol = symbol
                self.onlyOnRest = onlyOnRest
            }
        }

        /// The block with `marks`: written over its steps (`under: false`: coloured symbols in place
        /// of the notes), or in a row of their own under each line's notes (`under: true`: the
        /// plain symbols, where colour cannot tell them apart). A line without a row gets one.
        public func marked(_ marks: [Mark], under: Bool = false) -> Block {
            var cells: [Line: [String]] = [:]
            var below: [Line: [String]] = [:]
            for row in rows { cells[row.line] = row.cells.map(String.init) }
            for mark in marks where (0..<steps).contains(mark.step) {
                let row = cells[mark.line] ?? Array(repeating: "-", count: steps)
                cells[mark.line] = row
                if under {
                    var marksRow = below[mark.line] ?? Array(repeating: " ", count: steps)
                    if mark.onlyOnRest, row[mark.step] != "-" || marksRow[mark.step] != " " { continue }
                    marksRow[mark.step] = mark.symbol
                    below[mark.line] = marksRow
                } else {
                    if mark.onlyOnRest, row[mark.step] != "-" { continue }
                    cells[mark.line]![mark.step] = mark.symbol
                }
            }
            var block = self
            block.rows = cells.keys.sorted().map { Row(line: $0, cells: cells[$0]!.joined(), marks: below[$0].map { $0.joined() }) }
            return block
        }

        /// The header: `m 5  Chorus  7/8  132 BPM` — the signature and tempo only where they change
        /// (or the first measure), and `→ 140 BPM at 3` for a change inside.
        public var header: String {
            var parts = ["m \(number)"]
            if let section { parts.append(section) }
            if newSignature { parts.append(signature.description) }
            var tempo = newTempo ? DrumTab.bpmText(bpm) + " BPM" : ""
            tempo += tempoChanges.map { "\(tempo.isEmpty ? "" : " ")→ \(DrumTab.bpmText($0.bpm)) BPM at \($0.beat)" }.joined()
            if !tempo.isEmpty { parts.append(tempo) }
            if let remark { parts.append(remark) }
            return parts.joined(separator: "  ")
        }
    }

    /// A tempo change inside a measure: where (in beats, `3` or `2&`) and the new tempo.
    public struct TempoMark: Hashable, Sendable {
        public var beat: String
        public var bpm: Double
    }

    /// One row: a line of the tab (a voice, or the hi-hat with its open notes).
    public struct Row: Hashable, Sendable {
        public var line: Line
        /// One character per step.
        public var cells: String
        /// Marks shown in a row of their own under the cells (judgements, plain), if any.
        public var marks: String? = nil
    }

    /// The tab's lines, top to bottom as on a drum staff, each with its label and the voices on it.
    public enum Line: Int, CaseIterable, Hashable, Sendable, Comparable {
        case crash, crashLeft, splash, china, hihat, ride, rideBell
        case tomHigh, tomMid, tomLow, snare, snareRim, crossStick, tomFloor
        case kick, kickLeft, hihatPedal

        /// The line a voice is written on (the open hi-hat on the hi-hat's).
        public init(_ voice: DrumVoice) {
            switch voice {
            case .crash: self = .crash
            case .crashLeft: self = .crashLeft
            case .splash: self = .splash
            case .china: self = .china
            case .hihat, .hihatOpen: self = .hihat
            case .ride: self = .ride
            case .rideBell: self = .rideBell
            case .tomHigh: self = .tomHigh
            case .tomMid: self = .tomMid
            case .tomLow: self = .tomLow
            case .snare: self = .snare
            case .snareRim: self = .snareRim
            case .crossStick: self = .crossStick
            case .tomFloor: self = .tomFloor
            case .kick: self = .kick
            case .kickLeft: self = .kickLeft
            case .hihatPedal: self = .hihatPedal
            }
        }

        /// The voice the line is named after (its key in JSON: the names `chart info` uses).
        public var voice: DrumVoice {
            switch self {
            case .crash: .crash
            case .crashLeft: .crashLeft
            case .splash: .splash
            case .china: .china
            case .hihat: .hihat
            case .ride: .ride
            case .rideBell: .rideBell
            case .tomHigh: .tomHigh
            case .tomMid: .tomMid
            case .tomLow: .tomLow
            case .snare: .snare
            case .snareRim: .snareRim
            case .crossStick: .crossStick
            case .tomFloor: .tomFloor
            case .kick: .kick
            case .kickLeft: .kickLeft
            case .hihatPedal: .hihatPedal
            }
        }

        /// Two letters, as drum tab labels its lines.
        public var label: String {
            switch self {
            case .crash: "CR"
            case .crashLeft: "C2"
            case .splash: "SP"
            case .china: "CH"
            case .hihat: "HH"
            case .ride: "RD"
            case .rideBell: "RB"
            case .tomHigh: "T1"
            case .tomMid: "T2"
            case .tomLow: "T3"
            case .snare: "SD"
            case .snareRim: "RS"
            case .crossStick: "XS"
            case .tomFloor: "FT"
            case .kick: "BD"
            case .kickLeft: "B2"
            case .hihatPedal: "HF"
            }
        }

        public static func < (a: Line, b: Line) -> Bool { a.rawValue < b.rawValue }
    }

    public var blocks: [Block]

    /// A tab of the given blocks (a few measures of another tab, marked or annotated).
    public init(blocks: [Block]) { self.blocks = blocks }

    /// The finest grid a quarter note is divided into.
    public static let finestStepsPerQuarter: Int64 = 48

    /// The tab of `chart`'s measures `measures` (1-based, inclusive; all of them by default).
    public init(_ chart: Chart, measures: ClosedRange<Int>? = nil) {
        let range = measures.map { max($0.lowerBound, 1)...min($0.upperBound, chart.measures.count) } ?? 1...chart.measures.count
        var notesByMeasure = [[ChartNote]](repeating: [], count: chart.measures.count)
        for note in chart.notes where range.contains(note.measureNumber) { notesByMeasure[note.measureIndex].append(note) }
        blocks = range.isEmpty ? [] : range.map { number in
            DrumTab.block(chart, measure: chart.measures[number - 1], notes: notesByMeasure[number - 1])
        }
        for k in blocks.indices.dropFirst() {
            let before = DrumTab.block(chart, measure: chart.measures[blocks[k].number - 2], notes: [])
            blocks[k].newSignature = before.signature != blocks[k].signature
            blocks[k].newTempo = (before.tempoChanges.last?.bpm ?? before.bpm) != blocks[k].bpm
        }
    }

    /// The step count per quarter a measure's notes need: sixteenths, unless they need triplets or
    /// finer (and whole steps in the measure).
    static func stepsPerQuarter(measure: Measure, notes: [ChartNote]) -> Int64 {
        var needed: Int64 = 1
        for note in notes {
            let denominator = (note.position * measure.length).denominator
            if denominator <= finestStepsPerQuarter { needed = ExactFraction.lcm(needed, denominator) }
            if needed > finestStepsPerQuarter { needed = finestStepsPerQuarter; break }
        }
        var grid = 4 % needed == 0 ? 4 : needed
        // Whole steps in the measure (a 7/8 bar on a triplet grid needs six a quarter).
        grid = ExactFraction.lcm(grid, measure.length.denominator)
        return min(grid, finestStepsPerQuarter * measure.length.denominator)
    }

    static func block(_ chart: Chart, measure: Measure, notes: [ChartNote]) -> Block {
        let perQuarter = stepsPerQuarter(measure: measure, notes: notes)
        let steps = Int((measure.length * ExactFraction(perQuarter)).floor)
        var cells: [Line: [UInt8]] = [:]
        for note in notes {
            let line = Line(note.voice)
            let step = min(Int((note.position * ExactFraction(Int64(steps)) + ExactFraction(1, 2)).floor), steps - 1)
            let symbol = symbol(note)
            var row = cells[line] ?? [UInt8](repeating: UInt8(ascii: "-"), count: steps)
            // Two notes on one step of a line (a grid too coarse for them): the stronger shows.
            if strength(symbol) > strength(row[step]) { row[step] = symbol }
            cells[line] = row
        }
        let rows = cells.keys.sorted().map { Row(line: $0, cells: String(decoding: cells[$0]!, as: UTF8.self)) }
        let beatsPerQuarter = ExactFraction(1) / measure.signature.beatLength
        let tempo = chart.tempoChanges.last { $0.measureIndex < measure.index || ($0.measureIndex == measure.index && $0.position == .zero) }
        let inside = chart.tempoChanges.filter { $0.measureIndex == measure.index && $0.position > .zero }
        let section = chart.sections.first { $0.measureIndex == measure.index }?.name
        return Block(number: measure.number, signature: measure.signature, bpm: tempo?.bpm ?? chart.bpm,
                     tempoChanges: inside.map { TempoMark(beat: beatName($0.position, measure), bpm: $0.bpm) }, section: section,
                     steps: steps, stepsPerQuarter: Int(perQuarter),
                     counting: counting(steps: steps, perQuarter: perQuarter, beatsPerQuarter: beatsPerQuarter), rows: rows)
    }

    /// A note's character.
    static func symbol(_ note: ChartNote) -> UInt8 {
        let accent = note.dynamic == .accent
        switch note.voice {
        case .hihatOpen: return UInt8(ascii: accent ? "O" : "o")
        case .hihat, .hihatPedal, .crash, .crashLeft, .splash, .china, .ride, .rideBell: return UInt8(ascii: accent ? "X" : "x")
        default: return UInt8(ascii: accent ? "O" : note.dynamic == .ghost ? "g" : "o")
        }
    }

    private static func strength(_ symbol: UInt8) -> Int {
        switch symbol {
        case UInt8(ascii: "-"): 0
        case UInt8(ascii: "g"): 1
        case UInt8(ascii: "x"), UInt8(ascii: "o"): 2
        default: 3
        }
    }

    /// The counting line: the beat's number at each beat, then `e & a` (sixteenths), `t l`
    /// (triplets), `&` at the half beat, `.` elsewhere. A grid whose steps do not fall on the
    /// signature's beats (triplets in 6/8) counts quarter notes instead.
    static func counting(steps: Int, perQuarter: Int64, beatsPerQuarter: ExactFraction) -> String {
        let perBeat = ExactFraction(perQuarter) / beatsPerQuarter
        let stepsPerBeat = perBeat.isWhole && perBeat.numerator > 0 ? Int(perBeat.numerator) : Int(perQuarter)
        var out = ""
        for step in 0..<steps {
            let k = step % stepsPerBeat
            let beat = step / stepsPerBeat + 1
            if k == 0 {
                out += String(beat % 10)
                continue
            }
            let at = ExactFraction(Int64(k), Int64(stepsPerBeat))
            switch at {
            case ExactFraction(1, 2): out += "&"
            case ExactFraction(1, 4): out += "e"
            case ExactFraction(3, 4): out += "a"
            case ExactFraction(1, 3): out += "t"
            case ExactFraction(2, 3): out += "l"
            default: out += "."
            }
        }
        return out
    }

    /// Where in the measure a point falls, in beats: `3`, `2&`, or `2+1/3` when off the eighths.
    static func beatName(_ position: ExactFraction, _ measure: Measure) -> String {
        let beats = position * measure.beatCount
        let whole = beats.floor + 1
        let rest = beats.fractionalPart
        if rest == .zero { return "\(whole)" }
        if rest == ExactFraction(1, 2) { return "\(whole)&" }
        return "\(whole)+\(rest)"
    }

    /// A tempo as a drummer writes it: `120`, `92.5`.
    public static func bpmText(_ bpm: Double) -> String {
        bpm == bpm.rounded() ? String(Int(bpm)) : String(format: "%.2f", bpm).replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression)
    }

    // MARK: Text

    /// The tab as text lines, as many measures side by side as fit in `width` columns (at least one
    /// a line of blocks). Measures side by side share their rows: a line a measure lacks is rests.
    public func lines(width: Int) -> [String] {
        var out: [String] = []
        var start = 0
        while start < blocks.count {
            // The label column (3) and the closing bar (1), then each measure and its opening bar.
            var used = 4 + blocks[start].steps + 1
            var end = start + 1
            while end < blocks.count, used + blocks[end].steps + 1 <= width {
                used += blocks[end].steps + 1
                end += 1
            }
            if !out.isEmpty { out.append("") }
            out += render(Array(blocks[start..<end]))
            start = end
        }
        return out
    }

    /// Measures side by side: headers, counting, then the rows.
    private func render(_ group: [Block]) -> [String] {
        // Each header over its measure; one too long for it pushes the next along.
        var header = ""
        var counting = "   "
        var column = 4
        for block in group {
            let at = max(column, header.isEmpty ? 0 : header.count + 2)
            header += String(repeating: " ", count: at - header.count) + block.header
            counting += " " + block.counting
            column += block.steps + 1
        }
        var lines = [header.trimmingTrailingSpaces, counting]
        for line in Set(group.flatMap { $0.rows.map(\.line) }).sorted() {
            var text = line.label + " "
            for block in group {
                text += "|" + (block.rows.first { $0.line == line }?.cells ?? String(repeating: "-", count: block.steps))
            }
            lines.append(text + "|" + (group.contains { $0.autoplayed.contains(line) } ? "  (auto)" : ""))
            let rows = group.map { block in block.rows.first { $0.line == line } }
            if rows.contains(where: { $0?.marks != nil }) {
                var marks = "   "
                for (block, row) in zip(group, rows) { marks += "|" + (row?.marks ?? String(repeating: " ", count: block.steps)) }
                lines.append(marks + "|")
            }
        }
        return lines
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
