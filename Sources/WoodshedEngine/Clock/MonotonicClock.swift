#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WoodshedCore

/// A live clock on `CLOCK_MONOTONIC`, counted from the moment it was created.
///
/// Used when there is no ALSA sequencer queue to take time from (computer-keyboard input). Reading
/// it is a vDSO call: no syscall, no lock, no allocation — safe on the timing thread.
public final class MonotonicClock: EngineClock {
    private let origin: Int64

    public init() { origin = MonotonicClock.rawNanoseconds() }

    /// Nanoseconds on `CLOCK_MONOTONIC` since an arbitrary point (boot).
    @inline(__always)
    public static func rawNanoseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    public var now: EngineTime { EngineTime(nanoseconds: MonotonicClock.rawNanoseconds() - origin) }

    public func sleep(until time: EngineTime) {
        let target = time.nanoseconds + origin
        var ts = timespec(tv_sec: Int(target / 1_000_000_000), tv_nsec: Int(target % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
    }

    public var isRealTime: Bool { true }
}
