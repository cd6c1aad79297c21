import Foundation
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
    }

    @Test func handsOverAcrossThreadsWithoutLoss() async {
        let queue = SPSCQueue<Int>(minimumCapacity: 1024)
        let total = 200_000
        let producer = Thread {
            var i = 0
            while i < total { if queue.push(i) { i += 1 } }
        }
        producer.start()
        var expected = 0
        while expected < total {
            if let x = queue.pop() {
                #expect(x == expected)
                expected += 1
            }
        }
        // Pushes that found the queue full were retried by this producer; each counted as dropped.
    }
}
