/// Writes a chart in Woodshed's `.wchart` text format, one block per measure, for reading and
/// diffing by hand. Reading the result back gives the same notes at the same positions.
public enum NativeChartWriter {
    /// Top to bottom as on a drum staff: cymbals, toms, snare, feet.
    static let voiceOrder: [DrumVoice] = [
        .crash, .crashLeft, .china, .splash, .ride, .rideBell, .hihatOpen, .hihat,
        .tomHigh, .tomMid, .tomLow, .tomFloor, .snare, .snareRim, .crossStick, .hihatPedal, .kick, .kickLeft,
    ]

    public static func write(_ chart: Chart) -> String {
        var out = "# Woodshed drum chart\n"
        let m = chart.metadata
        for (key, value) in [("title", m.title), ("artist", m.artist), ("genre", m.genre), ("comment", m.comment)] {
            if let value, !value.isEmpty { out += "\(key): \(value.replacingLineBreaks)\n" }
        }
        if let d = m.difficulty { out += "difficulty: \(d)\n" }
        out += "bpm: \(DTXWriter.formatBPM(chart.bpm))\n"
        let first = chart.measures[0]
        let firstFits = first.length == first.signature.measureLength
        if firstFits { out += "signature: \(first.signature)\n" }
        if let backing = chart.backingTrack {
            out += "backing: \(backing.file)\n"
            if backing.offset != .zero { out += "backing-offset: \(formatMs(backing.offset))\n" }
        }

        var notesByMeasure = [[ChartNote]](repeating: [], count: chart.measures.count)
        for note in chart.notes { notesByMeasure[note.measureIndex].append(note) }
        var signature = firstFits ? first.signature : TimeSignature.fourFour
        var length = firstFits ? first.length : TimeSignature.fourFour.measureLength
        for measure in chart.measures {
            out += "\nmeasure \(measure.number)\n"
            if measure.length == measure.signature.measureLength {
                if measure.signature != signature || measure.length != length { out += "signature \(measure.signature)\n" }
            } else if measure.length != length || measure.signature != signature {
                if measure.signature != signature { out += "signature \(measure.signature)\n" }
                out += "bar-length \(measure.barLength)\n"
            }
            signature = measure.signature
            length = measure.length
            for change in chart.tempoChanges where change.measureIndex == measure.index && change.time != .zero {
                out += "tempo \(DTXWriter.formatBPM(change.bpm))\(beatSuffix(change.position, measure))\n"
            }
            for section in chart.sections where section.measureIndex == measure.index {
                out += "section \(section.name.replacingLineBreaks)\(beatSuffix(section.position, measure))\n"
            }
            let notes = notesByMeasure[measure.index]
            guard !notes.isEmpty else { continue }
            var slots: Int64 = 1
            for n in notes { slots = ExactFraction.lcm(slots, n.position.denominator) }
            // A readable grid: at least one slot per beat when that stays exact.
            let beats = measure.beatCount
            if beats.isWhole, slots < 1_000 { slots = ExactFraction.lcm(slots, beats.numerator) }
            if slots > 768 { slots = 192 }
            let separator: Int64? = beats.isWhole && beats.numerator > 1 && slots % beats.numerator == 0 && slots / beats.numerator > 1
                ? slots / beats.numerator : nil
            for voice in voiceOrder {
                let voiceNotes = notes.filter { $0.voice == voice }
                guard !voiceNotes.isEmpty else { continue }
                var cells = [Character](repeating: "-", count: Int(slots))
                for n in voiceNotes {
                    let slot = Int(min(slots - 1, (n.position * ExactFraction(slots) + ExactFraction(1, 2)).floor))
                    cells[slot] = switch n.dynamic {
                    case .normal: "x"
                    case .accent: "X"
                    case .ghost: "o"
                    }
                }
                var grid = ""
                for (i, c) in cells.enumerated() {
                    if let separator, i > 0, Int64(i) % separator == 0 { grid.append("|") }
                    grid.append(c)
                }
                out += voice.rawValue.padding(12) + grid + "\n"
            }
        }
        return out
    }

    /// ` at BEAT` (1-based, in the signature's beat unit) for a point after the measure's start.
    static func beatSuffix(_ position: ExactFraction, _ measure: Measure) -> String {
        guard position != .zero else { return "" }
        let beat = position * measure.length / measure.signature.beatLength + .one
        if beat.isWhole { return " at \(beat.numerator)" }
        let whole = beat.floor
        return " at \(whole)+\(beat - ExactFraction(whole))"
    }

    static func formatMs(_ t: EngineTime) -> String {
        let ms = t.milliseconds
        return ms == ms.rounded() ? String(Int64(ms)) : String(ms)
    }
}

extension String {
    /// The string padded with spaces to at least `width` characters (one space minimum).
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
