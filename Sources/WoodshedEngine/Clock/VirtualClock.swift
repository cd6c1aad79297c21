import Synchronization
import WoodshedCore

/// A clock that only moves when told to: offline runs jump it from event to event.
///
/// Same input, same output: nothing in an offline run depends on how fast the machine is.
public final class VirtualClock: EngineClock {
    private let current: Atomic<Int64>

    public init(start: EngineTime = .zero) { current = Atomic(start.nanoseconds) }

    public var now: EngineTime { EngineTime(nanoseconds: current.load(ordering: .acquiring)) }

    /// Moves the clock forward to `time` (never backward).
    public func advance(to time: EngineTime) {
        var old = current.load(ordering: .relaxed)
        while old < time.nanoseconds {
            let (exchanged, original) = current.compareExchange(
                expected: old, desired: time.nanoseconds, ordering: .acquiringAndReleasing)
            if exchanged { return }
            old = original
        }
    }

    public func sleep(until time: EngineTime) { advance(to: time) }

    public var isRealTime: Bool { false }
}
