import Foundation

/// Where Woodshed keeps its practice history.
///
/// One rule, shared by every command, so that `woodshed play` writes where `woodshed stats` reads:
/// `$WOODSHED_DATA_DIR` when set (tests, portable installs, a second profile), else
/// `$XDG_DATA_HOME/woodshed`, else `~/.local/share/woodshed`. A relative `XDG_DATA_HOME` is ignored,
/// as the XDG Base Directory specification asks.
public enum DataLocation {
    /// The environment variable that overrides the data folder.
    public static let directoryVariable = "WOODSHED_DATA_DIR"
    /// The database's file name inside the data folder.
    public static let databaseFileName = "woodshed.sqlite"

    /// The folder that holds the database, from `environment` (the process environment by default).
    public static func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let dir = environment[directoryVariable], !dir.isEmpty { return dir }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return join(xdg, "woodshed") }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return join(join(home, ".local/share"), "woodshed")
    }

    /// The database file, from `environment` (the process environment by default).
    public static func databasePath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        join(directory(environment: environment), databaseFileName)
    }

    private static func join(_ a: String, _ b: String) -> String {
        a.hasSuffix("/") ? a + b : a + "/" + b
    }
}
