import ArgumentParser
import WoodshedCore

/// Where MIDI comes from, as given to `--input`.
public enum InputSpec: Equatable, Sendable, ExpressibleByArgument, CustomStringConvertible {
    /// The ALSA sequencer: every hardware source (nil) or one (`20:0`, `TD-17`).
    case alsa(String?)
    /// A text file of events (`MS NOTE VELOCITY`), replayed offline.
    case events(String)
    /// The note-ons of a Standard MIDI File, replayed offline.
    case smf(String)
    /// The computer keyboard.
    case keys
    /// A simulated drummer playing the chart (seeded timing bias and spread, a few misses and
    /// extra hits), offline: `woodshed play` and `woodshed demo` only.
    case sim(UInt64)

    public init?(argument: String) {
        if argument == "alsa" { self = .alsa(nil); return }
        if argument == "keys" { self = .keys; return }
        if argument == "sim" { self = .sim(1); return }
        let parts = argument.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[1].isEmpty else { return nil }
        switch parts[0] {
        case "alsa": self = .alsa(parts[1])
        case "events": self = .events(parts[1])
        case "smf": self = .smf(parts[1])
        case "sim":
            guard let seed = UInt64(parts[1]) else { return nil }
            self = .sim(seed)
        default: return nil
        }
    }

    public static var allValueStrings: [String] { ["alsa", "alsa:CLIENT:PORT", "alsa:NAME", "events:FILE", "smf:FILE", "keys", "sim[:SEED]"] }

    /// Whether a person plays through it (a MIDI instrument, the computer keyboard), rather than a
    /// file, a pipe or a simulation.
    public var isPlayedByPerson: Bool {
        switch self {
        case .alsa, .keys: true
        case .events, .smf, .sim: false
        }
    }

    /// Whether it is replayed offline on a virtual clock (a file) rather than read as it happens (an
    /// instrument, the keyboard, a pipe).
    public var isOffline: Bool {
        switch self {
        case .events(let path): !EventStream.isStream(path)
        case .smf, .sim: true
        case .alsa, .keys: false
        }
    }

    public var description: String {
        switch self {
        case .alsa(nil): "alsa"
        case .alsa(let s?): "alsa:\(s)"
        case .events(let f): "events:\(f)"
        case .smf(let f): "smf:\(f)"
        case .keys: "keys"
        case .sim(let seed): "sim:\(seed)"
        }
    }
}

/// Where sound goes, as given to `--output`.
public enum OutputSpec: Equatable, Sendable, ExpressibleByArgument, CustomStringConvertible {
    case alsa(String)
    case null

    public init?(argument: String) {
        if argument == "null" { self = .null; return }
        if argument == "alsa" { self = .alsa("default"); return }
        guard argument.hasPrefix("alsa:"), argument.count > 5 else { return nil }
        self = .alsa(String(argument.dropFirst(5)))
    }

    public var description: String {
        switch self {
        case .alsa(let d): "alsa:\(d)"
        case .null: "null"
        }
    }
}
