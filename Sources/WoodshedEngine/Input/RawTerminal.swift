#if canImport(Glibc)
import Glibc
#endif

/// The terminal in raw mode for reading single key presses: no line buffering, no echo, reads that
/// return at once; Ctrl-C still stops (signals stay on). `restore()` puts back exactly what was
/// there, and every exit path of its owner calls it.
///
/// One type for the two readers of keys: `KeysInput` (the computer keyboard as pads, on the timing
/// thread) and the keys that change the mix while `play` runs (on the main thread).
public final class RawTerminal {
    private var saved = termios()
    private var raw = false
    private let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)

    /// Whether standard input is a terminal (keys can be read from it).
    public static var isAvailable: Bool { isatty(STDIN_FILENO) == 1 }

    public init() {}

    deinit {
        restore()
        bytes.deallocate()
    }

    /// Switches to raw mode. - Returns: false when standard input is not a terminal.
    @discardableResult
    public func enter() -> Bool {
        guard !raw, Self.isAvailable else { return raw }
        tcgetattr(STDIN_FILENO, &saved)
        var settings = saved
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
        settings.c_cc.6 = 0  // VMIN: return at once
        settings.c_cc.5 = 0  // VTIME
        tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        raw = true
        return true
    }

    /// Restores the terminal exactly as it was (idempotent).
    public func restore() {
        guard raw else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
        raw = false
    }

    /// Waits up to `milliseconds` for key presses and hands each byte read (at most 64) to `body`;
    /// returns how many there were. Allocates nothing.
    @discardableResult
    public func read(waitingUpTo milliseconds: Int32, _ body: (UInt8) -> Void) -> Int {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard Glibc.poll(&descriptor, 1, max(0, milliseconds)) > 0 else { return 0 }
        let count = Glibc.read(STDIN_FILENO, bytes, 64)
        guard count > 0 else { return 0 }
        for i in 0..<count { body(bytes[i]) }
        return count
    }
}
