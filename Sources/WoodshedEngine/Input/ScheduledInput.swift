import WoodshedCore

/// A live input that plays back prerecorded events at their times on a real clock — a simulated
/// player heard in real time (`woodshed demo --realtime`). Event times are practice times; the input
/// stamps them on the clock's time base (`+ zero`), as the kernel would.
public final class ScheduledInput: MIDIInput {
    private let clock: EngineClock
    private let events: [MIDIEvent]
    private let zero: EngineTime
    private var position = 0

    public init(clock: EngineClock, events: [MIDIEvent], zero: EngineTime) {
        self.clock = clock
        self.events = events
        self.zero = zero
    }

    public var name: String { "simulated player" }
    public var isOffline: Bool { false }
    public func start() throws {}
    public func stop() {}

    public func read(into buffer: UnsafeMutableBufferPointer<MIDIEvent>, until deadline: EngineTime) -> InputRead {
        guard position < events.count else {
            clock.sleep(until: deadline)
            return .idle
        }
        let due = events[position].time + zero
        clock.sleep(until: min(due, deadline))
        guard clock.now >= due else { return .idle }
        var n = 0
        while position < events.count, n < buffer.count, events[position].time + zero <= clock.now {
            var event = events[position]
            event.time = event.time + zero
            buffer[n] = event
            n += 1
            position += 1
        }
        return .events(n)
    }
}
