import WoodshedCore
import WoodshedStore

/// The practice settings Woodshed remembers for each chart — the speed, the voices being practised
/// and the loop — so that tomorrow's `woodshed play CHART` picks up where today's left off.
///
/// They are remembered only from sessions a person played, always shown when they are applied
/// ("remembered: voices snare, speed 75 % — `--fresh` to start clean"), and each flag that sets one
/// also clears it: `--speed 100`, `--voices all` (or `--preset all`), `--loop off`. `--fresh` ignores
/// them for one run; the run's own settings are then what is remembered.
struct RememberedSettings: Equatable {
    /// Percent of the chart's tempo; nil for 100 %.
    var speedPercent: Int?
    /// The voices judged; nil for all.
    var voices: Set<DrumVoice>?
    /// The measures looped; nil for the whole chart.
    var loop: ClosedRange<Int>?

    var isEmpty: Bool { speedPercent == nil && voices == nil && loop == nil }

    /// What `--voices`/`--preset` asked for.
    enum VoiceRequest: Equatable {
        case all
        case only(Set<DrumVoice>)
    }

    /// What `--loop` asked for.
    enum LoopRequest: Equatable {
        case off
        case measures(ClosedRange<Int>)
    }

    /// The flags as typed (nil: not given).
    struct Request: Equatable {
        var speedPercent: Int?
        var voices: VoiceRequest?
        var loop: LoopRequest?
        /// `--fresh`: nothing remembered applies to this run.
        var fresh = false
    }

    /// The settings a run uses: each flag given wins, else what is remembered (unless `fresh`).
    /// - Returns: the settings in force, and the part of them that came from memory (to show).
    static func resolve(_ request: Request, remembered: RememberedSettings) -> (effective: RememberedSettings, fromMemory: RememberedSettings) {
        let memory = request.fresh ? RememberedSettings() : remembered
        var effective = RememberedSettings()
        var fromMemory = RememberedSettings()
        if let speed = request.speedPercent {
            effective.speedPercent = speed == 100 ? nil : speed
        } else {
            effective.speedPercent = memory.speedPercent
            fromMemory.speedPercent = memory.speedPercent
        }
        switch request.voices {
        case .all?: effective.voices = nil
        case .only(let voices)?: effective.voices = voices
        case nil:
            effective.voices = memory.voices
            fromMemory.voices = memory.voices
        }
        switch request.loop {
        case .off?: effective.loop = nil
        case .measures(let range)?: effective.loop = range
        case nil:
            effective.loop = memory.loop
            fromMemory.loop = memory.loop
        }
        return (effective, fromMemory)
    }

    /// "voices hihat snare, speed 75 %, loop 9-12".
    var description: String {
        var parts: [String] = []
        if let voices { parts.append("voices " + voices.sorted { $0.index < $1.index }.map(\.rawValue).joined(separator: " ")) }
        if let speedPercent { parts.append("speed \(speedPercent) %") }
        if let loop { parts.append("loop \(loop.lowerBound)-\(loop.upperBound)") }
        return parts.joined(separator: ", ")
    }

    /// The line shown when anything remembered applies, naming how to undo each part.
    var notice: String? {
        guard !isEmpty else { return nil }
        var undo: [String] = []
        if voices != nil { undo.append("--voices all") }
        if speedPercent != nil { undo.append("--speed 100") }
        if loop != nil { undo.append("--loop off") }
        return "remembered for this chart: \(description) — `--fresh` to start clean (or \(undo.joined(separator: ", ")))"
    }

    // MARK: The store

    static func load(from store: Store, chart: String) -> RememberedSettings {
        var settings = RememberedSettings()
        if let speed = (try? store.setting(.lastSpeed(chart: chart))).flatMap({ $0 }), speed != 100 {
            settings.speedPercent = Int(speed.rounded())
        }
        if let names = (try? store.setting(.voiceIsolation(chart: chart))).flatMap({ $0 }) {
            let voices = Set(names.compactMap(DrumVoice.init(rawValue:)))
            settings.voices = voices.isEmpty ? nil : voices
        }
        if let text = (try? store.setting(.loop(chart: chart))).flatMap({ $0 }) {
            settings.loop = PracticeOptions.parseLoop(text)
        }
        return settings
    }

    /// Stores these settings for `chart`; a setting at its default is removed.
    func save(to store: Store, chart: String) throws(StoreError) {
        try store.setSetting(.lastSpeed(chart: chart), speedPercent.map(Double.init))
        try store.setSetting(.voiceIsolation(chart: chart), voices.map { $0.map(\.rawValue).sorted() })
        try store.setSetting(.loop(chart: chart), loop.map { "\($0.lowerBound)-\($0.upperBound)" })
    }
}
