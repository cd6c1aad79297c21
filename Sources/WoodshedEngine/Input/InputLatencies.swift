import WoodshedCore

/// The calibrated latency of each MIDI source, so every hit is corrected by the latency of the
/// source it actually came from — a kit and a pad plugged in together, or a kit plugged in after the
/// session started, each keep their own calibration.
///
/// Sources are told apart by their ALSA client (`MIDIEvent.source >> 8`; files are client 0, the
/// computer keyboard 255). The main thread, which learns a source's name when it subscribes it,
/// announces its latency with `set(_:client:)`; the announcement travels through a lock-free
/// queue and the timing thread applies it at its next `latency(of:)` or `largest`, so the table is
/// only ever written by the thread that reads it.
public final class InputLatencies: @unchecked Sendable {
    /// One announcement from the main thread.
    struct Update: BitwiseCopyable {
        var client: UInt8
        var nanoseconds: Int64
    }

    private let table: UnsafeMutablePointer<Int64>
    private let known: UnsafeMutablePointer<Bool>
    private let updates = SPSCQueue<Update>(minimumCapacity: 256)
    private let fallback: Int64
    private var largestKnown: Int64

    /// - Parameter fallback: the latency of a source nobody has announced (the `--offset` given, or
    ///   the calibration of a file or keyboard input, or zero).
    public init(fallback: EngineTime = .zero) {
        self.fallback = fallback.nanoseconds
        largestKnown = fallback.nanoseconds
        table = .allocate(capacity: 256)
        table.initialize(repeating: fallback.nanoseconds, count: 256)
        known = .allocate(capacity: 256)
        known.initialize(repeating: false, count: 256)
    }

    deinit {
        table.deallocate()
        known.deallocate()
    }

    /// Main thread: from now on, hits from `client` are corrected by `latency`.
    public func set(_ latency: EngineTime, client: UInt8) {
        updates.push(Update(client: client, nanoseconds: latency.nanoseconds))
    }

    /// Timing thread: the latency of the source `event` came from.
    @inline(__always)
    public func latency(of event: MIDIEvent) -> EngineTime {
        applyUpdates()
        return EngineTime(nanoseconds: table[Int(event.source >> 8)])
    }

    /// Timing thread: the largest latency of any source so far. A note is a miss only once even the
    /// slowest source's hit for it could no longer arrive.
    @inline(__always)
    public var largest: EngineTime {
        applyUpdates()
        return EngineTime(nanoseconds: largestKnown)
    }

    @inline(__always)
    private func applyUpdates() {
        while let update = updates.pop() {
            let client = Int(update.client)
            table[client] = update.nanoseconds
            known[client] = true
            largestKnown = fallback
            for i in 0..<256 where known[i] && table[i] > largestKnown { largestKnown = table[i] }
        }
    }
}
