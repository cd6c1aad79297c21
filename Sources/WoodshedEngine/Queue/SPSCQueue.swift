import Atomics
import Synchronization

/// A bounded, lock-free, single-producer/single-consumer queue of plain values.
///
/// This is the only way data leaves the timing thread: pushing never blocks, never allocates and
/// never takes a lock. When the queue is full the element is dropped and the loss is counted
/// (`dropped`), so a display or store that falls behind shows it instead of stalling the judge.
/// Exactly one thread may push and exactly one thread may pop.
///
/// Real-time care: the storage is written once in `init` (every page touched, so the first push on a
/// real-time thread does not page-fault), and the consumer's index and the producer's index each
/// sit alone on a 128-byte-aligned block, so the two threads never share a cache line (nor the
/// pair of lines some x86 CPUs fetch together).
public final class SPSCQueue<Element: BitwiseCopyable>: @unchecked Sendable {
    private let buffer: UnsafeMutablePointer<Element>
    private let mask: Int
    /// Two 128-byte blocks: `head` at the start of the first, `tail` at the start of the second.
    private let indexStorage: UnsafeMutableRawPointer
    /// Index of the next element to read; written only by the consumer.
    private let head: UnsafeAtomic<Int>
    /// Index of the next slot to write; written only by the producer.
    private let tail: UnsafeAtomic<Int>
    private let droppedCount = Atomic<Int>(0)

    /// How far apart the two indices are, and their alignment.
    static var indexSpacing: Int { 128 }

    /// The number of elements the queue holds before it drops (a power of two).
    public let capacity: Int

    /// Creates a queue holding at least `minimumCapacity` elements (rounded up to a power of two).
    /// All memory is allocated and touched here, before the real-time threads start.
    public init(minimumCapacity: Int) {
        var size = 2
        while size < minimumCapacity { size <<= 1 }
        capacity = size
        mask = size - 1
        buffer = .allocate(capacity: size)
        UnsafeMutableRawPointer(buffer).initializeMemory(as: UInt8.self, repeating: 0,
                                                         count: size * MemoryLayout<Element>.stride)
        let spacing = Self.indexSpacing
        indexStorage = .allocate(byteCount: 2 * spacing, alignment: spacing)
        indexStorage.initializeMemory(as: UInt8.self, repeating: 0, count: 2 * spacing)
        head = UnsafeAtomic(at: indexStorage.bindMemory(to: UnsafeAtomic<Int>.Storage.self, capacity: 1))
        tail = UnsafeAtomic(at: (indexStorage + spacing).bindMemory(to: UnsafeAtomic<Int>.Storage.self, capacity: 1))
        head.store(0, ordering: .relaxed)
        tail.store(0, ordering: .relaxed)
    }

    deinit {
        buffer.deallocate()
        indexStorage.deallocate()
    }

    /// Where the two indices live (for the test that checks they are a cache line pair apart).
    var indexAddresses: (head: UnsafeRawPointer, tail: UnsafeRawPointer) {
        (UnsafeRawPointer(indexStorage), UnsafeRawPointer(indexStorage + Self.indexSpacing))
    }

    /// The element storage (for the test that checks it is resident before use).
    var storage: (start: UnsafeRawPointer, bytes: Int) {
        (UnsafeRawPointer(buffer), capacity * MemoryLayout<Element>.stride)
    }

    /// Producer side: appends `element`, or counts it as dropped when the queue is full.
    /// - Returns: whether the element was queued.
    @discardableResult @inline(__always)
    public func push(_ element: Element) -> Bool {
        let t = tail.load(ordering: .relaxed)
        let h = head.load(ordering: .acquiring)
        if t &- h >= capacity {
            droppedCount.wrappingAdd(1, ordering: .relaxed)
            return false
        }
        (buffer + (t & mask)).initialize(to: element)
        tail.store(t &+ 1, ordering: .releasing)
        return true
    }

    /// Consumer side: removes and returns the oldest element, or nil when empty.
    @inline(__always)
    public func pop() -> Element? {
        let h = head.load(ordering: .relaxed)
        let t = tail.load(ordering: .acquiring)
        if h == t { return nil }
        let element = buffer[h & mask]
        head.store(h &+ 1, ordering: .releasing)
        return element
    }

    /// Elements waiting (approximate when read from a third thread).
    public var count: Int { tail.load(ordering: .acquiring) &- head.load(ordering: .acquiring) }

    /// How many elements were dropped because the queue was full.
    public var dropped: Int { droppedCount.load(ordering: .relaxed) }
}
