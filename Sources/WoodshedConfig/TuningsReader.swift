import WoodshedCore

/// Reads `mappings/tunings.toml`: one table per tuning with `strings = ["E2", …]`.
public enum TuningsReader {
    public static func parse(_ text: String, file: String) throws(ParseError) -> [TuningDefinition] {
        try read(TOMLDocument.parse(text, file: file))
    }

    static func read(_ root: TOMLNode) throws(ParseError) -> [TuningDefinition] {
        var tunings: [TuningDefinition] = []
        for entry in try root.entries() {
            guard case .table = entry.value else {
                throw entry.keyError("\(entry.key) must be a tuning table such as [\(entry.key)] with strings = [\"E2\", \"A2\"]")
            }
            try entry.rejectUnknownKeys(["name", "strings"])
            guard let stringsNode = entry["strings"] else {
                throw entry.keyError("tuning \"\(entry.key)\" has no strings; add strings = [\"E2\", \"A2\", …]")
            }
            let elements = try stringsNode.elements()
            guard !elements.isEmpty else { throw stringsNode.valueError("tuning \"\(entry.key)\" needs at least one string") }
            var strings: [(note: String, location: SourceLocation)] = []
            for element in elements {
                guard case .string(let note) = element.value else {
                    throw element.valueError("strings of \"\(entry.key)\" must be note names in quotes such as \"E2\", not \(element.typeDescription)")
                }
                guard !note.trimmingSpaces.isEmpty else { throw element.valueError("empty string name in \"\(entry.key)\"; write a note such as \"E2\"") }
                strings.append((String(note.trimmingSpaces), element.valueLocation))
            }
            let title = try entry["name"]?.nonEmptyString()
            tunings.append(TuningDefinition(name: entry.key, title: title, strings: strings, location: entry.keyLocation))
        }
        return tunings
    }
}
