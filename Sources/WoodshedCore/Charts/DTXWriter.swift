/// Writes a chart as a DTXMania `.dtx` file.
///
/// Exact grid positions are kept (each measure line uses the least common multiple of its
/// notes' denominators). DTX has fewer drum lanes than Woodshed has voices (see `DTXLane`) and
/// no velocities: accents and ghost notes become chips with their own volume, and Woodshed's
/// own `#WOODSHEDACCENT` header marks the accent chip so that reading the file back keeps them.
public enum DTXWriter {
    static let normalChip = 1
    static let accentChip = 2
    static let ghostChip = 3
    static let bgmChip = 36 * 36 - 1  // ZZ

    public static func write(_ chart: Chart) throws -> String {
        guard chart.measures.count <= 3600 else {
            throw WoodshedError("the chart has \(chart.measures.count) measures; DTX holds at most 3600")
        }
        var out = "; Drum chart written by Woodshed\n"
        func header(_ name: String, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            out += "#\(name): \(value.replacingLineBreaks)\n"
        }
        header("TITLE", chart.metadata.title)
        header("ARTIST", chart.metadata.artist)
        header("GENRE", chart.metadata.genre)
        header("COMMENT", chart.metadata.comment)
        header("DLEVEL", chart.metadata.difficulty.map(String.init))
        header("BPM", formatBPM(chart.bpm))

        // Later tempos are referenced through #BPMzz definitions.
        var bpmChips: [Double: Int] = [:]
        for change in chart.tempoChanges.dropFirst() where bpmChips[change.bpm] == nil {
            guard bpmChips.count < 36 * 36 - 2 else { throw WoodshedError("the chart has more distinct tempos than DTX can hold (1294)") }
            bpmChips[change.bpm] = bpmChips.count + 1
            header("BPM\(base36(bpmChips.count))", formatBPM(change.bpm))
        }
        if let backing = chart.backingTrack { header("WAV\(base36(bgmChip))", backing.file) }
        out += "#WAVVOL\(base36(accentChip)): 100\n#WAVVOL\(base36(ghostChip)): 30\n"
        out += "#\(DTXLane.accentHeader): \(base36(accentChip))\n\n"

        var notesByMeasure = [[ChartNote]](repeating: [], count: chart.measures.count)
        for note in chart.notes { notesByMeasure[note.measureIndex].append(note) }
        var tempoByMeasure = [[TempoChange]](repeating: [], count: chart.measures.count)
        for change in chart.tempoChanges.dropFirst() { tempoByMeasure[change.measureIndex].append(change) }
        var bgmPosition: (Int, ExactFraction)? = nil
        if let backing = chart.backingTrack {
            bgmPosition = gridPosition(of: max(backing.offset, .zero), in: chart)
        }

        var barLength = ExactFraction.one
        for measure in chart.measures {
            let label = measureLabel(measure.index)
            if measure.barLength != barLength {
                barLength = measure.barLength
                out += "#\(label)02: \(formatDecimal(barLength))\n"
            }
            if let (m, p) = bgmPosition, m == measure.index {
                out += "#\(label)01: " + dataLine([(p, bgmChip)]) + "\n"
            }
            let tempos = tempoByMeasure[measure.index]
            if !tempos.isEmpty {
                out += "#\(label)08: " + dataLine(tempos.map { ($0.position, bpmChips[$0.bpm]!) }) + "\n"
            }
            var lanes: [Int: [(ExactFraction, Int)]] = [:]
            for note in notesByMeasure[measure.index] {
                let chip = switch note.dynamic {
                case .normal: normalChip
                case .accent: accentChip
                case .ghost: ghostChip
                }
                lanes[DTXLane.channel(of: note.voice), default: []].append((note.position, chip))
            }
            for channel in lanes.keys.sorted() {
                out += "#\(label)\(String(channel, radix: 16, uppercase: true)): " + dataLine(lanes[channel]!) + "\n"
            }
        }
        return out
    }

    /// One measure line's data: the least number of pairs that puts every chip exactly on its
    /// position (positions needing more than 1536 slots are rounded to a 192-slot grid).
    static func dataLine(_ chips: [(ExactFraction, Int)]) -> String {
        var slots: Int64 = 1
        for (p, _) in chips { slots = ExactFraction.lcm(slots, p.denominator) }
        if slots > 1536 { slots = 192 }
        var cells = [Int](repeating: 0, count: Int(slots))
        for (p, chip) in chips {
            let slot = Int(min(slots - 1, ((p * ExactFraction(slots)) + ExactFraction(1, 2)).floor))
            cells[slot] = max(cells[slot], chip)
        }
        return cells.map { base36($0) }.joined()
    }

    /// The nearest point of a 384-per-measure grid to `time`, for the BGM chip.
    static func gridPosition(of time: EngineTime, in chart: Chart) -> (Int, ExactFraction) {
        guard let measure = chart.measure(containing: time) else { return (0, .zero) }
        var best = (0, measure.start)
        var slot = 0
        while slot < 384 {
            let t = chart.time(measureIndex: measure.index, position: ExactFraction(Int64(slot), 384)) ?? measure.start
            if abs(t.nanoseconds - time.nanoseconds) < abs(best.1.nanoseconds - time.nanoseconds) { best = (slot, t) }
            if t > time { break }
            slot += 1
        }
        return (measure.index, ExactFraction(Int64(best.0), 384))
    }

    /// A 3-character DTX measure number: one base-36 digit, then two decimal digits (`000`…`Z99`).
    static func measureLabel(_ index: Int) -> String {
        let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let lead = digits[min(index / 100, 35)]
        return String(lead) + String(index % 100).leftPadded(2)
    }

    /// Two base-36 digits (`00`…`ZZ`).
    static func base36(_ value: Int) -> String {
        String(value, radix: 36, uppercase: true).leftPadded(2)
    }

    static func formatBPM(_ bpm: Double) -> String {
        bpm == bpm.rounded() && abs(bpm) < 1e9 ? String(Int(bpm)) : String(bpm)
    }

    /// A bar length as a decimal: exact when the denominator has only factors 2 and 5, otherwise
    /// 12 digits (which the reader turns back into the same fraction).
    static func formatDecimal(_ f: ExactFraction) -> String {
        var d = f.denominator
        while d % 2 == 0 { d /= 2 }
        while d % 5 == 0 { d /= 5 }
        if d == 1 {
            var scale: Int64 = 1, digits = 0
            while (f * ExactFraction(scale)).denominator != 1 { scale *= 10; digits += 1 }
            let scaled = (f * ExactFraction(scale)).numerator
            if digits == 0 { return String(scaled) }
            let s = String(scaled).leftPadded(digits + 1)
            return String(s.dropLast(digits)) + "." + String(s.suffix(digits))
        }
        var text = String(format12(f.doubleValue))
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    private static func format12(_ v: Double) -> String {
        let whole = Int64(v)
        let frac = Int64(((v - Double(whole)) * 1e12).rounded())
        return "\(whole)." + String(frac).leftPadded(12)
    }
}

extension String {
    /// The text on one line (line breaks become spaces), for single-line header values.
    var replacingLineBreaks: String {
        String(map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}
