/// How an output device's sample clock runs against the monotonic clock the judge uses, learned
/// from the device's own timestamps: which stream frame was playing when.
///
/// A sound card's crystal is not the computer's: real cards are tens of ppm off (15 ms over five
/// minutes at 50 ppm), an emulated one can be whole percent off, and a dropout (xrun) loses a
/// moment of stream. Placed by stream frame alone, the click, the chips and the song would slide
/// away from the chart's clock by that much. The output feeds this estimator one observation per
/// period (`observe`); the mixer places sounds by `framesLate(atFrame:)`, the frames by which the
/// stream now runs behind (positive) or ahead of its nominal rate since it began.
///
/// The estimator is a second-order delay-locked loop (as JACK and PulseAudio filter their device
/// timestamps): it follows the card's rate with no lasting error and smooths the timestamps'
/// jitter. It locks quickly at first (1 Hz for 2 s), then narrows (0.1 Hz). A jump it cannot
/// follow (an xrun, a stalled device: ≥ 50 ms off) sets its phase again and keeps the rate.
/// Plain arithmetic on stored numbers: safe on the audio thread.
public struct OutputClock: Sendable {
    /// Seconds per frame at the nominal rate.
    public let nominalPeriod: Double
    /// Seconds per frame as measured.
    public private(set) var framePeriod: Double
    /// Observations taken so far.
    public private(set) var observations = 0
    /// Times the phase was set again after a jump (an xrun).
    public private(set) var jumps = 0
    /// The filtered time (seconds, monotonic) at which `anchorFrame` plays.
    private var anchorTime = 0.0
    private var anchorFrame: Int64 = 0
    /// Where the stream began: frame and time, the reference `framesLate` counts from.
    private var firstFrame: Int64 = 0
    private var firstTime = 0.0

    /// A jump larger than this is not followed but taken at once.
    public static let jumpThreshold = 0.05

    public init(sampleRate: Int) {
        nominalPeriod = 1 / Double(sampleRate)
        framePeriod = nominalPeriod
    }

    /// Frame `frame` of the stream was playing at `seconds` on the monotonic clock.
    public mutating func observe(frame: Int64, at seconds: Double) {
        guard observations > 0 else {
            anchorFrame = frame
            anchorTime = seconds
            firstFrame = frame
            firstTime = seconds
            observations = 1
            return
        }
        let frames = frame - anchorFrame
        guard frames > 0 else { return }
        let predicted = anchorTime + Double(frames) * framePeriod
        let error = seconds - predicted
        observations += 1
        if abs(error) >= Self.jumpThreshold {
            jumps += 1
            anchorFrame = frame
            anchorTime = seconds
            return
        }
        let locking = seconds - firstTime < Self.lockTime
        let bandwidth = locking ? 1.0 : 0.1
        let omega = 2 * Double.pi * bandwidth * Double(frames) * framePeriod
        anchorTime = predicted + 2.0.squareRoot() * omega * error
        anchorFrame = frame
        framePeriod += omega * omega * error / Double(frames)
        framePeriod = min(max(framePeriod, nominalPeriod * 0.9), nominalPeriod * 1.1)
        if locking, seconds - firstTime >= Self.lockTime - 0.25 {
            // Locked: the stream's start as the filter sees it (not one jittery stamp) is what
            // lateness is counted from.
            firstTime = anchorTime - Double(anchorFrame - firstFrame) * framePeriod
        }
    }

    /// How long the loop locks quickly before it narrows.
    static let lockTime = 2.0

    /// How many frames later than at the nominal rate frame `frame` plays, counted from the first
    /// observation: positive when the card runs slow (or lost time in a dropout). 0 until observed.
    public func framesLate(atFrame frame: Int64) -> Double {
        guard observations > 1 else { return 0 }
        let measured = anchorTime + Double(frame - anchorFrame) * framePeriod - firstTime
        let nominal = Double(frame - firstFrame) * nominalPeriod
        return (measured - nominal) / nominalPeriod
    }
}
