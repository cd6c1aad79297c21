import WoodshedCore

/// A value that can be kept in the settings table, as text.
public protocol StorableSetting: Sendable {
    var settingText: String { get }
    init?(settingText: String)
}

extension Double: StorableSetting {
    public var settingText: String { "\(self)" }
    public init?(settingText: String) { self.init(settingText) }
}

extension Int: StorableSetting {
    public var settingText: String { "\(self)" }
    public init?(settingText: String) { self.init(settingText) }
}

extension Bool: StorableSetting {
    public var settingText: String { self ? "true" : "false" }
    public init?(settingText: String) { self.init(settingText) }
}

extension String: StorableSetting {
    public var settingText: String { self }
    public init?(settingText: String) { self = settingText }
}

extension Array: StorableSetting where Element == String {
    public var settingText: String { joined(separator: ",") }
    public init?(settingText: String) { self = settingText.split(separator: ",").map(String.init) }
}

/// A typed name in the settings table: the key and the type of its value travel together, so a
/// speed is never read back as a string.
public struct SettingKey<Value: StorableSetting>: Hashable, Sendable {
    public let name: String
    public init(_ name: String) { self.name = name }
}

extension SettingKey where Value == Double {
    /// The speed (percent) last used on a chart, offered again next time.
    public static func lastSpeed(chart chartID: String) -> Self { Self("chart.\(chartID).speed") }
    /// A mixer channel's volume, 0–100 (percent).
    public static func volume(_ channel: MixerChannel) -> Self { Self("volume.\(channel.rawValue)") }
}

extension SettingKey where Value == Bool {
    /// Whether a mixer channel is muted.
    public static func volumeMuted(_ channel: MixerChannel) -> Self { Self("volume.\(channel.rawValue).muted") }
}

extension SettingKey where Value == Int {
    /// Count-in length in measures.
    public static let countIn = Self("count-in")
}

extension SettingKey where Value == String {
    /// The measures last looped on a chart (`--loop 9-12`), as "9-12".
    public static func loop(chart chartID: String) -> Self { Self("chart.\(chartID).loop") }

    /// The metronome's sound ("click", "woodblock", "cowbell"...).
    public static let metronomeSound = Self("metronome.sound")
}

extension SettingKey where Value == [String] {
    /// The voices last isolated on a chart (`--voices`).
    public static func voiceIsolation(chart chartID: String) -> Self { Self("chart.\(chartID).voices") }
}
