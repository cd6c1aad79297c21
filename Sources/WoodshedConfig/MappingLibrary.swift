import Foundation
import WoodshedCore

/// Resolves `--map NAME|PATH` and reads the other files of the `mappings/` folder.
///
/// A NAME is a bundled `mappings/NAME.toml`; anything with a `/` or ending in `.toml` is a path.
public struct MappingLibrary: Sendable {
    /// The bundled `mappings/` folder, or nil when none was found.
    public var directory: String?

    /// The files in `mappings/` that are not instrument maps.
    public static let keyboardFileName = "keyboard"
    public static let tuningsFileName = "tunings"
    /// The map used when none is given.
    public static let defaultMapName = "gm"

    public init(directory: String?) { self.directory = directory }

    /// The library in the `mappings/` folder the locator finds.
    public init(locator: ResourceLocator = ResourceLocator()) { self.directory = locator.locate(.mappings) }

    /// The names `--map` accepts, sorted: every `*.toml` but the key map and the tunings.
    public var names: [String] {
        guard let directory, let files = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return files.filter { $0.hasSuffix(".toml") }
            .map { String($0.dropLast(5)) }
            .filter { $0 != Self.keyboardFileName && $0 != Self.tuningsFileName && !$0.hasPrefix(".") }
            .sorted()
    }

    /// Whether `argument` is a path rather than a bundled name.
    public static func isPath(_ argument: String) -> Bool {
        argument.contains("/") || argument.hasSuffix(".toml")
    }

    /// Loads `--map NAME|PATH`.
    public func load(_ argument: String) throws -> Mapping {
        if Self.isPath(argument) {
            let name = ((argument as NSString).lastPathComponent as NSString).deletingPathExtension
            let root = try TOMLDocument.load(path: argument, displayName: argument)
            return try MappingFileReader.read(root, file: argument, name: name)
        }
        let valid = names
        guard valid.contains(argument), let path = bundledPath(argument) else {
            if argument == Self.keyboardFileName || argument == Self.tuningsFileName {
                throw WoodshedError("\"\(argument)\" is not an instrument map; valid: \(valid.joined(separator: ", "))")
            }
            guard !valid.isEmpty else {
                throw WoodshedError("unknown map \"\(argument)\": no mappings/ folder found; set WOODSHED_HOME or give a path to a .toml file")
            }
            throw WoodshedError("unknown map \"\(argument)\"; valid: \(valid.joined(separator: ", ")) (or a path to a .toml file)")
        }
        let display = Self.displayName(path)
        return try MappingFileReader.read(TOMLDocument.load(path: path, displayName: display), file: display, name: argument)
    }

    /// The bundled computer-keyboard key map (`mappings/keyboard.toml`).
    public func computerKeyboardMap() throws -> ComputerKeyboardMap {
        let path = try requireBundled(Self.keyboardFileName)
        let display = Self.displayName(path)
        return try ComputerKeyboardMapReader.read(TOMLDocument.load(path: path, displayName: display))
    }

    /// The bundled tunings (`mappings/tunings.toml`), in file order.
    public func tunings() throws -> [TuningDefinition] {
        let path = try requireBundled(Self.tuningsFileName)
        let display = Self.displayName(path)
        return try TuningsReader.read(TOMLDocument.load(path: path, displayName: display))
    }

    func bundledPath(_ name: String) -> String? {
        guard let directory else { return nil }
        return (directory as NSString).appendingPathComponent("\(name).toml")
    }

    private func requireBundled(_ name: String) throws -> String {
        guard let path = bundledPath(name), FileManager.default.fileExists(atPath: path) else {
            throw WoodshedError("cannot find mappings/\(name).toml; set WOODSHED_HOME to the Woodshed checkout or install folder")
        }
        return path
    }

    /// A path as messages show it: relative to the current folder when inside it.
    static func displayName(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let prefix = cwd.hasSuffix("/") ? cwd : cwd + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
