import Foundation
import WoodshedCore

/// Picks the soundfont FluidSynth plays: yours if you name one, else a system General MIDI one,
/// else the small kit Woodshed ships.
public struct SoundfontChooser: Sendable {
    /// Where Debian's soundfont packages install (`fluid-soundfont-gm`, `timgm6mb-soundfont`).
    public var systemDirectory: String
    /// System soundfonts in order of preference.
    public var systemPreferences: [String]
    /// Finds the bundled `soundfonts/` folder.
    public var locator: ResourceLocator

    public static let bundledFileName = "woodshed-kit.sf2"

    public init(
        systemDirectory: String = "/usr/share/sounds/sf2",
        systemPreferences: [String] = ["default-GM.sf2", "FluidR3_GM.sf2", "TimGM6mb.sf2"],
        locator: ResourceLocator = ResourceLocator()
    ) {
        self.systemDirectory = systemDirectory
        self.systemPreferences = systemPreferences
        self.locator = locator
    }

    /// The soundfont to load: `explicit` (`--soundfont PATH`, or the configuration's `soundfont`)
    /// if given, which must exist; else the first system soundfont present; else the bundled one.
    public func choose(explicit: String?) throws -> String {
        if let explicit {
            guard Self.isFile(explicit) else {
                throw WoodshedError("soundfont \(explicit) not found; give the path of an existing .sf2 file, or leave it out to use a system one")
            }
            return explicit
        }
        for name in systemPreferences {
            let path = (systemDirectory as NSString).appendingPathComponent(name)
            if Self.isFile(path) { return path }
        }
        if let folder = locator.locate(.soundfonts) {
            let path = (folder as NSString).appendingPathComponent(Self.bundledFileName)
            if Self.isFile(path) { return path }
        }
        throw WoodshedError("no soundfont found; install one with `apt install fluid-soundfont-gm`, or pass --soundfont PATH")
    }

    static func isFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
}
