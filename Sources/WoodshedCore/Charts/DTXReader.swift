/// Reads DTXMania `.dtx` drum charts.
///
/// Supported: `#TITLE #ARTIST #GENRE #COMMENT #DLEVEL/#PLAYLEVEL #BPM #BPMzz #BASEBPM #WAVzz
/// #WAVVOLzz/#VOLUMEzz #WAVPANzz/#PANzz #PATH_WAV`, measure lines `#mmmcc: data`, BGM (01, every
/// chip: the first is the song, later ones play from their own positions), bar length (02, carried
/// over), BPM (03 hex, 08 via `#BPMzz`), the drum lanes 11–1C (each note keeps its chip's sound),
/// the chips the chart plays by itself: sound effects 61–92 and the guitar and bass lanes
/// 20–27, A0–A7 (as sound cues), and the drum lanes' sounds for hits: hidden chips 31–3C and
/// empty-hit chips B1–B9, BC–BE (`Chart.laneSounds`). Other channels are skipped and counted. Time zero is the start
/// of measure 000 (DTXMania's own extra lead-in measure is not added).
///
/// Slots follow DTXMania: a chip uses the `#WAVzz` last defined before its line (one defined only
/// later: the first that follows); `#VOLUME`/`#PAN` apply to the definitions after them and fill
/// earlier ones that had none.
public enum DTXReader {
    public static func read(_ rawBytes: [UInt8], file: String) throws -> (chart: Chart, skipped: SkippedInput) {
        let (bytes, encoding) = ChartText.scannable(rawBytes)
        var state = State(file: file, encoding: encoding)
        var lines = ByteLines(bytes)
        var data: [UInt8] = []
        data.reserveCapacity(1024)
        try bytes.withUnsafeBufferPointer { buffer in
            while let line = lines.next() {
                try state.parseLine(buffer, line.range, line.number, &data)
            }
        }
        return try state.finish()
    }

    struct Chip { var measure: Int; var position: ExactFraction; var value: Int; var line: Int }
    struct LaneChip { var measure: Int; var position: ExactFraction; var voice: DrumVoice; var chip: Int; var line: Int }
    /// A value given to a slot on a line (`#WAVzz`, `#VOLUMEzz`, `#PANzz`).
    struct SlotValue<Value> { var line: Int; var value: Value }

    struct State {
        let file: String
        let encoding: ChartText.Encoding
        var metadata = ChartMetadata()
        var level: (value: Int, fromDLevel: Bool)? = nil
        var initialBPM: (value: Double, line: Int)? = nil
        var baseBPM: Double = 0
        var bpmDefinitions: [Int: Double] = [:]
        var wavFiles: [Int: [SlotValue<String>]] = [:]
        var volumes: [Int: [SlotValue<Int>]] = [:]
        var pans: [Int: [SlotValue<Int>]] = [:]
        var pathWAV = ""
        var cues: [Chip] = []
        var laneChips: [(LaneSound.Kind, LaneChip)] = []
        var accentChips: Set<Int> = []
        var barLengths: [Int: ExactFraction] = [:]
        var hexTempos: [Chip] = []
        var referenceTempos: [Chip] = []
        var bgm: [Chip] = []
        var notes: [LaneChip] = []
        var lastMeasure = -1
        var skipped = SkippedInput()

        init(file: String, encoding: ChartText.Encoding) {
            self.file = file
            self.encoding = encoding
        }

        func error(_ line: Int, _ problem: String) -> ParseError {
            ParseError(SourceLocation(file: file, line: line), problem)
        }

        mutating func parseLine(
            _ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ number: Int, _ data: inout [UInt8]
        ) throws {
            var i = range.lowerBound
            let end = range.upperBound
            while i < end && b[i].isASCIIWhitespace { i += 1 }
            guard i < end, b[i] == UInt8(ascii: "#") else { return }
            i += 1
            let tokenStart = i
            while i < end, b[i] != UInt8(ascii: ":"), b[i] != UInt8(ascii: ";"), !b[i].isASCIIWhitespace { i += 1 }
            let tokenEnd = i
            // The value: after optional spaces and one ':', up to a ';' comment, trimmed.
            while i < end && b[i].isASCIIWhitespace { i += 1 }
            if i < end && b[i] == UInt8(ascii: ":") { i += 1 }
            while i < end && b[i].isASCIIWhitespace { i += 1 }
            var valueEnd = i
            while valueEnd < end && b[valueEnd] != UInt8(ascii: ";") { valueEnd += 1 }
            while valueEnd > i && b[valueEnd - 1].isASCIIWhitespace { valueEnd -= 1 }
            let value = i..<valueEnd

            if tokenEnd - tokenStart == 5, let m0 = b[tokenStart].base36Value,
               let m1 = b[tokenStart + 1].decimalValue, let m2 = b[tokenStart + 2].decimalValue,
               let c0 = b[tokenStart + 3].hexValue, let c1 = b[tokenStart + 4].hexValue {
                try measureLine(b, measure: m0 * 100 + m1 * 10 + m2, channel: c0 * 16 + c1, value, number, lineStart: range.lowerBound, &data)
            } else {
                try headerLine(b, tokenStart..<tokenEnd, value, number)
            }
        }

        func text(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> String {
            ChartText.decode(Array(b[r])[...], encoding)
        }

        func ascii(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: b[r]), as: UTF8.self)
        }

        mutating func headerLine(
            _ b: UnsafeBufferPointer<UInt8>, _ token: Range<Int>, _ value: Range<Int>, _ line: Int
        ) throws {
            let name = ascii(b, token).uppercased()
            func bpmValue() throws -> Double {
                let v = ascii(b, value)
                guard let bpm = Double(v) else {
                    throw error(line, "expected a number after #\(name), found '\(v)'")
                }
                guard TempoChange.isPlayable(bpm: bpm) else {
                    throw error(line, "BPM \(v) is out of range; use a tempo above 0 and at most 1000")
                }
                return bpm
            }
            func chipSuffix(_ prefix: Int) -> Int? {
                guard name.utf8.count == prefix + 2 else { return nil }
                let u = Array(name.utf8)
                guard let a = u[prefix].base36Value, let c = u[prefix + 1].base36Value else { return nil }
                return a * 36 + c
            }
            switch name {
            case "TITLE": metadata.title = text(b, value)
            case "ARTIST": metadata.artist = text(b, value)
            case "GENRE": metadata.genre = text(b, value)
            case "COMMENT": metadata.comment = text(b, value)
            case "DLEVEL", "PLAYLEVEL":
                guard let v = Int(ascii(b, value)) else {
                    throw error(line, "expected a whole number after #\(name), found '\(ascii(b, value))'")
                }
                let isDLevel = name == "DLEVEL"
                if level == nil || isDLevel || level?.fromDLevel == false {
                    level = (v >= 100 ? v / 10 : v, isDLevel)
                }
            case "BPM":
                let bpm = try bpmValue()
                initialBPM = (bpm, line)
                bpmDefinitions[0] = bpm
            case "BASEBPM":
                let v = ascii(b, value)
                guard let base = Double(v), base.isFinite else {
                    throw error(line, "expected a number after #BASEBPM, found '\(v)'")
                }
                baseBPM = base
            case "PATH_WAV":
                pathWAV = text(b, value)
            case "PANEL":
                break  // the text DTXMania shows on its panel, not a pan
            case DTXLane.accentHeader:
                var i = value.lowerBound
                while i + 1 < value.upperBound {
                    if let a = b[i].base36Value, let c = b[i + 1].base36Value { accentChips.insert(a * 36 + c); i += 2 } else { i += 1 }
                }
            default:
                if name.hasPrefix("BPM"), let chip = chipSuffix(3) {
                    bpmDefinitions[chip] = try bpmValue()
                    if chip == 0 && initialBPM == nil { initialBPM = (bpmDefinitions[0]!, line) }
                } else if name.hasPrefix("WAVVOL") || name.hasPrefix("VOLUME"), let chip = chipSuffix(6) {
                    if let v = Int(ascii(b, value)) { volumes[chip, default: []].append(SlotValue(line: line, value: min(max(v, 0), 100))) }
                } else if name.hasPrefix("WAVPAN"), let chip = chipSuffix(6) {
                    if let v = Int(ascii(b, value)) { pans[chip, default: []].append(SlotValue(line: line, value: min(max(v, -100), 100))) }
                } else if name.hasPrefix("PAN"), let chip = chipSuffix(3) {
                    if let v = Int(ascii(b, value)) { pans[chip, default: []].append(SlotValue(line: line, value: min(max(v, -100), 100))) }
                } else if name.hasPrefix("WAV"), let chip = chipSuffix(3) {
                    wavFiles[chip, default: []].append(SlotValue(line: line, value: text(b, value).replacingBackslashes))
                }
                // Any other header (#PREVIEW, #STAGEFILE…) does not matter for practice.
            }
        }

        mutating func measureLine(
            _ b: UnsafeBufferPointer<UInt8>, measure: Int, channel: Int, _ value: Range<Int>, _ line: Int,
            lineStart: Int, _ data: inout [UInt8]
        ) throws {
            lastMeasure = max(lastMeasure, measure)
            if channel == DTXLane.barLengthChannel {
                let v = ascii(b, value)
                guard var length = ExactFraction(parsing: v[...]), length > .zero, length <= ExactFraction(64) else {
                    throw error(line, "expected a bar length (a number above 0, e.g. 0.75 for a 3/4 bar), found '\(v)'")
                }
                if length.denominator > 1_000_000 || (length.denominator > 10_000 && v.count > 9) {
                    length = ExactFraction(approximating: length.doubleValue, maxDenominator: 10_000)
                }
                barLengths[measure] = length
                return
            }
            let voice = DTXLane.voice(ofChannel: channel)
            let cue = DTXLane.isCueChannel(channel)
            let lane: (LaneSound.Kind, DrumVoice)? = DTXLane.voice(ofHiddenChannel: channel).map { (.hidden, $0) }
                ?? DTXLane.voice(ofEmptyHitChannel: channel).map { (.emptyHit, $0) }
            let known = voice != nil || cue || lane != nil || channel == DTXLane.bgmChannel || channel == DTXLane.bpmHexChannel
                || channel == DTXLane.bpmReferenceChannel
            guard known else {
                skipped.record("DTX channel \(String(channel, radix: 16, uppercase: true).leftPadded(2))")
                return
            }
            data.removeAll(keepingCapacity: true)
            for i in value {
                let c = b[i]
                if c == UInt8(ascii: "_") || c.isASCIIWhitespace { continue }
                guard c.base36Value != nil else {
                    throw ParseError(
                        SourceLocation(file: file, line: line, column: i - lineStart + 1),
                        "expected base-36 pairs (0-9, A-Z) in the data of measure line #\(measureLabel(measure))\(String(channel, radix: 16, uppercase: true).leftPadded(2)), found '\(String(decoding: [c], as: UTF8.self))'")
                }
                data.append(c)
            }
            let pairs = data.count / 2
            guard pairs > 0 else { return }
            for p in 0..<pairs {
                let hi = data[2 * p], lo = data[2 * p + 1]
                let chip = hi.base36Value! * 36 + lo.base36Value!
                guard chip != 0 else { continue }
                let position = ExactFraction(Int64(p), Int64(pairs))
                if let voice {
                    notes.append(LaneChip(measure: measure, position: position, voice: voice, chip: chip, line: line))
                } else if cue {
                    cues.append(Chip(measure: measure, position: position, value: chip, line: line))
                } else if let (kind, laneVoice) = lane {
                    laneChips.append((kind, LaneChip(measure: measure, position: position, voice: laneVoice, chip: chip, line: line)))
                } else if channel == DTXLane.bpmHexChannel {
                    guard let h = hi.hexValue, let l = lo.hexValue else {
                        throw error(line, "expected hexadecimal pairs (00-FF) on BPM channel 03, found '\(String(decoding: [hi, lo], as: UTF8.self))'")
                    }
                    hexTempos.append(Chip(measure: measure, position: position, value: h * 16 + l, line: line))
                } else if channel == DTXLane.bpmReferenceChannel {
                    referenceTempos.append(Chip(measure: measure, position: position, value: chip, line: line))
                } else {
                    bgm.append(Chip(measure: measure, position: position, value: chip, line: line))
                }
            }
        }

        func measureLabel(_ m: Int) -> String { DTXWriter.measureLabel(m) }

        /// A sound file's path under `#PATH_WAV` (DTX writes either slash).
        static func joined(_ folder: String, _ file: String) -> String {
            let base = folder.replacingBackslashes
            guard !base.isEmpty else { return file }
            return base.hasSuffix("/") ? base + file : base + "/" + file
        }

        mutating func finish() throws -> (chart: Chart, skipped: SkippedInput) {
            if let (v, _) = level { metadata.difficulty = v }
            var builder = ChartBuilder(metadata: metadata)
            guard lastMeasure >= 0 else {
                throw WoodshedError("\(file): no measure lines (#mmmcc: data) found; is this a DTX file?")
            }
            var length = ExactFraction.one
            for m in 0...lastMeasure {
                if let l = barLengths[m] { length = l }
                let quarters = length * ExactFraction(4)
                builder.appendMeasure(signature: TimeSignature(fitting: quarters) ?? .fourFour, length: quarters)
            }
            builder.setTempo(initialBPM?.value ?? 120, measureIndex: 0)
            for t in hexTempos {
                let bpm = baseBPM + Double(t.value)
                guard TempoChange.isPlayable(bpm: bpm) else {
                    throw error(t.line, "BPM \(bpm) (#BASEBPM + \(t.value)) is out of range; use a tempo above 0 and at most 1000")
                }
                builder.setTempo(bpm, measureIndex: t.measure, position: t.position)
            }
            for t in referenceTempos {
                guard let bpm = bpmDefinitions[t.value] else {
                    let zz = DTXWriter.base36(t.value)
                    throw error(t.line, "BPM channel 08 refers to #BPM\(zz), which is not defined; add a line '#BPM\(zz): 120'")
                }
                builder.setTempo(bpm, measureIndex: t.measure, position: t.position)
            }
            // Every #WAV definition becomes one of the chart's sounds, in slot then line order.
            var sounds: [ChartSound] = []
            var soundIndex: [Int: [(line: Int, index: Int)]] = [:]
            for slot in wavFiles.keys.sorted() {
                for definition in wavFiles[slot]! where !definition.value.isEmpty {
                    func setting(_ values: [SlotValue<Int>]?) -> Int? { values?.inForce(atLine: definition.line) { $0.line }?.value }
                    soundIndex[slot, default: []].append((definition.line, sounds.count))
                    sounds.append(ChartSound(chip: DTXWriter.base36(slot), file: Self.joined(pathWAV, definition.value),
                                             volume: setting(volumes[slot]), pan: setting(pans[slot])))
                }
            }
            /// The sound a chip on `line` plays: the slot's definition last seen before it, else the first after.
            func sound(_ slot: Int, line: Int) -> Int? { soundIndex[slot]?.inForce(atLine: line) { $0.line }?.index }
            builder.sounds = sounds
            for n in notes {
                let accent = accentChips.contains(n.chip)
                let index = sound(n.chip, line: n.line)
                // The chip's volume: its sound's, or the slot's own setting when it has no file
                // (Woodshed's own DTX marks ghost notes by volume alone).
                let volume = index.flatMap { sounds[$0].volume }
                    ?? volumes[n.chip]?.inForce(atLine: n.line) { $0.line }?.value
                let velocity: UInt8 = accent ? 127 : volume.map { UInt8(max(1, min(127, ($0 * 127 + 50) / 100))) } ?? 100
                let dynamic: NoteDynamic = accent ? .accent : (volume.map { $0 <= 40 } ?? false) ? .ghost : .normal
                builder.addNote(n.voice, measureIndex: n.measure, position: n.position, velocity: velocity, dynamic: dynamic, sound: index)
            }
            for c in cues {
                if let index = sound(c.value, line: c.line) { builder.addSoundCue(sound: index, measureIndex: c.measure, position: c.position) }
            }
            for (kind, c) in laneChips {
                if let index = sound(c.chip, line: c.line) {
                    builder.addLaneSound(kind, voice: c.voice, sound: index, measureIndex: c.measure, position: c.position)
                }
            }
            var chart = builder.build()
            // Every BGM chip is a backing track from its position; the earliest is the song.
            let bgmChips = bgm.sorted { ($0.measure, $0.position) < ($1.measure, $1.position) }
            if let first = bgmChips.first, sound(first.value, line: first.line) == nil {
                let zz = DTXWriter.base36(first.value)
                throw error(first.line, "the BGM chip \(zz) has no sound file; add a line '#WAV\(zz): song.ogg'")
            }
            chart.backingTracks = bgmChips.compactMap { chip in
                guard let index = sound(chip.value, line: chip.line) else { return nil }  // undefined: silent, as in DTXMania
                return BackingTrack(file: sounds[index].file,
                                    offset: chart.time(measureIndex: chip.measure, position: chip.position) ?? .zero,
                                    volume: sounds[index].volume)
            }
            return (chart, skipped)
        }
    }
}

extension Array {
    /// DTXMania's rule for a slot defined more than once (`#WAV`, `#VOLUME`, `#PAN`): what a chip
    /// on `line` uses is the definition last seen before that line, else the first one after it.
    func inForce(atLine line: Int, _ lineOf: (Element) -> Int) -> Element? {
        last { lineOf($0) < line } ?? first
    }
}

extension UInt8 {
    @inline(__always) var decimalValue: Int? { self >= 0x30 && self <= 0x39 ? Int(self - 0x30) : nil }
}

extension String {
    /// A path written on Windows (`sounds\kick.wav`) with the separators Linux reads.
    var replacingBackslashes: String { String(map { $0 == "\\" ? "/" : $0 }) }

    func leftPadded(_ width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
