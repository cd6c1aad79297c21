import WoodshedCore
import WoodshedEngine
import WoodshedStore

/// The keys while `play` (or `demo --realtime`) runs live: the mix keys — a channel's letter turns
/// it down, its capital turns it up (`MixKeys`) — and the speed keys `[` `]`, handed to whoever
/// runs the session. The main thread reads the terminal between the display's updates and sets the
/// mixer's level, which the audio thread hears from its next period.
///
/// Only when standard input is a terminal and is not itself the instrument (`--input keys`). What
/// was changed is remembered for the next run, like `--volume`.
final class LiveKeys {
    private let terminal = RawTerminal()
    private let mixer: Mixer
    private let json: Bool
    /// The channels changed during the run.
    private(set) var changed: [MixerChannel] = []

    /// Nil when the keys cannot be read (not a terminal) or belong to the instrument.
    init?(mixer: Mixer, json: Bool, keysAreTheInstrument: Bool) {
        guard !keysAreTheInstrument, RawTerminal.isAvailable else { return nil }
        self.mixer = mixer
        self.json = json
    }

    /// Raw mode on, and the one-line help (text mode).
    func start() {
        terminal.enter()
        if !json { Output.line(MixKeys.help + "; [ ] speed −/+ 5 %") }
    }

    /// Applies the mix keys pressed since the last call, one line each; hands the others to `other`.
    func poll(other: (UInt8) -> Void) {
        terminal.read(waitingUpTo: 0) { key in
            guard let (channel, level) = MixKeys.change(for: key, current: mixer.level(of:)) else {
                other(key)
                return
            }
            mixer.setLevel(level, for: channel)
            if !changed.contains(channel) { changed.append(channel) }
            if json {
                Output.json(MixRecord(channel: channel.rawValue, volume: level.volume, muted: level.muted))
            } else {
                Output.line("\(channel.rawValue) \(Int(level.volume.rounded())) %\(level.muted ? " (muted)" : "")")
            }
        }
    }

    /// The terminal as it was.
    func stop() { terminal.restore() }

    /// Keeps the changed channels' levels for the next run. - Returns: a warning if it could not.
    func remember(in store: Store) -> String? {
        do {
            for channel in changed { try store.remember(mixer.level(of: channel), of: channel) }
        } catch {
            return "\(error.message); the volumes you set while playing are not remembered"
        }
        return nil
    }
}

/// `play --json`: a channel's level changed by a key while playing.
struct MixRecord: Encodable {
    let type = "mix"
    var channel: String
    var volume: Double
    var muted: Bool
}
