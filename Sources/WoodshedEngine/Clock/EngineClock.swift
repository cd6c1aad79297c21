import WoodshedCore

/// The engine's one clock.
///
/// Everything the engine schedules or measures reads this clock, and every input stamps its events on
/// the same time base, so that a pad hit, a metronome beat and an audio period can be compared
/// directly. Live runs use a real clock (the ALSA sequencer queue, or `CLOCK_MONOTONIC` when there is
/// no sequencer); offline runs use `VirtualClock`, which jumps from event to event as fast as the
/// CPU allows and makes runs deterministic.
public protocol EngineClock: AnyObject, Sendable {
    /// The current time on this clock's time base.
    var now: EngineTime { get }
    /// Returns once `now >= time`. A virtual clock jumps there at once.
    func sleep(until time: EngineTime)
    /// Whether this clock follows wall time (live) or jumps (offline).
    var isRealTime: Bool { get }
}
