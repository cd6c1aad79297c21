import Synchronization
import WoodshedCore

/// `woodshed calibrate`: the player taps any pad or key along with the metronome, and each tap is
/// paired with its nearest beat, here on the timing thread, so the pairing uses the kernel's stamp
/// and exactly the beat times the clicks were placed at.
///
/// Every note-on counts as a tap, whatever the map says (a calibration must work before a kit is
/// mapped). Taps during the count-in are passed on but not counted. The mode finishes after
/// `taps` counted taps or when the metronome reaches `lastBeat` (the time limit). Paired taps leave
/// through `results`; the analysis (`TapAnalysis`) runs on the main thread.
public final class CalibrationMode: PracticeMode {
    /// The metronome the clicks are placed by, count-in included (its beat 0 is the first count-in
    /// click).
    public let metronome: SteadyBeats
    /// How many count-in beats come before the first counted beat.
    public let countIn: Int
    /// How many taps to collect.
    public let taps: Int
    /// The beat past which the calibration gives up waiting.
    public let lastBeat: Int
    /// Every tap, paired with its beat.
    public let results: SPSCQueue<CalibrationTap>

    private let limit: EngineTime
    private let counted = Atomic<Int>(0)
    private let timedOut = Atomic<Bool>(false)

    /// - Parameters:
    ///   - lastBeat: the time limit, in beats after the count-in.
    public init(metronome: SteadyBeats, countIn: Int, taps: Int, lastBeat: Int) {
        self.metronome = metronome
        self.countIn = countIn
        self.taps = taps
        self.lastBeat = lastBeat
        results = SPSCQueue(minimumCapacity: max(64, 4 * taps))
        var unlimited = metronome
        unlimited.count = nil
        limit = unlimited.beat(countIn + lastBeat)?.time ?? .distantFuture
    }

    /// Practice time zero (the first beat after the count-in) on the metronome's time base.
    public static func countInStart(bpm: Double, countIn: Int) -> EngineTime {
        EngineTime(nanoseconds: -Int64((Double(countIn) * 60_000_000_000 / bpm).rounded()))
    }

    /// How many taps after the count-in have arrived (readable from any thread).
    public var tapsCounted: Int { counted.load(ordering: .relaxed) }

    /// Whether the time limit passed before all taps arrived.
    public var didTimeOut: Bool { timedOut.load(ordering: .relaxed) }

    public func handle(_ event: MIDIEvent) {
        guard event.kind == .noteOn, event.value > 0, !isFinished else { return }
        var beats = metronome
        beats.count = nil
        var tap = BeatPairing.tap(at: event.time, note: event.number, velocity: event.value, start: beats.start,
                                  beatDuration: beats.beatDuration, beatTime: { beats.beat($0)?.time ?? .distantFuture })
        tap.beat -= countIn
        tap.source = event.source
        if !tap.isCountIn { counted.add(1, ordering: .relaxed) }
        results.push(tap)
    }

    public func advance(to time: EngineTime) {
        if time >= limit, tapsCounted < taps { timedOut.store(true, ordering: .relaxed) }
    }

    public var isFinished: Bool { tapsCounted >= taps || didTimeOut }
}
