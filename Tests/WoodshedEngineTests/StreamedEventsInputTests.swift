#if canImport(Glibc)
import Glibc
#endif
import Testing
import WoodshedCore
@testable import WoodshedEngine

/// Events from a pipe, live: stamped as they arrive, read without waiting for a whole file.
@Suite struct StreamedEventsInputTests {
    /// A pipe: the test writes, the input reads.
    func pipe() -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        precondition(Glibc.pipe(&ends) == 0)
        return (ends[0], ends[1])
    }

    func write(_ fd: Int32, _ text: String) {
        _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
    }

    func read(_ input: StreamedEventsInput, clock: EngineClock) -> (InputRead, [MIDIEvent]) {
        let buffer = UnsafeMutableBufferPointer<MIDIEvent>.allocate(capacity: 16)
        defer { buffer.deallocate() }
        let result = input.read(into: buffer, until: clock.now + .milliseconds(500))
        if case .events(let n) = result { return (result, Array(buffer[0..<n])) }
        return (result, [])
    }

    @Test func linesAreEventsStampedWhenTheyArriveAndTheEndEndsTheInput() {
        let (r, w) = pipe()
        let clock = MonotonicClock()
        let input = StreamedEventsInput(name: "events:-", descriptor: r, closesDescriptor: true, clock: clock)
        write(w, "# a comment\n0 36 100\n12.5 cc 4 127\n")
        let before = clock.now
        let (_, first) = read(input, clock: clock)
        #expect(first.map(\.kind) == [.noteOn, .controlChange])
        #expect(first.map(\.number) == [36, 4])
        #expect(first.map(\.value) == [100, 127])
        // Stamped on arrival (the time column says nothing live): between just before and just after the read.
        #expect(first.allSatisfy { $0.time >= before - .milliseconds(1) && $0.time <= clock.now })
        // A line split across two writes is read whole once its newline comes; velocity 0 is a note-off.
        write(w, "0 38 ")
        #expect(read(input, clock: clock).1.isEmpty)
        write(w, "0\n")
        #expect(read(input, clock: clock).1.map(\.kind) == [.noteOff])
        close(w)
        #expect(read(input, clock: clock).0 == .finished)
        input.stop()
    }

    @Test func linesThatAreNotEventsAreSkippedAndCountedWithTheFirstOnesNumber() {
        let (r, w) = pipe()
        let clock = MonotonicClock()
        let input = StreamedEventsInput(name: "events:-", descriptor: r, closesDescriptor: true, clock: clock)
        write(w, "0 36 100\nhello there\n0 300 100\n\n0 42 80\nlast 1 2")
        close(w)
        var events: [MIDIEvent] = []
        while true {
            let (result, got) = read(input, clock: clock)
            events += got
            if result == .finished { break }
        }
        #expect(events.map(\.number) == [36, 42])
        #expect(input.badLines == 3)  // "hello there", note 300, and the last line (no time)
        #expect(input.firstBadLine == 2)
        input.stop()
    }

    @Test func nothingWrittenIsIdleUntilTheDeadline() {
        let (r, w) = pipe()
        let clock = MonotonicClock()
        let input = StreamedEventsInput(name: "events:-", descriptor: r, closesDescriptor: true, clock: clock)
        let buffer = UnsafeMutableBufferPointer<MIDIEvent>.allocate(capacity: 4)
        defer { buffer.deallocate() }
        let start = clock.now
        #expect(input.read(into: buffer, until: start + .milliseconds(20)) == .idle)
        #expect(clock.now - start >= .milliseconds(19))
        close(w)
        input.stop()
    }
}
