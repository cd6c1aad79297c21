import WoodshedCore

/// What the timing thread does with input: monitor it, judge it against a chart, check it against a
/// scale or an interval, or pair it with metronome beats.
///
/// A mode is called only from the timing thread (live) or the offline driver, never both. It must not
/// allocate, lock, print or do I/O in `handle` or `advance`: feedback notes go to the synth through
/// the `SPSCQueue` it was given, and results go to the display/store through a queue of its own.
public protocol PracticeMode: AnyObject {
    /// One input event, its time already on the practice time base (0 = time zero of the session).
    func handle(_ event: MIDIEvent)
    /// Time has reached `time` with no further input: judge what can be judged (missed notes).
    func advance(to time: EngineTime)
    /// Whether the mode has nothing more to do (the chart is over, the quiz answered).
    var isFinished: Bool { get }
}
