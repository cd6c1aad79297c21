/// A small, fast, seedable random number generator (SplitMix64), so that simulated players and
/// quiz orders are the same on every machine for the same seed.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An approximately normal value with the given mean and standard deviation (the sum of twelve
    /// uniform values, Irwin–Hall): plenty for a simulated player, and free of any C math library.
    public mutating func normal(mean: Double, deviation: Double) -> Double {
        var sum = 0.0
        for _ in 0..<12 { sum += Double.random(in: 0..<1, using: &self) }
        return mean + deviation * (sum - 6)
    }
}
