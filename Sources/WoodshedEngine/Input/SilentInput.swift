import WoodshedCore

/// A live input that never delivers anything: for sessions with no player (the metronome on its
/// own). It simply sleeps on the engine clock until each deadline.
public final class SilentInput: MIDIInput {
    private let clock: EngineClock
    public init(clock: EngineClock) { self.clock = clock }
    public var name: String { "none" }
    public var isOffline: Bool { !clock.isRealTime }
    public func start() throws {}
    public func stop() {}
    public func read(into buffer: UnsafeMutableBufferPointer<MIDIEvent>, until deadline: EngineTime) -> InputRead {
        if !clock.isRealTime { return .finished }
        clock.sleep(until: deadline)
        return .idle
    }
}

/// A mode that does nothing with input: the metronome plays from the mixer on its own.
public final class IdleMode: PracticeMode {
    public var finishTime: EngineTime?
    public init(finishTime: EngineTime? = nil) { self.finishTime = finishTime }
    private var finished = false
    public func handle(_ event: MIDIEvent) {}
    public func advance(to time: EngineTime) { if let finishTime, time >= finishTime { finished = true } }
    public var isFinished: Bool { finished }
}
