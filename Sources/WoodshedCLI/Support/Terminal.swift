import Foundation

/// What the CLI knows about the terminal it writes to.
public enum Terminal {
    /// Colour only on a terminal, never with `NO_COLOR` set and non-empty, never with `TERM=dumb`.
    public static var useColour: Bool {
        let env = ProcessInfo.processInfo.environment
        if let noColour = env["NO_COLOR"], !noColour.isEmpty { return false }
        if env["TERM"] == "dumb" { return false }
        return isatty(STDOUT_FILENO) == 1
    }

    /// Whether standard output is a terminal that can rewrite a line in place (not a pipe, not
    /// `TERM=dumb`).
    public static var isInteractive: Bool {
        isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }

    /// How many columns to print in: `COLUMNS` when set, else the terminal's width, else 80.
    public static var width: Int {
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        var size = winsize()
        if isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    nonisolated(unsafe) private static var restoreHooks: [() -> Void] = []

    /// Registers work that must happen on every exit path (raw mode off, cursor back).
    public static func onExit(_ hook: @escaping () -> Void) { restoreHooks.append(hook) }

    /// Runs the registered exit hooks once.
    public static func restoreIfNeeded() {
        let hooks = restoreHooks
        restoreHooks.removeAll()
        for hook in hooks.reversed() { hook() }
    }
}
