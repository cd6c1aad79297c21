import Atomics

/// A bounded, lock-free, single-producer/single-consumer ring of interleaved stereo float frames:
/// how a song travels from its own thread (decoding, stretching, resampling) to the audio thread.
///
/// Neither side ever blocks or allocates: the producer writes what fits, the consumer reads what is
/// there. The storage is written once in `init` so the audio thread never page-faults on it, and the
/// two indices sit on separate 128-byte blocks as in `SPSCQueue`. Memory is fixed by the capacity
/// (a few seconds of audio), whatever the length of the song.
public final class FrameRing: @unchecked Sendable {
    private let buffer: UnsafeMutablePointer<Float>
    private let mask: Int
    private let indexStorage: UnsafeMutableRawPointer
    /// Frames read so far; written only by the consumer.
    private let head: UnsafeAtomic<Int>
    /// Frames written so far; written only by the producer.
    private let tail: UnsafeAtomic<Int>
    /// Frames the ring holds (a power of two).
    public let capacity: Int

    public init(minimumFrames: Int) {
        var size = 2
        while size < minimumFrames { size <<= 1 }
        capacity = size
        mask = size - 1
        buffer = .allocate(capacity: 2 * size)
        buffer.initialize(repeating: 0, count: 2 * size)
        indexStorage = .allocate(byteCount: 256, alignment: 128)
        indexStorage.initializeMemory(as: UInt8.self, repeating: 0, count: 256)
        head = UnsafeAtomic(at: indexStorage.bindMemory(to: UnsafeAtomic<Int>.Storage.self, capacity: 1))
        tail = UnsafeAtomic(at: (indexStorage + 128).bindMemory(to: UnsafeAtomic<Int>.Storage.self, capacity: 1))
        head.store(0, ordering: .relaxed)
        tail.store(0, ordering: .relaxed)
    }

    deinit {
        buffer.deallocate()
        indexStorage.deallocate()
    }

    /// Producer: how many frames fit now.
    public var writable: Int { capacity - (tail.load(ordering: .relaxed) &- head.load(ordering: .acquiring)) }

    /// Consumer: how many frames can be read now.
    public var readable: Int { tail.load(ordering: .acquiring) &- head.load(ordering: .relaxed) }


    /// The total number of frames ever read or skipped (exact for the consumer; for anyone else a
    /// lower bound of what it is by the time they look).
    public var consumed: Int { head.load(ordering: .acquiring) }

    /// Producer: the total number of frames ever written.
    public var written: Int { tail.load(ordering: .relaxed) }

    /// Producer: copies `frames` frames written earlier, starting at ring index `index` (a value of
    /// `written` in the past), into `interleaved`, without consuming them. Only for frames the
    /// consumer will never read (beyond a cut it has accepted, `SongPlayback`), so it races nothing.
    public func copy(from index: Int, frames: Int, into interleaved: UnsafeMutablePointer<Float>) {
        precondition(index >= 0 && index + frames <= written && written - index <= capacity, "frames no longer in the ring")
        for i in 0..<frames {
            let slot = 2 * ((index &+ i) & mask)
            interleaved[2 * i] = buffer[slot]
            interleaved[2 * i + 1] = buffer[slot + 1]
        }
    }

    /// Producer: appends up to `frames` frames; returns how many fitted.
    @discardableResult
    public func write(_ interleaved: UnsafePointer<Float>, frames: Int) -> Int {
        let t = tail.load(ordering: .relaxed)
        let n = min(frames, capacity - (t &- head.load(ordering: .acquiring)))
        for i in 0..<n {
            let slot = 2 * ((t &+ i) & mask)
            buffer[slot] = interleaved[2 * i]
            buffer[slot + 1] = interleaved[2 * i + 1]
        }
        tail.store(t &+ n, ordering: .releasing)
        return n
    }

    /// Consumer: adds up to `frames` frames, scaled by `gain`, into the planar `left` and `right`;
    /// returns how many were there.
    @inline(__always)
    public func read(adding left: UnsafeMutablePointer<Float>, _ right: UnsafeMutablePointer<Float>, frames: Int, gain: Float) -> Int {
        let h = head.load(ordering: .relaxed)
        let n = min(frames, tail.load(ordering: .acquiring) &- h)
        for i in 0..<n {
            let slot = 2 * ((h &+ i) & mask)
            left[i] += buffer[slot] * gain
            right[i] += buffer[slot + 1] * gain
        }
        head.store(h &+ n, ordering: .releasing)
        return n
    }

    /// Consumer: drops up to `frames` frames unread; returns how many.
    @inline(__always)
    @discardableResult
    public func skip(_ frames: Int) -> Int {
        let h = head.load(ordering: .relaxed)
        let n = min(frames, tail.load(ordering: .acquiring) &- h)
        head.store(h &+ n, ordering: .releasing)
        return n
    }
}
