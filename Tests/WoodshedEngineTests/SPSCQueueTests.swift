import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing
@testable import WoodshedEngine

@Suite struct SPSCQueueTests {
    @Test func keepsOrderAndCountsDrops() {
        let queue = SPSCQueue<Int>(minimumCapacity: 3)
        #expect(queue.capacity == 4)
        for i in 0..<6 { queue.push(i) }
        #expect(queue.dropped == 2)
        var out: [Int] = []
        while let x = queue.pop() { out.append(x) }
        #expect(out == [0, 1, 2, 3])
        #expect(queue.pop() == nil)
        // Room again after popping: the next pushes are kept, the drop count stays.
        #expect(queue.push(7))
        #expect(queue.pop() == 7)
        #expect(queue.dropped == 2)
    }

    @Test func handsOverAcrossThreadsWithoutLossAndCountsEveryRefusedPush() {
        let queue = SPSCQueue<Int>(minimumCapacity: 64)
        let total = 200_000
        let refused = Atomic<Int>(0)
        let done = Atomic<Bool>(false)
        let producer = Thread {
            var i = 0
            var misses = 0
            while i < total {
                if queue.push(i) { i += 1 } else { misses += 1 }
            }
            refused.store(misses, ordering: .relaxed)
            done.store(true, ordering: .releasing)
        }
        producer.start()
        var received: [Int] = []
        received.reserveCapacity(total)
        while received.count < total {
            if let x = queue.pop() { received.append(x) }
        }
        while !done.load(ordering: .acquiring) {}
        #expect(received == Array(0..<total))
        // Every push that found the queue full was refused, counted, and retried by the producer.
        #expect(queue.dropped == refused.load(ordering: .relaxed))
        #expect(queue.pop() == nil)
    }

    @Test func theTwoIndicesNeverShareACacheLinePair() {
        let queue = SPSCQueue<Int>(minimumCapacity: 8)
        let (head, tail) = queue.indexAddresses
        let headAddress = Int(bitPattern: head), tailAddress = Int(bitPattern: tail)
        #expect(headAddress % 128 == 0)
        #expect(tailAddress % 128 == 0)
        #expect(abs(tailAddress - headAddress) >= 128)
    }

    @Test func everyPageOfTheStorageIsResidentBeforeTheFirstPush() {
        // 8 MB: malloc maps it fresh, so untouched pages would not be resident until first written.
        // A live engine test in this process may have locked all future memory (mlockall as root),
        // which would make every page resident anyway: undo that first.
        munlockall()
        let queue = SPSCQueue<Int64>(minimumCapacity: 1 << 20)
        let (start, bytes) = queue.storage
        #expect(PageResidency.residentFraction(start, bytes: bytes) == 1.0)
    }
}
