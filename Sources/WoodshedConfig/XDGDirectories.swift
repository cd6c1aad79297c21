import Foundation

/// The XDG base directories, resolved the way the specification says.
///
/// A variable that is unset, empty or relative is ignored in favour of the default under the home
/// folder (config `~/.config`, data `~/.local/share`, state `~/.local/state`, cache `~/.cache`).
/// Woodshed's own files live in a `woodshed` folder inside each.
public struct XDGDirectories: Hashable, Sendable {
    public var config: String
    public var data: String
    public var state: String
    public var cache: String

    /// Resolves from `environment` (the process's by default); `home` falls back to `$HOME`, then
    /// the account's home folder.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment, home: String? = nil) {
        let home = home ?? environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        func resolve(_ variable: String, _ fallback: String) -> String {
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return (home as NSString).appendingPathComponent(fallback)
        }
        config = resolve("XDG_CONFIG_HOME", ".config")
        data = resolve("XDG_DATA_HOME", ".local/share")
        state = resolve("XDG_STATE_HOME", ".local/state")
        cache = resolve("XDG_CACHE_HOME", ".cache")
    }

    /// `config/woodshed`: the configuration file's folder.
    public var woodshedConfig: String { (config as NSString).appendingPathComponent("woodshed") }
    /// `data/woodshed`: the practice database, your own charts and mappings.
    public var woodshedData: String { (data as NSString).appendingPathComponent("woodshed") }
    /// `state/woodshed`: logs and the last session's state.
    public var woodshedState: String { (state as NSString).appendingPathComponent("woodshed") }
    /// `cache/woodshed`: anything that can be rebuilt.
    public var woodshedCache: String { (cache as NSString).appendingPathComponent("woodshed") }
    /// `config/woodshed/config.toml`.
    public var configFile: String { (woodshedConfig as NSString).appendingPathComponent("config.toml") }
}
