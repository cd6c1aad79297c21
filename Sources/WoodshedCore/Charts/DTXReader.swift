/// Reads DTXMania `.dtx` drum charts.
///
/// Supported: `#TITLE #ARTIST #GENRE #COMMENT #DLEVEL/#PLAYLEVEL #BPM #BPMzz #BASEBPM #WAVzz
/// #WAVVOLzz/#VOLUMEzz`, measure lines `#mmmcc: data`, BGM (01), bar length (02, carried over),
/// BPM (03 hex, 08 via `#BPMzz`) and the drum lanes 11–1C. Other channels are skipped and counted.
/// Time zero is the start of measure 000 (DTXMania's own extra lead-in measure is not added).
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
    struct LaneChip { var measure: Int; var position: ExactFraction; var voice: DrumVoice; var chip: Int }

    struct State {
        let file: String
        let encoding: ChartText.Encoding
        var metadata = ChartMetadata()
        var level: (value: Int, fromDLevel: Bool)? = nil
        var initialBPM: (value: Double, line: Int)? = nil
        var baseBPM: Double = 0
        var bpmDefinitions: [Int: Double] = [:]
        var wavFiles: [Int: String] = [:]
        var volumes: [Int: Int] = [:]
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
            case DTXLane.accentHeader:
                var i = value.lowerBound
                while i + 1 < value.upperBound {
                    if let a = b[i].base36Value, let c = b[i + 1].base36Value { accentChips.insert(a * 36 + c); i += 2 } else { i += 1 }
                }
            default:
                if name.hasPrefix("BPM"), let chip = chipSuffix(3) {
                    bpmDefinitions[chip] = try bpmValue()
                    if chip == 0 && initialBPM == nil { initialBPM = (bpmDefinitions[0]!, line) }
                } else if name.hasPrefix("WAVVOL"), let chip = chipSuffix(6) {
                    volumes[chip] = Int(ascii(b, value)).map { min(max($0, 0), 100) }
                } else if name.hasPrefix("VOLUME"), let chip = chipSuffix(6) {
                    volumes[chip] = Int(ascii(b, value)).map { min(max($0, 0), 100) }
                } else if name.hasPrefix("WAV"), let chip = chipSuffix(3) {
                    wavFiles[chip] = text(b, value)
                }
                // Any other header (#PREVIEW, #STAGEFILE, #PAN…) does not matter for practice.
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
            let known = voice != nil || channel == DTXLane.bgmChannel || channel == DTXLane.bpmHexChannel
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
                    notes.append(LaneChip(measure: measure, position: position, voice: voice, chip: chip))
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
            for n in notes {
                let accent = accentChips.contains(n.chip)
                let volume = volumes[n.chip]
                let velocity: UInt8 = accent ? 127 : volume.map { UInt8(max(1, min(127, ($0 * 127 + 50) / 100))) } ?? 100
                let dynamic: NoteDynamic = accent ? .accent : (volume.map { $0 <= 40 } ?? false) ? .ghost : .normal
                builder.addNote(n.voice, measureIndex: n.measure, position: n.position, velocity: velocity, dynamic: dynamic)
            }
            var chart = builder.build()
            let firstBGM = bgm.min { ($0.measure, $0.position) < ($1.measure, $1.position) }
            if let chip = firstBGM {
                guard let file = wavFiles[chip.value] else {
                    let zz = DTXWriter.base36(chip.value)
                    throw error(chip.line, "the BGM chip \(zz) has no sound file; add a line '#WAV\(zz): song.ogg'")
                }
                chart.backingTrack = BackingTrack(
                    file: file, offset: chart.time(measureIndex: chip.measure, position: chip.position) ?? .zero)
            }
            chart.sounds = wavFiles.keys.sorted().compactMap { chip in
                guard let file = wavFiles[chip], !file.isEmpty else { return nil }
                return ChartSound(chip: DTXWriter.base36(chip), file: file, volume: volumes[chip])
            }
            return (chart, skipped)
        }
    }
}

extension UInt8 {
    @inline(__always) var decimalValue: Int? { self >= 0x30 && self <= 0x39 ? Int(self - 0x30) : nil }
}

extension String {
    func leftPadded(_ width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
