#if canImport(Glibc)
import Glibc
#endif
import WoodshedCore

/// The computer keyboard as pads or keys (`--input keys`), for people without MIDI gear.
///
/// Puts the terminal in raw mode (no line buffering, no echo; Ctrl-C still stops) and turns each key
/// press into a note-on from a fixed table. A terminal reports no key releases and carries no kernel
/// MIDI stamp, so a key is stamped with the engine clock when the timing thread reads it. The
/// terminal is restored by `stop()`, which every exit path calls; Escape ends the input.
public final class KeysInput<Keys: KeyTranslator>: MIDIInput {
    private let clock: EngineClock
    private var keys: Keys
    private let channel: UInt8
    private var saved = termios()
    private var raw = false
    private var ended = false
    private let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)

    /// - Parameter keys: which key sends which note at which velocity.
    public init(clock: EngineClock, keys: Keys, channel: UInt8) {
        self.clock = clock
        self.keys = keys
        self.channel = channel
    }

    deinit { bytes.deallocate() }

    public var name: String { "keys" }
    public var isOffline: Bool { false }

    public func start() throws {
        guard isatty(STDIN_FILENO) == 1 else {
            throw WoodshedError("--input keys needs a terminal to read keys from; run it in a terminal, or use --input events:FILE")
        }
        tcgetattr(STDIN_FILENO, &saved)
        var settings = saved
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
        settings.c_cc.6 = 0  // VMIN: return at once
        settings.c_cc.5 = 0  // VTIME
        tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        raw = true
    }

    /// Restores the terminal exactly as it was.
    public func stop() {
        guard raw else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
        raw = false
    }

    public func read(into buffer: UnsafeMutableBufferPointer<MIDIEvent>, until deadline: EngineTime) -> InputRead {
        if ended { return .finished }
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        let wait = (deadline - clock.now).nanoseconds
        let timeout = Int32(max(0, min(1000, (wait + 999_999) / 1_000_000)))
        guard Glibc.poll(&descriptor, 1, timeout) > 0 else { return .idle }
        let now = clock.now
        let count = Glibc.read(STDIN_FILENO, bytes, min(64, buffer.count))
        guard count > 0 else { return .idle }
        var n = 0
        for i in 0..<count {
            let byte = bytes[i]
            if byte == 0x1B {  // Escape
                ended = true
                break
            }
            guard let press = keys.press(byte) else { continue }
            buffer[n] = .noteOn(press.note, velocity: press.velocity, at: now, channel: channel, source: MIDIEvent.computerKeyboardSource)
            n += 1
        }
        return n > 0 ? .events(n) : (ended ? .finished : .idle)
    }
}

/// Turns a key byte into a note (or nothing). May keep state (an octave shift); called only by the
/// timing thread, so it must not allocate.
public protocol KeyTranslator {
    mutating func press(_ key: UInt8) -> KeyPress?
}
