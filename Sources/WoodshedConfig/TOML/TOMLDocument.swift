import Foundation
import TOMLKit
import WoodshedCore

/// Reads a TOML file into `TOMLNode`s: TOMLKit parses, `TOMLLocationScanner` places.
enum TOMLDocument {
    /// Parses `text`; `file` is the name error messages use.
    static func parse(_ text: String, file: String) throws(ParseError) -> TOMLNode {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let begin = error.source.begin
            throw ParseError(
                SourceLocation(file: file, line: max(begin.line, 1), column: max(begin.column, 1)),
                "not valid TOML: \(error.description)")
        } catch {
            throw ParseError(SourceLocation(file: file, line: 1, column: 1), "not valid TOML: \(error)")
        }
        let scanner = TOMLLocationScanner(text)
        let start = SourceLocation(file: file, line: 1, column: 1)
        return withExtendedLifetime(table) {
            convert(table, path: [], keyLocation: start, valueLocation: start, scanner: scanner, file: file)
        }
    }

    /// Reads and parses a file. `displayName` is how messages name it (as the user wrote it).
    static func load(path: String, displayName: String) throws -> TOMLNode {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                throw WoodshedError(isDirectory.boolValue ? "\(displayName) is a folder, not a TOML file"
                                                          : "\(displayName): cannot read the file (check its permissions)")
            }
            throw WoodshedError("\(displayName): no such file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw WoodshedError("\(displayName): not UTF-8 text; save it as UTF-8")
        }
        return try parse(text, file: displayName)
    }

    private static func convert(
        _ node: any TOMLValueConvertible, path: [TOMLPathComponent], keyLocation: SourceLocation,
        valueLocation: SourceLocation, scanner: TOMLLocationScanner, file: String
    ) -> TOMLNode {
        func locations(of child: [TOMLPathComponent]) -> (key: SourceLocation, value: SourceLocation) {
            let value = scanner.values[child].map { SourceLocation(file: file, line: $0.line, column: $0.column) }
            let key = scanner.keys[child].map { SourceLocation(file: file, line: $0.line, column: $0.column) }
            return (key ?? value ?? valueLocation, value ?? key ?? valueLocation)
        }
        let value: TOMLNode.Value
        switch node.type {
        case .table:
            let table = node.table!
            var entries: [TOMLNode] = []
            for key in table.keys {
                guard let child = table[key] else { continue }
                let childPath = path + [.key(key)]
                let at = locations(of: childPath)
                entries.append(convert(child, path: childPath, keyLocation: at.key, valueLocation: at.value,
                                       scanner: scanner, file: file))
            }
            entries.sort { ($0.keyLocation.line, $0.keyLocation.column ?? 0) < ($1.keyLocation.line, $1.keyLocation.column ?? 0) }
            value = .table(entries)
        case .array:
            let array = node.array!
            var elements: [TOMLNode] = []
            for (i, element) in array.enumerated() {
                let childPath = path + [.index(i)]
                let at = locations(of: childPath)
                elements.append(convert(element, path: childPath, keyLocation: at.value, valueLocation: at.value,
                                        scanner: scanner, file: file))
            }
            value = .array(elements)
        case .string: value = .string(node.string ?? "")
        case .int: value = .integer(node.int ?? 0)
        case .double: value = .float(node.double ?? 0)
        case .bool: value = .boolean(node.bool ?? false)
        case .date: value = .other("date")
        case .time: value = .other("time")
        case .dateTime: value = .other("date and time")
        }
        return TOMLNode(path: path, keyLocation: keyLocation, valueLocation: valueLocation, value: value)
    }
}
