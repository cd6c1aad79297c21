import WoodshedCore

/// Reads `config.toml` into a `WoodshedConfiguration`; every key is optional, every unknown key is
/// an error that lists the valid ones.
enum ConfigurationReader {
    static let sections = ["input", "output", "mixer", "metronome", "judging"]

    static func read(_ root: TOMLNode) throws(ParseError) -> WoodshedConfiguration {
        var config = WoodshedConfiguration()
        try root.rejectUnknownKeys(sections)
        for section in try root.entries() { _ = try section.entries() }

        if let input = root["input"] {
            try input.rejectUnknownKeys(["device", "map"])
            if let v = input["device"] { config.input = try v.nonEmptyString() }
            if let v = input["map"] { config.map = try v.nonEmptyString() }
        }
        if let output = root["output"] {
            try output.rejectUnknownKeys(["device", "soundfont", "sample-rate", "period-frames", "periods"])
            if let v = output["device"] { config.output = try v.nonEmptyString() }
            if let v = output["soundfont"] {
                let path = try v.string()
                config.soundfont = path.trimmingSpaces.isEmpty ? nil : path
            }
            if let v = output["sample-rate"] { config.sampleRate = try v.integer(in: 8_000...192_000, "sample rates are (Hz)") }
            if let v = output["period-frames"] { config.periodFrames = try v.integer(in: 16...8_192, "use") }
            if let v = output["periods"] { config.periodCount = try v.integer(in: 2...16, "use") }
        }
        if let mixer = root["mixer"] {
            let names = WoodshedConfiguration.MixerChannel.allCases.map(\.rawValue)
            for entry in try mixer.entries() {
                guard let channel = WoodshedConfiguration.MixerChannel(name: entry.key) else {
                    throw entry.keyError("unknown key \"\(entry.key)\" in \(entry.sectionName); valid: \(names.joined(separator: ", "))")
                }
                try entry.rejectUnknownKeys(["volume", "gain-db", "mute"])
                var level = config[channel]
                if let v = entry["gain-db"] {
                    level.volume = WoodshedConfiguration.ChannelLevel.volume(
                        decibels: try v.number(in: WoodshedConfiguration.ChannelLevel.decibelRange, "gains are (dB; or write volume = 0…100)"))
                }
                if let v = entry["volume"] { level.volume = try v.number(in: WoodshedConfiguration.ChannelLevel.volumeRange, "volumes are (percent)") }
                if let v = entry["mute"] { level.muted = try v.bool() }
                config[channel] = level
            }
        }
        if let metronome = root["metronome"] {
            try metronome.rejectUnknownKeys(["sound", "count-in-bars"])
            if let v = metronome["sound"] { config.metronomeSound = try v.nonEmptyString() }
            if let v = metronome["count-in-bars"] { config.countInBars = try v.integer(in: 0...8, "use") }
        }
        if let judging = root["judging"] {
            let tiers = ["perfect-ms", "great-ms", "good-ms"]
            try judging.rejectUnknownKeys(tiers)
            var ordered = [config.judging.perfect, config.judging.great, config.judging.good]
            for (i, tier) in tiers.enumerated() {
                if let v = judging[tier] { ordered[i] = try v.milliseconds(in: 1...1_000) }
            }
            for i in 1..<ordered.count where ordered[i] < ordered[i - 1] {
                let node = judging[tiers[i]] ?? judging[tiers[i - 1]] ?? judging
                throw node.valueError("judging windows must widen from perfect to good; \(tiers[i]) (\(ordered[i])) is narrower than \(tiers[i - 1]) (\(ordered[i - 1]))")
            }
            // Widening and within 1 s, as checked above: the judge's own check cannot fail.
            config.judging = try! JudgingWindows(perfect: ordered[0], great: ordered[1], good: ordered[2])
        }
        return config
    }
}
