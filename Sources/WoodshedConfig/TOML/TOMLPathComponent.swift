/// One step into a TOML document: a key in a table or a position in an array.
enum TOMLPathComponent: Hashable, Sendable, CustomStringConvertible {
    case key(String)
    case index(Int)

    var description: String {
        switch self {
        case .key(let key): key
        case .index(let index): "[\(index)]"
        }
    }
}
