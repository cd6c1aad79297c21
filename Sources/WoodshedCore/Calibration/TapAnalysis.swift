/// Turns paired taps into an offset, robustly: a few wild taps or a pad that double-triggers must
/// not move the result.
///
/// In order: taps more than a third of a beat from their nearest beat are dropped (they were not
/// aimed at it); a later tap paired with the same beat as an earlier one is a double trigger; of the
/// rest, taps beyond 3 scaled median absolute deviations (MAD × 1.4826, which equals the standard
/// deviation for normally spread taps) from the median are outliers. The offset is the median of
/// what is left, the spread its standard deviation.
public enum TapAnalysis {
    /// Fewer used taps than this is never enough, whatever the half rule says.
    public static let minimumUsed = 4
    /// How many scaled MADs from the median a tap may be.
    public static let outlierLimit = 3.0
    /// The scaled MAD is never taken below this, so that identical taps (an events file in whole
    /// milliseconds) do not turn every other tap into an outlier.
    public static let minimumScaledMAD = EngineTime.milliseconds(1)

    /// Analyses the counted taps (count-in taps are skipped) of a metronome whose beat lasts
    /// `beatDuration`.
    public static func analyse(_ taps: [CalibrationTap], beatDuration: EngineTime) -> CalibrationResult {
        var dropped: [DroppedTap] = []
        var candidates: [CalibrationTap] = []
        var pairedBeats = Set<Int>()
        let window = beatDuration.nanoseconds / 3
        for tap in taps where !tap.isCountIn {
            if abs(tap.offset.nanoseconds) > window {
                dropped.append(DroppedTap(tap: tap, reason: .farFromBeat))
            } else if !pairedBeats.insert(tap.beat).inserted {
                dropped.append(DroppedTap(tap: tap, reason: .doubleTrigger))
            } else {
                candidates.append(tap)
            }
        }

        var used = candidates
        if !candidates.isEmpty {
            let offsets = candidates.map { Double($0.offset.nanoseconds) }
            let center = median(offsets)
            let mad = median(offsets.map { abs($0 - center) })
            let scaled = max(mad * 1.4826, Double(minimumScaledMAD.nanoseconds))
            used = []
            for tap in candidates {
                if abs(Double(tap.offset.nanoseconds) - center) > outlierLimit * scaled {
                    dropped.append(DroppedTap(tap: tap, reason: .outlier))
                } else {
                    used.append(tap)
                }
            }
        }
        dropped.sort { $0.tap.time < $1.tap.time }

        let offsets = used.map { Double($0.offset.nanoseconds) }
        let offset = offsets.isEmpty ? 0 : median(offsets)
        return CalibrationResult(offset: EngineTime(nanoseconds: Int64(offset.rounded())),
                                 spread: EngineTime(nanoseconds: Int64(standardDeviation(offsets).rounded())),
                                 used: used, dropped: dropped)
    }

    /// The median (the mean of the middle two for an even count); 0 for no values.
    public static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The sample standard deviation (n − 1); 0 for fewer than two values.
    public static func standardDeviation(_ values: [Double]) -> Double {
        guard values.count > 1 else { return 0 }
        let mean = values.reduce(0, +) / Double(values.count)
        let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        return (squares / Double(values.count - 1)).squareRoot()
    }
}
