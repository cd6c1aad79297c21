import Foundation
import WoodshedCore

/// Files that ship with Woodshed or the system: soundfonts, mappings, charts.
enum Bundled {
    /// The soundfont to use: `--soundfont PATH`, else a system General MIDI font.
    static func soundFont(explicit: String?) throws -> String {
        if let explicit {
            guard FileManager.default.fileExists(atPath: explicit) else {
                throw WoodshedError("\(explicit): no such soundfont; check the path given to --soundfont")
            }
            return explicit
        }
        for name in ["default-GM.sf2", "FluidR3_GM.sf2", "TimGM6mb.sf2"] {
            let path = "/usr/share/sounds/sf2/" + name
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        throw WoodshedError("no soundfont found; install one (`sudo apt install fluid-soundfont-gm`) or give --soundfont PATH")
    }
}
