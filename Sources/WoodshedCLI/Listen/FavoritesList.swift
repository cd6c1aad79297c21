import ArgumentParser
import Foundation
import WoodshedCore
import WoodshedStore

/// `woodshed listen --favorites`: the favorite recordings, numbered, with what a musician wants
/// to see before choosing one; `--unfavorite N|FILE` takes one off the list.
enum FavoritesList {
    static func run(order: FavoriteOrder, unfavorite: String?, json: Bool) throws {
        guard let store = SettingsStore.open(creating: unfavorite != nil) else {
            return json ? Output.jsonDocument([Row]()) : Output.line("no favorites yet: press f while listening, or give --favorite")
        }
        var list = try store.favorites(order: order)
        if let unfavorite {
            var chosen: StoredRecording?
            if let n = Int(unfavorite) {
                guard (1...max(list.count, 1)).contains(n), n <= list.count else {
                    throw WoodshedError("there is no favorite \(n): the list has \(list.count) (see woodshed listen --favorites)")
                }
                chosen = list[n - 1]
            } else {
                let id = try RecordingID.of(path: unfavorite)
                chosen = list.first { $0.id == id }
                guard chosen != nil else { throw WoodshedError("\(unfavorite) is not a favorite (see woodshed listen --favorites)") }
            }
            guard var recording = chosen else { return }
            recording.favoriteAt = nil
            try store.save(recording)
            if !json { Output.line("removed \(recording.title) from the favorites") }
            list = try store.favorites(order: order)
        }
        let rows = list.enumerated().map { Row(number: $0.offset + 1, $0.element) }
        if json { return Output.jsonDocument(rows) }
        guard !rows.isEmpty else { return Output.line("no favorites yet: press f while listening, or give --favorite") }
        let day = DateFormatter()
        day.dateFormat = "yyyy-MM-dd"
        for row in rows {
            let place = row.positionMs.map { "at " + MediaTime.text(.milliseconds($0)) } ?? "from the start"
            Output.line(String(format: "%3d  %@%@  %@  added %@  %@  played %d×", row.number, row.title,
                               row.artist.map { " — \($0)" } ?? "", MediaTime.text(.milliseconds(row.lengthMs)),
                               day.string(from: row.added), place, row.plays))
        }
    }

    /// One favorite as listed (`--json`: an array of these).
    struct Row: Encodable {
        var number: Int
        var title: String
        var artist: String?
        var path: String
        var lengthMs: Double
        var added: Date
        var positionMs: Double?
        var plays: Int

        init(number: Int, _ r: StoredRecording) {
            self.number = number
            title = r.title
            artist = r.artist
            path = r.path
            lengthMs = r.lengthMs
            added = r.favoriteAt ?? Date()
            positionMs = r.positionMs
            plays = r.plays
        }
    }
}
extension FavoriteOrder: ExpressibleByArgument {}
