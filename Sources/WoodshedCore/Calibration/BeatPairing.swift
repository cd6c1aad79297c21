/// Pairs a tap with the metronome beat nearest to it.
///
/// The beat times come from the caller (the metronome's own schedule), so a tap is compared with
/// exactly the time its click was placed at. Safe on the timing thread: no allocation.
public enum BeatPairing {
    /// The nearest beat to `time` and that beat's time.
    ///
    /// - Parameters:
    ///   - start: the time of beat 0.
    ///   - beatDuration: how long one beat lasts (to guess the neighbourhood).
    ///   - beatTime: the exact time of beat `n`.
    @inlinable
    public static func nearest(
        to time: EngineTime, start: EngineTime, beatDuration: EngineTime, beatTime: (Int) -> EngineTime
    ) -> (beat: Int, time: EngineTime) {
        let guess = Int((Double((time - start).nanoseconds) / Double(max(1, beatDuration.nanoseconds))).rounded())
        var best = (beat: guess, time: beatTime(guess))
        for candidate in (guess - 1)...(guess + 1) where candidate != guess {
            let t = beatTime(candidate)
            if abs((t - time).nanoseconds) < abs((best.time - time).nanoseconds) { best = (candidate, t) }
        }
        return best
    }

    /// The tap at `time`, paired with its nearest beat.
    @inlinable
    public static func tap(
        at time: EngineTime, note: UInt8, velocity: UInt8, start: EngineTime, beatDuration: EngineTime,
        beatTime: (Int) -> EngineTime
    ) -> CalibrationTap {
        let beat = nearest(to: time, start: start, beatDuration: beatDuration, beatTime: beatTime)
        return CalibrationTap(time: time, beat: beat.beat, beatTime: beat.time, note: note, velocity: velocity)
    }
}
