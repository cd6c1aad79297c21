import Foundation

/// LRC lyrics: `[mm:ss.xx]text` lines, several tags on one line, enhanced word tags
/// `<mm:ss.xx>word`, ID tags (`[ti:]`, `[ar:]`, …) and `[offset:±ms]`.
///
/// The offset's sign is the format's documented one: a positive offset shifts the lyrics up, so they
/// come sooner — every time is tag − offset (clamped at 0), wherever the offset line is.
enum LRCText {
    static let idTags: Set<String> = ["ar", "ti", "al", "by", "length", "re", "ve", "au", "tool", "#"]

    static func parse(_ lines: [String], file: String) throws -> SyncedText {
        var pending: [(time: EngineTime, text: String, words: [TimedWord], line: Int)] = []
        var offset = EngineTime.zero
        var title: String?, artist: String?
        var warnings: [String] = []
        for (n, raw) in lines.enumerated() {
            let lineNumber = n + 1
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            guard line.first == "[" else {
                warnings.append("\(file):\(lineNumber): no time tag; the line is skipped")
                continue
            }
            var rest = Substring(line)
            var times: [EngineTime] = []
            while rest.first == "[", let close = rest.firstIndex(of: "]") {
                let tag = rest[rest.index(after: rest.startIndex)..<close]
                rest = rest[rest.index(after: close)...]
                if let colon = tag.firstIndex(of: ":"), idTags.contains(tag[..<colon].lowercased()) || tag[..<colon] == "offset" {
                    let key = tag[..<colon].lowercased(), value = tag[tag.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                    switch key {
                    case "ti": title = value.isEmpty ? nil : value
                    case "ar": artist = value.isEmpty ? nil : value
                    case "offset":
                        guard let ms = Int64(value.hasPrefix("+") ? String(value.dropFirst()) : value) else {
                            throw ParseError(SourceLocation(file: file, line: lineNumber), "[offset:\(value)] is not whole milliseconds; write [offset:+500] or [offset:-250]")
                        }
                        offset = EngineTime(nanoseconds: ms * 1_000_000)
                    default: break
                    }
                    continue
                }
                guard let time = SyncedTextReader.clock(tag, fields: 2...2) else {
                    throw ParseError(SourceLocation(file: file, line: lineNumber), "[\(tag)] is not a time; write [mm:ss.xx] (seconds below 60)")
                }
                times.append(time)
            }
            guard !times.isEmpty else { continue }  // only ID tags on this line
            let (text, words) = try wordsOf(rest, file: file, line: lineNumber)
            for time in times { pending.append((time, text, words, lineNumber)) }
        }
        guard !pending.isEmpty else {
            throw ParseError(SourceLocation(file: file, line: 1), "no timed lines; an LRC line starts with [mm:ss.xx]")
        }
        func shifted(_ t: EngineTime) -> EngineTime { max(.zero, t - offset) }
        let segments = pending.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map { _, p in
            TextSegment(start: shifted(p.time), text: p.text,
                        words: p.words.map { TimedWord(start: shifted($0.start), text: $0.text) }, line: p.line)
        }
        return SyncedText(segments: segments, format: .lrc, title: title, artist: artist, warnings: warnings)
    }

    /// The visible text and its enhanced word tags.
    private static func wordsOf(_ text: Substring, file: String, line: Int) throws -> (String, [TimedWord]) {
        guard text.contains("<") else { return (collapse(String(text)), []) }
        var words: [TimedWord] = []
        var plain = ""
        var rest = text
        var current: (EngineTime, String)?
        while let open = rest.firstIndex(of: "<") {
            let before = rest[..<open]
            plain += before
            if current != nil { current!.1 += before }
            guard let close = rest[open...].firstIndex(of: ">"),
                  let time = SyncedTextReader.clock(rest[rest.index(after: open)..<close], fields: 2...2) else {
                throw ParseError(SourceLocation(file: file, line: line), "a word tag is not a time; write <mm:ss.xx>word")
            }
            if let (t, w) = current, !collapse(w).isEmpty { words.append(TimedWord(start: t, text: collapse(w))) }
            current = (time, "")
            rest = rest[rest.index(after: close)...]
        }
        plain += rest
        if current != nil { current!.1 += rest }
        if let (t, w) = current, !collapse(w).isEmpty { words.append(TimedWord(start: t, text: collapse(w))) }
        return (collapse(plain), words)
    }

    static func collapse(_ s: String) -> String {
        s.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }
}
