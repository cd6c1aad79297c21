#if canImport(Glibc)
import Glibc
#endif
import WoodshedALSA
import WoodshedCore
import WoodshedEngine

/// A live session listening to "every MIDI instrument" when none is connected: rather than count in
/// and judge silence, say so in one line and wait for one to be plugged in.
enum SourceWait {
    /// The line shown while nothing is connected.
    static let nothingConnected = "no MIDI instrument is connected: plug in your kit or keyboard and Woodshed starts "
        + "when it appears (`woodshed devices` lists what it sees; --input alsa:NAME picks one) — Ctrl-C to stop"

    /// Whether the setup listens to every hardware source and none is connected yet.
    static func isWaiting(_ setup: EngineSetup) -> Bool {
        guard case .alsa(nil) = setup.options.input, setup.watcher != nil else { return false }
        return !setup.initialNotices.contains { if case .subscribed = $0 { return true } else { return false } }
    }

    /// Waits until a source is subscribed (its notice is added to `setup.initialNotices`), or throws
    /// when the player stops first. Returns at once when something is connected already.
    static func untilConnected(_ setup: EngineSetup) throws {
        guard isWaiting(setup), let watcher = setup.watcher else { return }
        Output.error("woodshed: " + nothingConnected)
        while !StopSignal.isRaised {
            let notices = watcher.poll()
            setup.initialNotices += notices
            if !isWaiting(setup) { return }
            usleep(50_000)
        }
        throw WoodshedError("stopped before any MIDI instrument was connected; nothing stored")
    }
}
