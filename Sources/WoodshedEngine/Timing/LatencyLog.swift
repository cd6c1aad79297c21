import WoodshedCore

/// A fixed-size record of latencies, written by one real-time thread and read once it has stopped:
/// where a note's time goes between the kernel's stamp and the sound (the latency bench prints each
/// stage). Appending writes into memory allocated and touched in `init`; when full, further
/// entries are not recorded (the first `capacity` are kept).
public final class LatencyLog: @unchecked Sendable {
    private let values: UnsafeMutablePointer<Int64>
    public let capacity: Int
    /// How many were recorded.
    public private(set) var count = 0

    public init(capacity: Int = 65_536) {
        self.capacity = capacity
        values = .allocate(capacity: capacity)
        values.initialize(repeating: 0, count: capacity)
    }

    deinit { values.deallocate() }

    /// Records one latency (on the thread that owns the log).
    @inline(__always)
    public func append(_ latency: EngineTime) {
        guard count < capacity else { return }
        values[count] = latency.nanoseconds
        count += 1
    }

    /// The memory the entries live in (for the test that checks it is resident before start).
    var storage: (start: UnsafeRawPointer, bytes: Int) { (UnsafeRawPointer(values), capacity * MemoryLayout<Int64>.stride) }

    /// Everything recorded, in nanoseconds (read after the writing thread stopped).
    public var nanoseconds: [Int64] { Array(UnsafeBufferPointer(start: values, count: count)) }
}
