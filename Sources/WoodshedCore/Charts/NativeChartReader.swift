/// Reads Woodshed's own `.wchart` text format (see docs/charts.md).
///
/// ```
/// title: Backbeat
/// bpm: 96
///
/// measure 1
/// section Groove
/// hihat   x-x-x-x-x-x-x-x-
/// snare   ----X-------X---
/// kick    x-------x-x-----
/// ```
/// A header of `key: value` lines, then one block per measure (`measure [number] [xN]`) with
/// optional `tempo`, `signature`, `bar-length` and `section` lines and one grid line per voice.
public enum NativeChartReader {
    static let headerKeys = ["title", "artist", "genre", "comment", "difficulty", "bpm", "signature", "backing", "backing-offset"]

    public static func read(_ rawBytes: [UInt8], file: String) throws -> Chart {
        let (bytes, _) = ChartText.scannable(rawBytes)
        var parser = Parser(file: file)
        var lines = ByteLines(bytes)
        try bytes.withUnsafeBufferPointer { b in
            while let line = lines.next() { try parser.line(b, line.range, line.number) }
        }
        return try parser.finish()
    }

    struct Block {
        var repeatCount = 1
        var signature: TimeSignature
        var length: ExactFraction
        var tempos: [(bpm: Double, position: ExactFraction)] = []
        var sections: [(name: String, position: ExactFraction)] = []
        var notes: [(voice: DrumVoice, position: ExactFraction, dynamic: NoteDynamic)] = []
        var pendingBeats: [(kind: Int, value: Double, name: String, beat: ExactFraction, line: Int)] = []
    }

    struct Parser {
        let file: String
        var builder = ChartBuilder()
        var signature = TimeSignature.fourFour
        var length = TimeSignature.fourFour.measureLength
        var initialBPM: Double? = nil
        var backingFile: String? = nil
        var backingOffset = EngineTime.zero
        var block: Block? = nil
        var hits: [(slot: Int, dynamic: NoteDynamic)] = []

        init(file: String) { self.file = file }

        func error(_ line: Int, _ problem: String, column: Int? = nil) -> ParseError {
            ParseError(SourceLocation(file: file, line: line, column: column), problem)
        }

        mutating func line(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ number: Int) throws {
            // Strip a comment: '#' at the start or after a space.
            var end = range.upperBound
            var i = range.lowerBound
            while i < end {
                if b[i] == UInt8(ascii: "#") && (i == range.lowerBound || b[i - 1].isASCIIWhitespace) { end = i; break }
                i += 1
            }
            var start = range.lowerBound
            while start < end && b[start].isASCIIWhitespace { start += 1 }
            while end > start && b[end - 1].isASCIIWhitespace { end -= 1 }
            guard start < end else { return }
            var wordEnd = start
            while wordEnd < end && !b[wordEnd].isASCIIWhitespace && b[wordEnd] != UInt8(ascii: ":") { wordEnd += 1 }
            let word = String(decoding: UnsafeBufferPointer(rebasing: b[start..<wordEnd]), as: UTF8.self)
            var restStart = wordEnd
            let isHeader = restStart < end && b[restStart] == UInt8(ascii: ":")
            if isHeader { restStart += 1 }
            while restStart < end && b[restStart].isASCIIWhitespace { restStart += 1 }
            let rest = String(decoding: UnsafeBufferPointer(rebasing: b[restStart..<end]), as: UTF8.self)

            if word == "measure" {
                try startMeasure(rest, number)
                return
            }
            guard block != nil else {
                guard isHeader else {
                    throw error(number, "expected a header line 'key: value' or 'measure', found '\(word)'")
                }
                try header(word, rest, number)
                return
            }
            switch word {
            case "tempo":
                let (valueText, beat) = try splitAt(rest, number)
                guard let bpm = Double(valueText) else { throw error(number, "expected 'tempo BPM [at BEAT]', e.g. 'tempo 120' or 'tempo 90 at 3'") }
                try checkBPM(bpm, number)
                block!.pendingBeats.append((0, bpm, "", beat, number))
            case "signature":
                let sig = try parseSignature(rest, number)
                block!.signature = sig
                block!.length = sig.measureLength
                signature = sig
                length = sig.measureLength
            case "bar-length":
                guard let f = ExactFraction(parsing: rest[...]), f > .zero, f <= ExactFraction(64) else {
                    throw error(number, "expected 'bar-length N' with N above 0 (a multiple of a 4/4 bar, e.g. 0.75 or 7/8)")
                }
                block!.length = f * ExactFraction(4)
                length = block!.length
            case "section":
                let (name, beat) = try splitAt(rest, number)
                guard !name.isEmpty else { throw error(number, "expected 'section NAME [at BEAT]'") }
                block!.pendingBeats.append((1, 0, name, beat, number))
            default:
                guard let voice = DrumVoice(rawValue: word) else {
                    throw error(number, "unknown voice '\(word)'; expected tempo, signature, bar-length, section, measure or a voice: \(DrumVoice.validNames)")
                }
                try grid(b, restStart..<end, voice, number, columnBase: restStart - range.lowerBound + 1)
            }
        }

        mutating func grid(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, _ voice: DrumVoice, _ line: Int, columnBase: Int) throws {
            guard !r.isEmpty else { throw error(line, "expected a grid after '\(voice)', e.g. 'x-x-x-x-' (x hit, X accent, o ghost, - rest)") }
            hits.removeAll(keepingCapacity: true)
            var slots = 0
            for i in r {
                switch b[i] {
                case UInt8(ascii: "x"): hits.append((slots, .normal)); slots += 1
                case UInt8(ascii: "X"): hits.append((slots, .accent)); slots += 1
                case UInt8(ascii: "o"): hits.append((slots, .ghost)); slots += 1
                case UInt8(ascii: "-"), UInt8(ascii: "."): slots += 1
                case UInt8(ascii: "|"), 0x20, 0x09: break
                default:
                    throw error(line, "unexpected '\(String(decoding: [b[i]], as: UTF8.self))' in the grid of \(voice); expected x (hit), X (accent), o (ghost), - (rest) or |",
                                column: columnBase + (i - r.lowerBound))
                }
            }
            for h in hits {
                block!.notes.append((voice, ExactFraction(Int64(h.slot), Int64(slots)), h.dynamic))
            }
        }

        /// `VALUE at BEAT` → (VALUE, beat offset in beats from the measure start); no `at` = beat 1.
        func splitAt(_ text: String, _ line: Int) throws -> (String, ExactFraction) {
            let words = text.split(separator: " ", omittingEmptySubsequences: true)
            if words.count >= 3, words[words.count - 2] == "at" {
                guard let beat = ExactFraction(parsing: words[words.count - 1]), beat >= .one else {
                    throw error(line, "expected a beat number (1, 2.5, 3+1/3) after 'at', found '\(words[words.count - 1])'")
                }
                return (words.dropLast(2).joined(separator: " "), beat - .one)
            }
            return (text, .zero)
        }

        func checkBPM(_ bpm: Double, _ line: Int) throws {
            guard TempoChange.isPlayable(bpm: bpm) else {
                throw error(line, "tempo \(bpm) BPM is out of range; use a tempo above 0 and at most 1000")
            }
        }

        func parseSignature(_ text: String, _ line: Int) throws -> TimeSignature {
            let parts = text.split(separator: "/")
            guard parts.count == 2, let n = Int(parts[0].trimmingASCIIWhitespace), let d = Int(parts[1].trimmingASCIIWhitespace),
                  TimeSignature(n, d).isValid else {
                throw error(line, "expected a time signature like 4/4, 3/4, 6/8 or 7/8, found '\(text)'")
            }
            return TimeSignature(n, d)
        }

        mutating func header(_ key: String, _ value: String, _ line: Int) throws {
            switch key {
            case "title": builder.metadata.title = value
            case "artist": builder.metadata.artist = value
            case "genre": builder.metadata.genre = value
            case "comment": builder.metadata.comment = value
            case "difficulty":
                guard let v = Int(value) else { throw error(line, "expected a whole number after 'difficulty:', found '\(value)'") }
                builder.metadata.difficulty = v
            case "bpm":
                guard let v = Double(value) else { throw error(line, "expected a number after 'bpm:', found '\(value)'") }
                try checkBPM(v, line)
                initialBPM = v
            case "signature":
                signature = try parseSignature(value, line)
                length = signature.measureLength
            case "backing":
                guard !value.isEmpty else { throw error(line, "expected a file name after 'backing:'") }
                backingFile = value
            case "backing-offset":
                guard let ms = Double(value), ms.isFinite else {
                    throw error(line, "expected milliseconds after 'backing-offset:' (e.g. 250 or -120), found '\(value)'")
                }
                backingOffset = .milliseconds(ms)
            default:
                throw error(line, "unknown header '\(key)'; expected one of \(NativeChartReader.headerKeys.joined(separator: ", ")) (or 'measure' to start the measures)")
            }
        }

        mutating func startMeasure(_ rest: String, _ line: Int) throws {
            try closeBlock()
            var next = Block(signature: signature, length: length)
            let expected = builder.measureCount + 1
            for word in rest.split(separator: " ", omittingEmptySubsequences: true) {
                if word.first == "x", let n = Int(word.dropFirst()), n >= 1, n <= 1000 {
                    next.repeatCount = n
                } else if let n = Int(word) {
                    guard n == expected else { throw error(line, "expected measure \(expected) here (measures are numbered in order), found \(n)") }
                } else {
                    throw error(line, "expected 'measure [NUMBER] [xCOUNT]', e.g. 'measure 5' or 'measure 5 x4', found '\(word)'")
                }
            }
            block = next
        }

        mutating func closeBlock() throws {
            guard let b = block else { return }
            block = nil
            for p in b.pendingBeats {
                let position = p.beat * b.signature.beatLength / b.length
                guard position < .one else {
                    throw error(p.line, "beat \(p.beat + .one) is past the end of this \(b.signature) measure")
                }
                if p.kind == 0 { blockTempos.append((builder.measureCount, p.value, position)) }
                else { blockSections.append((builder.measureCount, p.name, position)) }
            }
            for r in 0..<b.repeatCount {
                let m = builder.appendMeasure(signature: b.signature, length: b.length)
                if r == 0 {
                    for t in blockTempos { builder.setTempo(t.bpm, measureIndex: m, position: t.position) }
                    for s in blockSections { builder.addSection(s.name, measureIndex: m, position: s.position) }
                }
                for n in b.notes { builder.addNote(n.voice, measureIndex: m, position: n.position, dynamic: n.dynamic) }
            }
            blockTempos.removeAll()
            blockSections.removeAll()
        }
        var blockTempos: [(measure: Int, bpm: Double, position: ExactFraction)] = []
        var blockSections: [(measure: Int, name: String, position: ExactFraction)] = []

        mutating func finish() throws -> Chart {
            try closeBlock()
            guard builder.measureCount > 0 else {
                throw WoodshedError("\(file): no measures; add a 'measure' line followed by grid lines such as 'kick x---x---'")
            }
            // The header tempo applies first; a tempo line at the very start of measure 1 overrides it.
            builder.tempos.insert(.init(bpm: initialBPM ?? 120, measureIndex: 0, position: .zero), at: 0)
            var chart = builder.build()
            if let backingFile { chart.backingTrack = BackingTrack(file: backingFile, offset: backingOffset) }
            return chart
        }
    }
}
