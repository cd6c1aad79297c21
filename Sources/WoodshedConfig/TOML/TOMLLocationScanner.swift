/// Finds where each key and value of a TOML document starts, for error messages.
///
/// TOMLKit reports positions only for syntax errors; a file that parses but says something wrong
/// (an unknown voice, a note out of range) still deserves `file:line:column`. This is a light scan
/// of text that TOMLKit has already accepted, so it only follows the structure: table headers,
/// (dotted, quoted) keys, strings, arrays and inline tables. Lines and columns are 1-based and count
/// Unicode scalars.
struct TOMLLocationScanner {
    struct Position: Hashable { var line: Int; var column: Int }

    private(set) var keys: [[TOMLPathComponent]: Position] = [:]
    private(set) var values: [[TOMLPathComponent]: Position] = [:]

    private let text: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var column = 1
    private var arrayTableCounts: [[TOMLPathComponent]: Int] = [:]

    init(_ source: String) {
        text = Array(source.unicodeScalars)
        scanDocument()
    }

    private var current: Unicode.Scalar? { index < text.count ? text[index] : nil }
    private var position: Position { Position(line: line, column: column) }

    private func peek(_ offset: Int) -> Unicode.Scalar? {
        index + offset < text.count ? text[index + offset] : nil
    }

    private mutating func advance() {
        guard let c = current else { return }
        if c == "\n" { line += 1; column = 1 } else { column += 1 }
        index += 1
    }

    private mutating func skipSpaces() {
        while let c = current, c == " " || c == "\t" { advance() }
    }

    private mutating func skipComment() {
        while let c = current, c != "\n" { advance() }
    }

    /// Spaces, line breaks and comments.
    private mutating func skipTrivia() {
        while let c = current {
            if c == " " || c == "\t" || c == "\n" || c == "\r" { advance() }
            else if c == "#" { skipComment() }
            else { return }
        }
    }

    private mutating func record(key path: [TOMLPathComponent], at position: Position) {
        if keys[path] == nil { keys[path] = position }
    }

    private mutating func record(value path: [TOMLPathComponent], at position: Position) {
        if values[path] == nil { values[path] = position }
    }

    private mutating func scanDocument() {
        var table: [TOMLPathComponent] = []
        while true {
            skipTrivia()
            guard let c = current else { return }
            let start = index
            if c == "[" {
                let header = position
                advance()
                let isArrayOfTables = current == "["
                if isArrayOfTables { advance() }
                var path: [TOMLPathComponent] = []
                for (part, at) in scanKey() {
                    path.append(.key(part))
                    record(key: path, at: at)
                }
                if isArrayOfTables {
                    let n = arrayTableCounts[path, default: 0]
                    arrayTableCounts[path] = n + 1
                    path.append(.index(n))
                    record(key: path, at: header)
                }
                record(value: path, at: header)
                table = path
            } else {
                scanKeyValue(in: table)
            }
            skipSpaces()
            if current == "#" { skipComment() }
            if index == start { advance() }  // never stall on text this scan does not expect
        }
    }

    /// A possibly dotted key; each part with where it starts.
    private mutating func scanKey() -> [(String, Position)] {
        var parts: [(String, Position)] = []
        while true {
            skipSpaces()
            let at = position
            var part = ""
            if let c = current, c == "\"" || c == "'" {
                part = scanString()
            } else {
                while let c = current, c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "-" || c == "_" {
                    part.unicodeScalars.append(c)
                    advance()
                }
                if part.isEmpty { return parts }
            }
            parts.append((part, at))
            skipSpaces()
            guard current == "." else { return parts }
            advance()
        }
    }

    private mutating func scanKeyValue(in table: [TOMLPathComponent]) {
        var path = table
        for (part, at) in scanKey() {
            path.append(.key(part))
            record(key: path, at: at)
        }
        skipSpaces()
        guard current == "=" else { return }
        advance()
        skipSpaces()
        scanValue(path)
    }

    private mutating func scanValue(_ path: [TOMLPathComponent]) {
        record(value: path, at: position)
        switch current {
        case "\"", "'":
            _ = scanString()
        case "[":
            advance()
            var n = 0
            while true {
                skipTrivia()
                guard let c = current else { return }
                if c == "]" { advance(); return }
                let start = index
                if c != "," {
                    scanValue(path + [.index(n)])
                    n += 1
                }
                skipTrivia()
                if current == "," { advance() }
                if index == start { advance() }
            }
        case "{":
            advance()
            while true {
                skipSpaces()
                guard let c = current, c != "\n" else { return }
                if c == "}" { advance(); return }
                let start = index
                scanKeyValue(in: path)
                skipSpaces()
                if current == "," { advance() }
                if index == start { advance() }
            }
        default:
            while let c = current, c != ",", c != "]", c != "}", c != "#", c != "\n", c != "\r" { advance() }
        }
    }

    /// A basic, literal or multi-line string starting at the current quote; returns its text with
    /// the common escapes decoded (enough for keys).
    private mutating func scanString() -> String {
        guard let quote = current else { return "" }
        let isMultiLine = peek(1) == quote && peek(2) == quote
        advance()
        if isMultiLine { advance(); advance() }
        var result = ""
        while let c = current {
            if c == quote {
                if !isMultiLine { advance(); return result }
                if peek(1) == quote, peek(2) == quote {
                    advance(); advance(); advance()
                    // A multi-line string may end with up to two more quotes that belong to it.
                    while current == quote { advance() }
                    return result
                }
            }
            if c == "\\", quote == "\"" {
                advance()
                guard let escaped = current else { return result }
                switch escaped {
                case "n": result.append("\n")
                case "t": result.append("\t")
                default: result.unicodeScalars.append(escaped)
                }
                advance()
                continue
            }
            if c == "\n", !isMultiLine { return result }
            result.unicodeScalars.append(c)
            advance()
        }
        return result
    }
}
