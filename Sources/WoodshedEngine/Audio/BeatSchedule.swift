import WoodshedCore

/// A steady metronome: a tempo, a time signature and a first beat.
///
/// Beat `n` falls at `start + n × 60/bpm` seconds, computed afresh for every beat (never by adding up
/// intervals), so the thousandth click is as exact as the first.
public struct SteadyBeats: Hashable, Sendable {
    public var bpm: Double
    public var signature: TimeSignature
    /// The time of beat 0 (the first beat of bar 1; count-ins start at negative times).
    public var start: EngineTime
    /// How many beats there are, or nil for a metronome that runs until stopped.
    public var count: Int?

    public init(bpm: Double, signature: TimeSignature = .fourFour, start: EngineTime = .zero, count: Int? = nil) {
        self.bpm = bpm
        self.signature = signature
        self.start = start
        self.count = count
    }

    /// Beat number `n` (0-based), or nil past the end.
    @inlinable
    public func beat(_ n: Int) -> Beat? {
        if let count, n >= count { return nil }
        let offset = (Double(n) * 60_000_000_000 / bpm).rounded()
        return Beat(time: start + EngineTime(nanoseconds: Int64(offset)),
                    accent: signature.accent(ofBeat: n % signature.beats))
    }

    /// The time one beat lasts.
    public var beatDuration: EngineTime { EngineTime(nanoseconds: Int64((60_000_000_000 / bpm).rounded())) }
}
