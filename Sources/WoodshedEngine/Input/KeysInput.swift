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
    private let terminal = RawTerminal()
    private var ended = false

    /// - Parameter keys: which key sends which note at which velocity.
    public init(clock: EngineClock, keys: Keys, channel: UInt8) {
        self.clock = clock
        self.keys = keys
        self.channel = channel
    }

    public var name: String { "keys" }
    public var isOffline: Bool { false }

    public func start() throws {
        guard terminal.enter() else {
            throw WoodshedError("--input keys needs a terminal to read keys from; run it in a terminal, or use --input events:FILE")
        }
    }

    /// Restores the terminal exactly as it was.
    public func stop() { terminal.restore() }

    public func read(into buffer: UnsafeMutableBufferPointer<MIDIEvent>, until deadline: EngineTime) -> InputRead {
        if ended { return .finished }
        let wait = (deadline - clock.now).nanoseconds
        let timeout = Int32(max(0, min(1000, (wait + 999_999) / 1_000_000)))
        var now = EngineTime.zero
        var n = 0
        let capacity = min(64, buffer.count)
        terminal.read(waitingUpTo: timeout) { byte in
            if n == 0 { now = clock.now }
            guard !ended, n < capacity else { return }
            if byte == 0x1B {  // Escape
                ended = true
                return
            }
            guard let press = keys.press(byte) else { return }
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
