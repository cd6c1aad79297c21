import CALSA
import WoodshedCore
import WoodshedEngine

/// The engine clock for a live ALSA session: the time of Woodshed's sequencer queue.
///
/// The kernel stamps input on this queue; the clock reads `CLOCK_MONOTONIC` shifted onto the queue's
/// time base (both run on the kernel's high-resolution timer), so reading it is a vDSO call, not an
/// ioctl, and stamps, beats and audio periods are all on one time base.
public final class SequencerClock: EngineClock {
    private let offset: Int64

    init(client: SequencerClient, queue: Int32) throws {
        var status: OpaquePointer?
        snd_seq_queue_status_malloc(&status)
        defer { snd_seq_queue_status_free(status) }
        // The smallest monotonic − queue difference over a few tries: the one least disturbed by a
        // preemption between the two reads.
        var best = Int64.max
        for _ in 0..<5 {
            let before = MonotonicClock.rawNanoseconds()
            try ALSAError.check(snd_seq_get_queue_status(client.handle, queue, status), "cannot read the sequencer queue")
            let after = MonotonicClock.rawNanoseconds()
            let real = snd_seq_queue_status_get_real_time(status)!.pointee
            let queueTime = Int64(real.tv_sec) * 1_000_000_000 + Int64(real.tv_nsec)
            best = min(best, (before + after) / 2 - queueTime)
        }
        offset = best
    }

    public var now: EngineTime { EngineTime(nanoseconds: MonotonicClock.rawNanoseconds() - offset) }

    public func sleep(until time: EngineTime) {
        let clock = MonotonicClock()
        let delta = time - now
        if delta.nanoseconds > 0 { clock.sleep(until: clock.now + delta) }
    }

    public var isRealTime: Bool { true }
}
