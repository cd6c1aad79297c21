#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Ctrl-C and `kill`: turns SIGINT/SIGTERM into a flag the run loops poll, so every exit path goes
/// through the same clean shutdown (threads joined, terminal restored, session stored).
public enum StopSignal {
    private static let raised = Atomic<Int32>(0)

    /// Installs the handlers. A second Ctrl-C while stopping exits at once. The two signals are also
    /// unblocked: a program that started Woodshed with them blocked (a test runner, a supervisor)
    /// would otherwise leave Ctrl-C without effect.
    public static func install() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        let handler: @convention(c) (Int32) -> Void = { signal in
            if StopSignal.raised.load(ordering: .relaxed) != 0 { _exit(128 + signal) }
            StopSignal.raised.store(signal, ordering: .relaxed)
        }
        _ = Glibc.signal(SIGINT, handler)
        _ = Glibc.signal(SIGTERM, handler)
    }

    /// Whether a stop was requested.
    public static var isRaised: Bool { raised.load(ordering: .relaxed) != 0 }

    /// The signal that asked to stop, if any.
    public static var signal: Int32 { raised.load(ordering: .relaxed) }

    /// Asks the run loops to stop (as if Ctrl-C was pressed).
    public static func raise() { raised.store(SIGTERM, ordering: .relaxed) }
}
