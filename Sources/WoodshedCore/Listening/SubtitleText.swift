import Foundation

/// Subtitles: SRT (numbered blocks, `HH:MM:SS,mmm --> HH:MM:SS,mmm`) and WebVTT (`WEBVTT`, cues
/// with `[HH:]MM:SS.mmm --> …` and settings, NOTE/STYLE/REGION blocks). Each cue has a start and
/// an end; tags (`<i>`, `<v Name>`, `<c.x>`, inline timestamps) are removed, WebVTT's entities decoded.
enum SubtitleText {
    static func parse(_ lines: [String], file: String, webVTT: Bool) throws -> SyncedText {
        var segments: [TextSegment] = []
        var i = 0
        if webVTT {
            guard lines.first?.hasPrefix("WEBVTT") == true else {
                throw ParseError(SourceLocation(file: file, line: 1), "not a WebVTT file: it must start with WEBVTT")
            }
            while i < lines.count && !lines[i].trimmingCharacters(in: .whitespaces).isEmpty { i += 1 }  // the header
        }
        while i < lines.count {
            // Skip blank lines between blocks.
            while i < lines.count && lines[i].trimmingCharacters(in: .whitespaces).isEmpty { i += 1 }
            guard i < lines.count else { break }
            var block: [(Int, String)] = []
            while i < lines.count && !lines[i].trimmingCharacters(in: .whitespaces).isEmpty {
                block.append((i + 1, lines[i]))
                i += 1
            }
            if webVTT, let first = block.first?.1, ["NOTE", "STYLE", "REGION"].contains(where: { first == $0 || first.hasPrefix($0 + " ") || first.hasPrefix($0 + "\t") }) {
                continue
            }
            guard let timing = block.firstIndex(where: { $0.1.contains("-->") }), timing <= 1 else {
                throw ParseError(SourceLocation(file: file, line: block[0].0),
                                 webVTT ? "a cue needs a timing line: 00:01.000 --> 00:04.000" : "a subtitle needs a timing line: 00:00:01,000 --> 00:00:04,000")
            }
            let (lineNumber, timingLine) = block[timing]
            let (start, end) = try times(timingLine, file: file, line: lineNumber, webVTT: webVTT)
            let text = block[(timing + 1)...].map { clean($0.1, webVTT: webVTT) }.joined(separator: "\n")
            segments.append(TextSegment(start: start, end: end, text: text, line: lineNumber))
        }
        let sorted = segments.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        return SyncedText(segments: sorted, format: webVTT ? .webVTT : .srt)
    }

    private static func times(_ line: String, file: String, line number: Int, webVTT: Bool) throws -> (EngineTime, EngineTime) {
        let sides = line.components(separatedBy: "-->")
        let example = webVTT ? "00:01.000 --> 00:04.000" : "00:00:01,000 --> 00:00:04,000"
        guard sides.count == 2 else { throw ParseError(SourceLocation(file: file, line: number), "write the timing as \(example)") }
        let startText = sides[0].trimmingCharacters(in: .whitespaces)
        let endText = sides[1].split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
        let separators: Set<Character> = webVTT ? ["."] : [",", "."]
        let fields = webVTT ? 2...3 : 3...3
        guard let start = SyncedTextReader.clock(Substring(startText), fractionDigits: 3...3, separators: separators, fields: fields, requiresFraction: true),
              let end = SyncedTextReader.clock(Substring(endText), fractionDigits: 3...3, separators: separators, fields: fields, requiresFraction: true) else {
            throw ParseError(SourceLocation(file: file, line: number), "\(line.trimmingCharacters(in: .whitespaces)) is not a timing; write \(example)")
        }
        guard end >= start else {
            throw ParseError(SourceLocation(file: file, line: number), "the end \(endText) is before the start \(startText); swap them or fix the end")
        }
        return (start, end)
    }

    /// The text without markup: `<…>` tags removed, WebVTT's entities decoded.
    static func clean(_ line: String, webVTT: Bool) -> String {
        var out = ""
        var inTag = false
        for c in line {
            if c == "<" { inTag = true } else if c == ">" && inTag { inTag = false } else if !inTag { out.append(c) }
        }
        if webVTT {
            for (entity, value) in [("&lt;", "<"), ("&gt;", ">"), ("&nbsp;", "\u{00A0}"), ("&lrm;", "\u{200E}"), ("&rlm;", "\u{200F}"), ("&amp;", "&")] {
                out = out.replacingOccurrences(of: entity, with: value)
            }
        }
        return out.trimmingCharacters(in: .whitespaces)
    }
}
