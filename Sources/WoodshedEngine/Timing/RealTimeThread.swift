#if canImport(Glibc)
import Glibc
#endif
import WoodshedCore

/// A thread for the timing or audio loop, at real-time priority when the system allows it.
///
/// It asks for `SCHED_FIFO` at creation (`PTHREAD_EXPLICIT_SCHED`). Where `RLIMIT_RTPRIO` or
/// `CAP_SYS_NICE` is missing the request fails with `EPERM`; the thread then starts with normal
/// scheduling and `policy` says so — the caller prints one warning line and runs on, as JACK, Ardour
/// and FluidSynth do.
public final class RealTimeThread {
    /// The scheduling the thread actually got.
    public enum Policy: Equatable, Sendable {
        case fifo(priority: Int32)
        case normal(reason: String)
    }

    private var thread: pthread_t?
    public let policy: Policy

    private final class Box {
        let name: String
        let body: () -> Void
        init(name: String, body: @escaping () -> Void) {
            self.name = name
            self.body = body
        }
    }

    /// Called on every real-time thread just before its body runs, after the thread is named.
    ///
    /// For tools that watch the real-time promise from inside the process: the allocation and lock
    /// guard (`woodshed-rt-check`) marks the calling thread here, so that from then on any
    /// allocation or lock on it is counted. Set it before the first thread starts; nil by default.
    nonisolated(unsafe) public static var willRun: (@convention(c) () -> Void)?

    /// Called on every real-time thread right after its body returns, before the thread lets go of
    /// what it held (its closure): the guard stops watching there, since a thread that is ending may
    /// free.
    nonisolated(unsafe) public static var didRun: (@convention(c) () -> Void)?

    /// Starts `body` on a new thread at `priority` (1–99) under SCHED_FIFO, or at normal priority
    /// when that is not permitted. `name` (at most 15 characters) names the thread for the system.
    public init(name: String, priority: Int32, body: @escaping () -> Void) throws {
        _ = RealTimeThread.setName  // looked up here, not on the new thread
        let box = Unmanaged.passRetained(Box(name: name, body: body))
        var attr = pthread_attr_t()
        pthread_attr_init(&attr)
        defer { pthread_attr_destroy(&attr) }
        pthread_attr_setstacksize(&attr, 1 << 20)

        var realtime = attr
        pthread_attr_setinheritsched(&realtime, Int32(PTHREAD_EXPLICIT_SCHED))
        pthread_attr_setschedpolicy(&realtime, SCHED_FIFO)
        var param = sched_param(sched_priority: priority)
        pthread_attr_setschedparam(&realtime, &param)

        let entry: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            // The name shows in `top -H`, `ps -L` and debuggers (15 characters at most).
            if let setName = RealTimeThread.setName { _ = box.name.withCString { setName(pthread_self(), $0) } }
            RealTimeThread.willRun?()
            box.body()
            RealTimeThread.didRun?()
            return nil
        }
        var handle = pthread_t()
        let status = pthread_create(&handle, &realtime, entry, box.toOpaque())
        if status == 0 {
            policy = .fifo(priority: priority)
        } else {
            let reason = status == EPERM ? RealTimeThread.permissionReason() : "pthread_create: \(String(cString: strerror(status)))"
            let fallback = pthread_create(&handle, &attr, entry, box.toOpaque())
            guard fallback == 0 else {
                box.release()
                throw WoodshedError("could not start the \(name) thread: \(String(cString: strerror(fallback)))")
            }
            policy = .normal(reason: reason)
        }
        thread = handle
    }

    /// Waits for the thread to finish.
    public func join() {
        if let thread { pthread_join(thread, nil) }
        thread = nil
    }

    /// glibc's `pthread_setname_np` (a GNU extension the Glibc module does not import), looked up once.
    private static let setName: (@convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32)? = {
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "pthread_setname_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32).self)
    }()

    private static func permissionReason() -> String {
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(linuxRLIMIT_RTPRIO), &limit)
        return "SCHED_FIFO not permitted (RLIMIT_RTPRIO is \(limit.rlim_cur))"
    }

    /// The one warning line for a thread that did not get real-time priority, naming the fix.
    public static func warning(reason: String) -> String {
        "warning: this system does not let Woodshed's timing run ahead of other programs (\(reason)), so a "
            + "busy computer can delay your hits and the click by a few milliseconds; to fix it, add yourself "
            + "to the 'audio' group and put '@audio - rtprio 95' and '@audio - memlock unlimited' in "
            + "/etc/security/limits.d/audio.conf, then log out and in again"
    }

    /// Locks the process's memory (no page faults on the timing thread) when that can be done
    /// without a limit: as root or with an unlimited `RLIMIT_MEMLOCK`. Under a finite limit
    /// `MCL_FUTURE` would make later allocations fail, so it is not attempted. Done once per
    /// process: the setup locks as soon as the audio is loaded, and a live run that follows (or one
    /// without audio) finds it done instead of walking every mapping again before its start.
    @discardableResult
    public static func lockMemoryIfAllowed() -> Bool { memoryLocked }

    private static let memoryLocked: Bool = {
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(linuxRLIMIT_MEMLOCK), &limit)
        guard geteuid() == 0 || limit.rlim_cur == rlim_t.max else { return false }
        return mlockall(MCL_CURRENT | MCL_FUTURE) == 0
    }()
}

// <sys/resource.h> defines these as macros Swift cannot import; the values are Linux's ABI.
private let linuxRLIMIT_MEMLOCK: UInt32 = 8
private let linuxRLIMIT_RTPRIO: UInt32 = 14
