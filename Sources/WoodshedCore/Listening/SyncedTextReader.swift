import Foundation

/// Reads synced text files: LRC, SRT and WebVTT, in UTF-8 (with or without a byte-order mark) or
/// UTF-16 with one. A malformed time is a `ParseError` naming file:line; a line LRC cannot use is
/// a warning and skipped.
public enum SyncedTextReader {
    /// Reads the file at `path`, its format by its extension.
    public static func read(contentsOf path: String) throws -> SyncedText {
        let ext = (path as NSString).pathExtension
        guard let format = SyncedTextFormat.from(pathExtension: ext) else {
            throw WoodshedError("\(path): not a synced text file Woodshed reads; give an .lrc, .srt or .vtt file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw WoodshedError("\(path): cannot read the file; check the path")
        }
        return try parse([UInt8](data), format: format, file: path)
    }

    public static func parse(_ bytes: [UInt8], format: SyncedTextFormat, file: String) throws -> SyncedText {
        let lines = try decode(bytes, file: file)
        switch format {
        case .lrc: return try LRCText.parse(lines, file: file)
        case .srt: return try SubtitleText.parse(lines, file: file, webVTT: false)
        case .webVTT: return try SubtitleText.parse(lines, file: file, webVTT: true)
        }
    }

    /// The text's lines (CRLF, LF or CR), decoded from UTF-8 or from UTF-16 with a byte-order mark.
    static func decode(_ bytes: [UInt8], file: String) throws -> [String] {
        let text: String
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let little = bytes[0] == 0xFF
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var i = 2
            while i + 1 < bytes.count {
                units.append(little ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
                i += 2
            }
            var out = "", iterator = units.makeIterator(), decoder = UTF16()
            loop: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): out.unicodeScalars.append(scalar)
                case .emptyInput: break loop
                case .error: throw ParseError(SourceLocation(file: file, line: out.split(separator: "\n", omittingEmptySubsequences: false).count),
                                              "not valid UTF-16 text; save it as UTF-8")
                }
            }
            text = out
        } else {
            let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
            guard let decoded = String(validating: body, as: UTF8.self) else {
                // The line of the first byte that does not decode.
                var line = 1
                var start = 0
                for (i, b) in body.enumerated() where b == 0x0A {
                    if String(validating: body[start..<i], as: UTF8.self) == nil { break }
                    line += 1
                    start = i + 1
                }
                throw ParseError(SourceLocation(file: file, line: line), "not UTF-8 text; save it as UTF-8")
            }
            text = decoded
        }
        return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// `[HH:]MM:SS(.|,)fff` or LRC's `mm:ss[.x|.xx|.xxx]` into a time, exact to the millisecond;
    /// nil when malformed (seconds or minutes after the first field ≥ 60, not digits, a subtitle's
    /// milliseconds missing).
    static func clock(_ text: Substring, fractionDigits: ClosedRange<Int> = 1...3, separators: Set<Character> = [".", ","],
                      fields: ClosedRange<Int> = 2...3, requiresFraction: Bool = false) -> EngineTime? {
        var main = text, fraction: Substring = ""
        if requiresFraction && !text.contains(where: { separators.contains($0) }) { return nil }
        if let dot = text.lastIndex(where: { separators.contains($0) }) {
            main = text[..<dot]
            fraction = text[text.index(after: dot)...]
            guard fractionDigits.contains(fraction.count), fraction.allSatisfy(\.isASCIIDigit) else { return nil }
        }
        let parts = main.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.contains(parts.count) else { return nil }
        var ms: Int64 = 0
        for (i, part) in parts.enumerated() {
            guard !part.isEmpty, part.count <= 9, part.allSatisfy(\.isASCIIDigit), let value = Int64(part) else { return nil }
            if i > 0 && value >= 60 { return nil }
            ms = ms * 60 + value
        }
        ms *= 1000
        if !fraction.isEmpty {
            let digits = Int64(fraction)!
            ms += fraction.count == 1 ? digits * 100 : fraction.count == 2 ? digits * 10 : digits
        }
        return EngineTime(nanoseconds: ms * 1_000_000)
    }
}
