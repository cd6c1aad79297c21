import Foundation
import GRDB
import WoodshedCore

/// A recording the practice player has opened: where it was left, how it was last heard, whether
/// it is a favorite, how often it was played. Keyed by the recording's content, so a renamed or
/// moved file keeps all of it (`path` follows the file).
public struct StoredRecording: Hashable, Sendable, Codable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "recording"

    public var id: String
    public var path: String
    public var title: String
    public var artist: String?
    public var lengthMs: Double
    /// Where playback stopped last time (nil: finished, or never left mid-way).
    public var positionMs: Double?
    public var positionAt: Date?
    /// The speed, pitch and loop heard last time, offered again.
    public var speed: Double?
    public var pitch: Double?
    public var linked: Bool?
    public var loopFromMs: Double?
    public var loopToMs: Double?
    /// When it was made a favorite (nil: not one).
    public var favoriteAt: Date?
    public var plays: Int
    public var lastPlayedAt: Date?

    public init(id: String, path: String, title: String, artist: String? = nil, lengthMs: Double) {
        self.id = id
        self.path = path
        self.title = title
        self.artist = artist
        self.lengthMs = lengthMs
        plays = 0
    }

    public enum CodingKeys: String, CodingKey {
        case id, path, title, artist, lengthMs = "length_ms", positionMs = "position_ms", positionAt = "position_at"
        case speed, pitch, linked, loopFromMs = "loop_from_ms", loopToMs = "loop_to_ms", favoriteAt = "favorite_at"
        case plays, lastPlayedAt = "last_played_at"
    }
}

/// How `woodshed listen --favorites` orders the list.
public enum FavoriteOrder: String, CaseIterable, Sendable {
    case added, title, length, played
}

extension Store {
    /// The recording with this content id, if it was ever opened.
    public func recording(id: String) throws(StoreError) -> StoredRecording? {
        try read { db in try StoredRecording.fetchOne(db, key: id) }
    }

    /// Stores everything about a recording (inserted the first time, replaced after).
    public func save(_ recording: StoredRecording) throws(StoreError) {
        try write { db in try recording.save(db) }
    }

    /// The favorites, in `order` (added: oldest first; played: most played first).
    public func favorites(order: FavoriteOrder = .added) throws(StoreError) -> [StoredRecording] {
        let sort = switch order {
        case .added: "favorite_at, title"
        case .title: "title COLLATE NOCASE, favorite_at"
        case .length: "length_ms, title"
        case .played: "plays DESC, favorite_at"
        }
        return try read { db in
            try StoredRecording.fetchAll(db, sql: "SELECT * FROM recording WHERE favorite_at IS NOT NULL ORDER BY \(sort)")
        }
    }
}

extension SettingKey where Value == Double {
    /// The practice player's speed for recordings that have none of their own (1 = as recorded).
    public static let listenSpeed = Self("listen.speed")
}
