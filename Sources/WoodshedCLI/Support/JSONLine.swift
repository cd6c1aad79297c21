import Foundation
import WoodshedCore

/// One JSON object on one line, keys in the order given — for `--json` output that people read
/// with their eyes and programs read with a parser.
public struct JSONLine: CustomStringConvertible {
    public enum Value {
        case string(String)
        case int(Int)
        case double(Double)
        case bool(Bool)
        case null
        case object(JSONLine)
        case array([Value])
    }

    private var fields: [(String, Value)] = []

    public init() {}

    public init(_ fields: [(String, Value)]) { self.fields = fields }

    public mutating func add(_ key: String, _ value: Value) { fields.append((key, value)) }

    public var description: String {
        "{" + fields.map { "\(JSONLine.quote($0.0)):\(JSONLine.render($0.1))" }.joined(separator: ",") + "}"
    }

    static func render(_ value: Value) -> String {
        switch value {
        case .string(let s): return quote(s)
        case .int(let i): return String(i)
        case .double(let d):
            guard d.isFinite else { return "null" }
            // Three decimals are enough for milliseconds and keep lines short and stable.
            let rounded = (d * 1000).rounded() / 1000
            return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : String(rounded)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .object(let o): return o.description
        case .array(let a): return "[" + a.map(render).joined(separator: ",") + "]"
        }
    }

    static func quote(_ s: String) -> String { JSONText.quote(s) }
}

extension JSONLine.Value: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

/// Writes lines to standard output and flushes each, so a pipe sees them as they happen.
public enum Output {
    public static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// One line on standard error (warnings, notices that must not mix with `--json` output).
    public static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
