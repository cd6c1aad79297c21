/// One `MTrk` chunk: its events in file order (ticks never decrease).
public struct MIDITrack: Hashable, Sendable {
    public var events: [MIDIFileEvent]

    public init(events: [MIDIFileEvent] = []) { self.events = events }

    /// The track's name (the first track-name meta event), if any.
    public var name: String? {
        for event in events {
            if let (type, text) = event.text, type == MIDIFileEvent.trackNameMeta { return text }
        }
        return nil
    }

    /// The tick of the last event (normally End of Track).
    public var endTick: Int64 { events.last?.tick ?? 0 }
}
