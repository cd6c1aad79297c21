/// Finds where a click starts in recorded audio, to a fraction of a sample.
///
/// The onset is taken as the point where the signal first reaches half of its peak in the search
/// window, with linear interpolation between the two samples around it. Measured the same way on
/// the click as played, the difference between the two is the delay of the path — independent of
/// its gain, and finer than one sample.
public enum ClickOnset {
    /// The position (in samples, from the start of `samples`) where |x| first reaches `fraction` of
    /// the peak of `samples[window]`, or nil when that peak is below `floor` (silence).
    public static func crossing(in samples: [Float], window: Range<Int>, fraction: Float = 0.5, floor: Float = 0.01) -> Double? {
        let window = window.clamped(to: samples.indices)
        guard !window.isEmpty else { return nil }
        var peak: Float = 0
        for i in window { peak = max(peak, abs(samples[i])) }
        guard peak >= floor else { return nil }
        let level = peak * fraction
        for i in window where abs(samples[i]) >= level {
            guard i > window.lowerBound else { return Double(i) }
            let before = abs(samples[i - 1])
            let after = abs(samples[i])
            let part = after > before ? Double((level - before) / (after - before)) : 0
            return Double(i - 1) + min(1, max(0, part))
        }
        return nil
    }
}
