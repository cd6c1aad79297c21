import WoodshedCore

/// An offline input that plays back a list of events already in memory: an events file, the note-ons
/// of a MIDI file, a simulated player. Drives the virtual clock: each `read` hands over the events of
/// the next instant at once.
public final class RecordedInput: MIDIInput {
    public let name: String
    private let events: [MIDIEvent]
    private var position = 0

    /// - Parameter events: in time order.
    public init(name: String, events: [MIDIEvent]) {
        self.name = name
        self.events = events
    }

    public var isOffline: Bool { true }
    public func start() throws {}
    public func stop() {}

    /// The time of the last event, if any.
    public var lastEventTime: EngineTime? { events.last?.time }

    /// The time of the next event, if any — the virtual clock jumps there.
    public var nextEventTime: EngineTime? { position < events.count ? events[position].time : nil }

    public func read(into buffer: UnsafeMutableBufferPointer<MIDIEvent>, until deadline: EngineTime) -> InputRead {
        guard position < events.count else { return .finished }
        guard events[position].time <= deadline else { return .idle }
        let instant = events[position].time
        var n = 0
        while position < events.count, n < buffer.count, events[position].time == instant {
            buffer[n] = events[position]
            n += 1
            position += 1
        }
        return .events(n)
    }
}
