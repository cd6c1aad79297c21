/// The keys that change the mix while `woodshed play` runs: a channel's letter turns it down a
/// step, the same letter in upper case turns it up (and unmutes it).
///
/// `s` song, `h` chart sounds (c**h**art: DTX chips and autoplay), `k` kit, `c` click, `m` master.
public enum MixKeys {
    /// How much one key press changes a volume, in percent.
    public static let step = 10.0

    /// Each channel's letter (lower case).
    public static let letters: [(key: Character, channel: MixerChannel)] = [
        ("s", .song), ("h", .chart), ("k", .kit), ("c", .click), ("m", .master),
    ]

    /// The level `key` sets for its channel, from `current`, or nil when the key is not a mix key.
    public static func change(for key: UInt8, current: (MixerChannel) -> ChannelLevel) -> (MixerChannel, ChannelLevel)? {
        let character = Character(Unicode.Scalar(key))
        guard let entry = letters.first(where: { $0.key == character || Character($0.key.uppercased()) == character }) else { return nil }
        let up = character.isUppercase
        return (entry.channel, current(entry.channel).stepped(by: up ? step : -step))
    }

    /// The one-line help shown when the run starts.
    public static let help = "mix keys: s song, h chart sounds, k kit, c click, m master — lower case down 10 %, upper case up"
}

extension ChannelLevel {
    /// The level `delta` percent louder (or quieter), kept in 0–100; turning up unmutes.
    public func stepped(by delta: Double) -> ChannelLevel {
        ChannelLevel(volume: volume + delta, muted: delta > 0 ? false : muted)
    }
}
