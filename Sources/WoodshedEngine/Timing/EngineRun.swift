#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import WoodshedCore

/// Runs a practice mode against an input and an audio renderer — offline on a virtual clock, or live
/// on real threads. Both paths call the same mode code with the same event times, which is why an
/// offline run is a faithful, deterministic replay of a live one.
public enum EngineRun {
    /// What a live run reports when it ends.
    public struct LiveReport: Sendable {
        /// The scheduling the timing thread got.
        public var timingPolicy: RealTimeThread.Policy
        /// The scheduling the audio thread got (nil without audio).
        public var audioPolicy: RealTimeThread.Policy?
        /// An error that stopped the audio thread, if any.
        public var audioError: String?
        /// Whether the input ran out (end of file) rather than being stopped.
        public var inputFinished: Bool
        /// Whether the mode said it was done (the chart judged to its end, the quiz answered).
        public var modeFinished: Bool
        /// For each note-on, how long from its stamp until the timing thread had read it, ns.
        public var stampToRead: [Int64] = []
    }

    /// Runs offline: jumps the virtual clock from event to event, renders audio exactly up to each
    /// event's sample before handling it, and calls `drain` after every instant so the display can
    /// print in step. Ends when the input is exhausted and `end` (if given) is reached, then renders
    /// `tail` more of audio (ringing notes, the last click).
    public static func offline(
        input: MIDIInput, mode: PracticeMode, renderer: AudioRenderer?, clock: VirtualClock,
        end: EngineTime? = nil, tail: EngineTime = .milliseconds(500), drain: () throws -> Void
    ) throws {
        let buffer = UnsafeMutableBufferPointer<MIDIEvent>.allocate(capacity: 256)
        defer { buffer.deallocate() }
        try input.start()
        defer { input.stop() }
        var last = clock.now
        while !mode.isFinished, let next = input.nextEventTime, end.map({ next <= $0 }) ?? true {
            clock.advance(to: next)
            mode.advance(to: next)
            try renderer?.render(until: next)
            guard case .events(let n) = input.read(into: buffer, until: next) else { break }
            for i in 0..<n { mode.handle(buffer[i]) }
            renderer?.applyCommands()
            last = next
            try drain()
        }
        let stop = max(end ?? last, last)
        clock.advance(to: stop)
        mode.advance(to: stop)
        try drain()
        try renderer?.finish(at: stop + tail)
        try renderer?.output.stop()
    }

    /// How long the timing thread waits for input before it lets the mode see time pass (misses
    /// decided, questions posed): the longest a result waits with no input arriving.
    public static let inputSlice = EngineTime.milliseconds(2)

    /// Runs live: a timing thread reads the input and calls the mode, an audio thread renders
    /// period after period into the output (the audio thread above the timing thread: a late period
    /// is heard as a dropout, while a hit read late is still judged by its kernel stamp), and the
    /// calling thread calls `drain` every few milliseconds until `shouldStop` says so, Ctrl-C is
    /// pressed, or the input or the mode ends.
    ///
    /// The output must already be started (its format is what the renderer was built for). Only the
    /// timing thread touches the mode; whether it is finished reaches the calling thread through an
    /// atomic flag, never by reading the mode's state.
    ///
    /// - Parameters:
    ///   - zero: practice time zero on the clock's time base.
    ///   - started: called once the timing thread runs, with the scheduling it got.
    public static func live(
        input: MIDIInput, mode: PracticeMode, renderer: AudioRenderer?, clock: EngineClock,
        zero: EngineTime, timingPriority: Int32 = 70, audioPriority: Int32 = 80,
        started: (RealTimeThread.Policy) -> Void = { _ in },
        shouldStop: () -> Bool, drain: () throws -> Void
    ) throws -> LiveReport {
        let stop = Atomic<Bool>(false)
        let inputFinished = Atomic<Bool>(false)
        let modeFinished = Atomic<Bool>(false)
        RealTimeThread.lockMemoryIfAllowed()
        try input.start()
        defer { input.stop() }

        // Audio first, so the first feedback note finds the stream running.
        let audioError = AudioErrorBox()
        var audioThread: RealTimeThread?
        if let renderer {
            renderer.zero = zero
            renderer.mixer.origin = clock.now + renderer.output.latency - zero
            let paced = !renderer.output.isRealTime
            audioThread = try RealTimeThread(name: "woodshed-audio", priority: audioPriority) {
                while !stop.load(ordering: .relaxed) {
                    // An output that does not block (null) is paced by the clock instead.
                    if paced { clock.sleep(until: renderer.time(ofSample: renderer.nextSample) + zero) }
                    // A failed device ends the stream: the error path may allocate, it runs once.
                    do { try renderer.renderPeriod() } catch {
                        audioError.set("\(error)")
                        return
                    }
                }
            }
        }

        let buffer = UnsafeMutableBufferPointer<MIDIEvent>.allocate(capacity: 256)
        buffer.initialize(repeating: MIDIEvent(time: .zero, kind: .noteOff, number: 0, value: 0))
        defer { buffer.deallocate() }
        let readLog = LatencyLog()
        let slice = inputSlice
        let timingThread = try RealTimeThread(name: "woodshed-timing", priority: timingPriority) {
            while !stop.load(ordering: .relaxed) {
                switch input.read(into: buffer, until: clock.now + slice) {
                case .events(let n):
                    let read = clock.now
                    for i in 0..<n {
                        var event = buffer[i]
                        if event.kind == .noteOn { readLog.append(read - event.time) }
                        event.time -= zero
                        mode.handle(event)
                    }
                    mode.advance(to: clock.now - zero)
                case .idle:
                    mode.advance(to: clock.now - zero)
                case .finished:
                    inputFinished.store(true, ordering: .releasing)
                    return
                }
                if mode.isFinished {
                    modeFinished.store(true, ordering: .releasing)
                    return
                }
            }
        }

        started(timingThread.policy)
        var drainError: Error?
        while true {
            do { try drain() } catch {
                drainError = error
                break
            }
            if StopSignal.isRaised || shouldStop() || inputFinished.load(ordering: .acquiring)
                || modeFinished.load(ordering: .acquiring) || audioError.value != nil { break }
            usleep(5_000)
        }
        stop.store(true, ordering: .relaxed)
        timingThread.join()
        audioThread?.join()
        if let renderer { try? renderer.output.stop() }
        if drainError == nil { try drain() }
        if let drainError { throw drainError }
        return LiveReport(timingPolicy: timingThread.policy, audioPolicy: audioThread?.policy,
                          audioError: audioError.value, inputFinished: inputFinished.load(ordering: .acquiring),
                          modeFinished: modeFinished.load(ordering: .acquiring), stampToRead: readLog.nanoseconds)
    }
}

/// The first error the audio thread hit, handed to the main thread (set once, then read).
private final class AudioErrorBox: @unchecked Sendable {
    private let mutex = Mutex<String?>(nil)
    func set(_ message: String) { mutex.withLock { if $0 == nil { $0 = message } } }
    var value: String? { mutex.withLock { $0 } }
}
