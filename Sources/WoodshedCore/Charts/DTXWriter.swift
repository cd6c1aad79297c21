/// Writes a chart as a DTXMania `.dtx` file.
///
/// Exact grid positions are kept (each measure line uses the least common multiple of its
/// notes' denominators). DTX has fewer drum lanes than Woodshed has voices (see `DTXLane`) and
/// no velocities: accents and ghost notes become chips with their own volume, and Woodshed's
/// own `#WOODSHEDACCENT` header marks the accent chip so that reading the file back keeps them.
///
/// A chart with its own sounds (read from a DTX) keeps them: each sound its own `#WAV` slot (from
/// 04) with its volume and pan, each note its sound's chip, the sound cues on the sound-effect
/// channels (61–69, 70–79 …), hidden and empty-hit chips on their lanes (31–3C, B1–BE), and every
/// BGM from its own place. File names stay as the chart has them (relative to its folder).
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
        // The chart's own sounds, each in its own slot from 04; a BGM that is one of them uses its
        // slot, another file a slot of its own (ZZ for the first).
        let soundSlot = { (index: Int) in 4 + index }
        var bgmSlots: [Int] = []
        /// The BGM files that are none of the chart's sounds, each with the slot it is given.
        var ownSlots: [(slot: Int, backing: BackingTrack)] = []
        var nextSlot = 4 + chart.sounds.count
        for (i, backing) in chart.backingTracks.enumerated() {
            if let index = chart.sounds.firstIndex(where: { $0.file == backing.file }) {
                bgmSlots.append(soundSlot(index))
            } else if let earlier = chart.backingTracks[..<i].firstIndex(where: { $0.file == backing.file }) {
                bgmSlots.append(bgmSlots[earlier])
            } else {
                bgmSlots.append(i == 0 ? bgmChip : nextSlot)
                ownSlots.append((bgmSlots[i], backing))
                if i > 0 { nextSlot += 1 }
            }
        }
        guard nextSlot < bgmChip else {
            throw WoodshedError("the chart has \(nextSlot - 4) sound files; DTX holds at most \(bgmChip - 4) besides Woodshed's own chips")
        }
        for (i, sound) in chart.sounds.enumerated() {
            let zz = base36(soundSlot(i))
            header("WAV\(zz)", sound.file)
            if let volume = sound.volume { out += "#VOLUME\(zz): \(volume)\n" }
            if let pan = sound.pan { out += "#PAN\(zz): \(pan)\n" }
        }
        for (slot, backing) in ownSlots {
            let zz = base36(slot)
            header("WAV\(zz)", backing.file)
            if let volume = backing.volume { out += "#VOLUME\(zz): \(volume)\n" }
        }
        out += "#WAVVOL\(base36(accentChip)): 100\n#WAVVOL\(base36(ghostChip)): 30\n"
        out += "#\(DTXLane.accentHeader): \(base36(accentChip))\n\n"

        var notesByMeasure = [[ChartNote]](repeating: [], count: chart.measures.count)
        for note in chart.notes { notesByMeasure[note.measureIndex].append(note) }
        var tempoByMeasure = [[TempoChange]](repeating: [], count: chart.measures.count)
        for change in chart.tempoChanges.dropFirst() { tempoByMeasure[change.measureIndex].append(change) }
        var bgmByMeasure = [[(ExactFraction, Int)]](repeating: [], count: chart.measures.count)
        for (i, backing) in chart.backingTracks.enumerated() {
            let (m, p) = gridPosition(of: max(backing.offset, .zero), in: chart)
            bgmByMeasure[m].append((p, bgmSlots[i]))
        }
        var cuesByMeasure = [[SoundCue]](repeating: [], count: chart.measures.count)
        for cue in chart.soundCues { cuesByMeasure[cue.measureIndex].append(cue) }
        var lanesByMeasure = [[LaneSound]](repeating: [], count: chart.measures.count)
        for lane in chart.laneSounds { lanesByMeasure[lane.measureIndex].append(lane) }

        var barLength = ExactFraction.one
        for measure in chart.measures {
            let label = measureLabel(measure.index)
            if measure.barLength != barLength {
                barLength = measure.barLength
                out += "#\(label)02: \(formatDecimal(barLength))\n"
            }
            if !bgmByMeasure[measure.index].isEmpty {
                out += "#\(label)01: " + dataLine(bgmByMeasure[measure.index]) + "\n"
            }
            let tempos = tempoByMeasure[measure.index]
            if !tempos.isEmpty {
                out += "#\(label)08: " + dataLine(tempos.map { ($0.position, bpmChips[$0.bpm]!) }) + "\n"
            }
            var lanes: [Int: [(ExactFraction, Int)]] = [:]
            for note in notesByMeasure[measure.index] {
                let chip = if let sound = note.sound, chart.sounds.indices.contains(sound) { soundSlot(sound) } else {
                    switch note.dynamic {
                    case .normal: normalChip
                    case .accent: accentChip
                    case .ghost: ghostChip
                    }
                }
                lanes[DTXLane.channel(of: note.voice), default: []].append((note.position, chip))
            }
            for lane in lanesByMeasure[measure.index] {
                let channel = switch lane.kind {
                case .hidden: DTXLane.hiddenChannel(of: lane.voice)
                case .emptyHit: DTXLane.emptyHitChannel(of: lane.voice)
                }
                lanes[channel, default: []].append((lane.position, soundSlot(lane.sound)))
            }
            // Sound cues on the sound-effect channels, a channel for each one at the same place.
            for cue in cuesByMeasure[measure.index] {
                guard let channel = DTXLane.soundEffectChannels.first(where: { channel in
                    !(lanes[channel] ?? []).contains { $0.0 == cue.position }
                }) else { continue }  // more than 32 at one place: DTX has no room
                lanes[channel, default: []].append((cue.position, soundSlot(cue.sound)))
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
