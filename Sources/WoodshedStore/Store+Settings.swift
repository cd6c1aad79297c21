import Foundation
import GRDB
import WoodshedCore

extension Store {
    /// The stored value for `key`, or nil when never set (or unreadable as its type).
    public func setting<Value>(_ key: SettingKey<Value>) throws(StoreError) -> Value? {
        try read { db in
            try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key.name])
                .flatMap(Value.init(settingText:))
        }
    }

    /// Stores `value` for `key`; nil removes it.
    public func setSetting<Value>(_ key: SettingKey<Value>, _ value: Value?) throws(StoreError) {
        try write { db in
            if let value {
                try db.execute(
                    sql: """
                        INSERT INTO setting (key, value, updated_at) VALUES (?, ?, ?)
                        ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
                        """,
                    arguments: [key.name, value.settingText, Date()])
            } else {
                try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key.name])
            }
        }
    }
}

extension Store {
    /// A mixer channel's level (volume and mute) as last set, or nil for what was never set.
    public func level(of channel: MixerChannel) -> (volume: Double?, muted: Bool?) {
        (try? setting(.volume(channel)), try? setting(.volumeMuted(channel)))
    }

    /// Remembers a mixer channel's level for the next run (`--volume`, the mix keys while playing).
    public func remember(_ level: ChannelLevel, of channel: MixerChannel) throws(StoreError) {
        try setSetting(.volume(channel), level.volume)
        try setSetting(.volumeMuted(channel), level.muted)
    }
}
