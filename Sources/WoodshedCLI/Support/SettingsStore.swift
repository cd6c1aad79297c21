import Foundation
import WoodshedCore
import WoodshedStore

/// The store for commands that only read and remember settings (`render`'s mix, `metronome`'s
/// click): they use a history that exists but start one only when asked to remember something.
enum SettingsStore {
    /// The store at `DataLocation` when it exists or `creating`, else nil. A store that cannot be
    /// opened is one warning line and an in-memory store (nothing is remembered).
    static func open(creating: Bool) -> Store? {
        let path = DataLocation.databasePath()
        guard creating || FileManager.default.fileExists(atPath: path) else { return nil }
        let (store, warning) = Store.openOrFallback(path: path)
        if let warning { Output.error("woodshed: \(warning)") }
        return store
    }
}
