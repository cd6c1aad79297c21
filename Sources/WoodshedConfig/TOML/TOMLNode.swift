import WoodshedCore

/// One value of a parsed TOML file, with where its key and value stand in the file.
///
/// Woodshed's readers walk these instead of TOMLKit's tables so that every complaint about a value
/// can name `file:line:column`, and so that tables keep the order they were written in.
struct TOMLNode: Sendable {
    indirect enum Value: Sendable {
        case string(String)
        case integer(Int)
        case float(Double)
        case boolean(Bool)
        /// Entries in file order.
        case table([TOMLNode])
        case array([TOMLNode])
        /// A date or time: valid TOML, never a valid Woodshed setting.
        case other(String)
    }

    var path: [TOMLPathComponent]
    var keyLocation: SourceLocation
    var valueLocation: SourceLocation
    var value: Value

    /// The last key of the path ("" for the document itself).
    var key: String {
        switch path.last {
        case .key(let key)?: key
        case .index(let index)?: "[\(index)]"
        case nil: ""
        }
    }

    /// The path as written in a TOML file, e.g. `filter.snare` or `tunings.guitar.strings[2]`.
    var dottedPath: String {
        var text = ""
        for component in path {
            switch component {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// The `[section]` an error message names: the table this node belongs to.
    var sectionName: String {
        let parent = path.dropLast().map(\.description).joined(separator: ".")
        return parent.isEmpty ? "the top level" : "[\(parent)]"
    }

    func valueError(_ problem: String) -> ParseError { ParseError(valueLocation, problem) }
    func keyError(_ problem: String) -> ParseError { ParseError(keyLocation, problem) }

    var typeDescription: String {
        switch value {
        case .string: "text"
        case .integer: "a whole number"
        case .float: "a number"
        case .boolean: "true/false"
        case .table: "a table"
        case .array: "a list"
        case .other(let type): "a \(type)"
        }
    }

    private func mismatch(_ expected: String) -> ParseError {
        valueError("\(key) must be \(expected), not \(typeDescription)")
    }

    func string() throws(ParseError) -> String {
        guard case .string(let text) = value else { throw mismatch("text in quotes") }
        return text
    }

    func nonEmptyString() throws(ParseError) -> String {
        let text = try string()
        guard !text.trimmingSpaces.isEmpty else { throw valueError("\(key) must not be empty") }
        return text
    }

    func bool() throws(ParseError) -> Bool {
        guard case .boolean(let flag) = value else { throw mismatch("true or false") }
        return flag
    }

    func integer(in range: ClosedRange<Int>, _ meaning: String = "") throws(ParseError) -> Int {
        guard case .integer(let number) = value else { throw mismatch("a whole number") }
        guard range.contains(number) else {
            throw valueError("\(key) = \(number) is out of range; \(meaning.isEmpty ? "use" : meaning) \(range.lowerBound)…\(range.upperBound)")
        }
        return number
    }

    func number(in range: ClosedRange<Double>, _ meaning: String = "") throws(ParseError) -> Double {
        let number: Double
        switch value {
        case .integer(let whole): number = Double(whole)
        case .float(let real): number = real
        default: throw mismatch("a number")
        }
        guard range.contains(number) else {
            throw valueError("\(key) = \(number.plainText) is out of range; \(meaning.isEmpty ? "use" : meaning) \(range.lowerBound.plainText)…\(range.upperBound.plainText)")
        }
        return number
    }

    /// A time in milliseconds.
    func milliseconds(in range: ClosedRange<Double>) throws(ParseError) -> EngineTime {
        .milliseconds(try number(in: range, "milliseconds"))
    }

    func entries() throws(ParseError) -> [TOMLNode] {
        guard case .table(let entries) = value else { throw mismatch("a table") }
        return entries
    }

    func elements() throws(ParseError) -> [TOMLNode] {
        guard case .array(let elements) = value else { throw mismatch("a list in [ ]") }
        return elements
    }

    /// The entry of a table, or nil (also for non-tables).
    subscript(key: String) -> TOMLNode? {
        guard case .table(let entries) = value else { return nil }
        return entries.first { $0.key == key }
    }

    /// Throws at the first entry whose key is not in `valid`, listing the valid keys.
    func rejectUnknownKeys(_ valid: [String]) throws(ParseError) {
        for entry in try entries() where !valid.contains(entry.key) {
            throw entry.keyError("unknown key \"\(entry.key)\" in \(entry.sectionName); valid: \(valid.joined(separator: ", "))")
        }
    }
}

extension String {
    var trimmingSpaces: Substring {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return Substring(scalars[first...last])
    }
}

extension Double {
    /// `30` rather than `30.0`, for messages.
    var plainText: String {
        rounded() == self && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
