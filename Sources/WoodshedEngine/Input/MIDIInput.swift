import WoodshedCore

/// Where the timing thread's events come from.
///
/// One small interface for every source — the ALSA sequencer, an events file, a MIDI file, the
/// computer keyboard — so that the same engine runs live and offline. Implementations are read only
/// by the timing thread after `start()`: `read` must not allocate, lock or print.
public protocol MIDIInput: AnyObject {
    /// A short description for the display ("alsa:20:0 TD-17", "events:groove.txt").
    var name: String { get }

    /// Offline inputs know all their events in advance and drive a `VirtualClock`; live inputs wait.
    var isOffline: Bool { get }

    /// Opens the source. Called before the timing thread starts; may allocate and throw.
    func start() throws

    /// Copies waiting events into `buffer` (in time order), waiting at most until `deadline` on the
    /// engine clock for the first one. Offline inputs return the next events at once and never wait.
    func read(into buffer: UnsafeMutableBufferPointer<MIDIEvent>, until deadline: EngineTime) -> InputRead

    /// Closes the source. Called after the timing thread has stopped.
    func stop()

    /// Events the source lost before Woodshed could read them (ALSA input overruns).
    var overruns: Int { get }

    /// Offline inputs: the time of the next event, where the virtual clock jumps next; nil when the
    /// input is live or has no more events.
    var nextEventTime: EngineTime? { get }
}

extension MIDIInput {
    public var overruns: Int { 0 }
    public var nextEventTime: EngineTime? { nil }
}

/// The outcome of one `MIDIInput.read`.
public enum InputRead: Equatable, Sendable {
    /// This many events were written to the start of the buffer.
    case events(Int)
    /// Nothing arrived before the deadline.
    case idle
    /// The input has ended (end of file); no more events will come.
    case finished
}
