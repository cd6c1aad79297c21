import Foundation
import WoodshedCore
import WoodshedStore

/// Opening the practice history for the read-only views.
enum ProgressStore {
    /// The history at `DataLocation`, or nil when nothing has been recorded yet (the views then
    /// say how to start instead of creating an empty file). Sessions a killed process left behind
    /// are reported on standard error, one line each.
    static func open() throws -> Store? {
        let path = DataLocation.databasePath()
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let store = try Store(path: path)
        for session in store.recoveredSessions {
            FileHandle.standardError.write(Data("woodshed: \(session.cutShortMessage)\n".utf8))
        }
        return store
    }

    /// Prints a view as one JSON document (`JSONOutput`: snake_case keys, dates with their offset).
    static func printJSON<T: Encodable>(_ value: T) throws {
        Output.jsonDocument(value)
    }

    /// `--since` as a date, or a one-line error.
    static func parseSince(_ text: String?) throws -> Date? {
        guard let text else { return nil }
        guard let date = ProgressFormat.parseDay(text) else {
            throw WoodshedError("--since \(text): expected a date like 2026-11-21")
        }
        return date
    }
}
