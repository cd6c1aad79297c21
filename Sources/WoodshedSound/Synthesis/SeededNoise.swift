/// White noise from a fixed seed (SplitMix64), so every synthesized sound is the same on every run.
///
/// Generated SoundFonts are committed to the repository; a seeded generator keeps rebuilding them
/// byte-identical instead of churning the file with fresh randomness.
struct SeededNoise {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func nextWord() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<1.
    mutating func nextUnit() -> Double {
        Double(nextWord() >> 11) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// Uniform in -1..<1.
    mutating func nextBipolar() -> Double {
        nextUnit() * 2 - 1
    }

    /// Uniform in `range`.
    mutating func next(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + nextUnit() * (range.upperBound - range.lowerBound)
    }

    /// `count` points of white noise in -1..<1.
    mutating func whiteNoise(count: Int) -> [Double] {
        var points = [Double](repeating: 0, count: count)
        for i in 0..<count { points[i] = nextBipolar() }
        return points
    }
}
