import ArgumentParser
import Foundation
import WoodshedConfig
import WoodshedCore
import WoodshedStore

/// `--volume` and `--mix`: the five channels' levels for a run of `play`, `demo` or `render`.
///
/// Levels come, each overriding the one before, from the config file's `[mixer]`, the levels
/// remembered from the last run that set them, a `--mix` preset, and `--volume`. What `--mix` or
/// `--volume` set is remembered for the next run.
struct MixOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Channel volumes in percent (0–100), or mute / unmute, for song, chart, kit, click and master, e.g. song=50,click=100,kit=mute. Remembered for next time.", valueName: "CHANNEL=N,…"))
    var volume: String?

    @Option(name: .long, help: ArgumentHelp("A mix preset: balanced (all 70 %), practice (song 50, click 100, kit 80) or performance (song 80, click 30, kit 100). Remembered for next time.", valueName: "balanced|practice|performance"))
    var mix: MixPreset?

    typealias Channel = MixerChannel

    /// One change `--volume` asks for.
    enum Change: Equatable {
        case volume(Double)
        case mute, unmute
    }

    /// `song=50,click=100,kit=mute`, or one line saying what is wrong.
    static func parse(_ text: String) throws -> [(Channel, Change)] {
        let names = Channel.allCases.map(\.rawValue).joined(separator: ", ")
        return try text.split(separator: ",").map { item in
            let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard parts.count == 2, !parts[1].isEmpty else {
                throw ValidationError("--volume \(item): write CHANNEL=PERCENT (e.g. song=50) or CHANNEL=mute; channels: \(names)")
            }
            guard let channel = Channel(rawValue: parts[0]) else {
                throw ValidationError("--volume \(item): no channel \"\(parts[0])\"; channels: \(names)")
            }
            switch parts[1] {
            case "mute", "off": return (channel, .mute)
            case "unmute", "on": return (channel, .unmute)
            default:
                guard let percent = Double(parts[1].hasSuffix("%") ? String(parts[1].dropLast()) : parts[1]),
                      ChannelLevel.volumeRange.contains(percent) else {
                    throw ValidationError("--volume \(item): a volume is 0 to 100 (percent), or mute / unmute")
                }
                return (channel, .volume(percent))
            }
        }
    }

    func validate() throws {
        if let volume { _ = try Self.parse(volume) }
    }

    /// Sets `configuration`'s channel levels for this run from what is remembered in `store`, the
    /// preset and `--volume`; remembers what the preset and `--volume` set when `remember`.
    /// - Returns: a warning when the levels could not be remembered.
    func apply(to configuration: inout WoodshedConfiguration, store: Store, remember: Bool) -> String? {
        for channel in Channel.allCases {
            let remembered = store.level(of: channel)
            if let volume = remembered.volume { configuration[channel].volume = volume }
            if let muted = remembered.muted { configuration[channel].muted = muted }
        }
        var changed = Set<Channel>()
        if let mix {
            for (channel, volume) in mix.volumes {
                configuration[channel].volume = volume
                changed.insert(channel)
            }
        }
        // Checked in `validate`: a bad list never gets here.
        for (channel, change) in (try? Self.parse(volume ?? "")) ?? [] {
            switch change {
            case .volume(let v): configuration[channel].volume = v
            case .mute: configuration[channel].muted = true
            case .unmute: configuration[channel].muted = false
            }
            changed.insert(channel)
        }
        guard remember else { return nil }
        do {
            for channel in changed { try store.remember(configuration[channel], of: channel) }
        } catch {
            return "\(error.message); the volumes are not remembered"
        }
        return nil
    }
}

/// The mix presets, in percent.
enum MixPreset: String, ExpressibleByArgument, CaseIterable {
    case balanced, practice, performance

    var volumes: [(MixerChannel, Double)] {
        switch self {
        case .balanced: [(.song, 70), (.chart, 70), (.kit, 70), (.click, 70), (.master, 70)]
        case .practice: [(.song, 50), (.click, 100), (.kit, 80)]
        case .performance: [(.song, 80), (.click, 30), (.kit, 100)]
        }
    }
}
