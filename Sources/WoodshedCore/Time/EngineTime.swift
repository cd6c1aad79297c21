/// A point on the engine's one time base, in nanoseconds.
///
/// Every time inside Woodshed — a pad's kernel arrival stamp, a chart note, a metronome beat, the
/// first sample of an audio period — is an `EngineTime`. Zero is the time zero of whatever is being
/// practised (the start of a chart's first measure, the first beat after a count-in); times before it
/// are negative (count-in clicks, early hits). Keeping one integer type for all of them means there
/// is never a question of which clock a number came from.
public struct EngineTime: Hashable, Comparable, Sendable, BitwiseCopyable, CustomStringConvertible {
    /// Nanoseconds since time zero.
    public var nanoseconds: Int64

    @inlinable public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// A time from (possibly fractional) milliseconds, rounded to the nearest nanosecond.
    @inlinable public static func milliseconds(_ ms: Double) -> EngineTime {
        EngineTime(nanoseconds: Int64((ms * 1_000_000).rounded()))
    }

    /// A time from (possibly fractional) seconds, rounded to the nearest nanosecond.
    @inlinable public static func seconds(_ s: Double) -> EngineTime {
        EngineTime(nanoseconds: Int64((s * 1_000_000_000).rounded()))
    }

    public static let zero = EngineTime(nanoseconds: 0)
    /// Later than any time a session can reach; used as "never".
    public static let distantFuture = EngineTime(nanoseconds: .max / 2)

    /// This time in milliseconds.
    @inlinable public var milliseconds: Double { Double(nanoseconds) / 1_000_000 }
    /// This time in seconds.
    @inlinable public var seconds: Double { Double(nanoseconds) / 1_000_000_000 }

    @inlinable public static func < (a: EngineTime, b: EngineTime) -> Bool { a.nanoseconds < b.nanoseconds }
    @inlinable public static func + (a: EngineTime, b: EngineTime) -> EngineTime {
        EngineTime(nanoseconds: a.nanoseconds &+ b.nanoseconds)
    }
    @inlinable public static func - (a: EngineTime, b: EngineTime) -> EngineTime {
        EngineTime(nanoseconds: a.nanoseconds &- b.nanoseconds)
    }
    @inlinable public static func += (a: inout EngineTime, b: EngineTime) { a = a + b }
    @inlinable public static func -= (a: inout EngineTime, b: EngineTime) { a = a - b }

    /// The sample index this time falls on at `sampleRate`, rounded to the nearest sample.
    /// Sample 0 is time zero. Exact integer arithmetic (no drift), valid for ±13 hours at 192 kHz.
    @inlinable public func sampleIndex(atRate sampleRate: Int) -> Int64 {
        let billion: Int64 = 1_000_000_000
        let scaled = nanoseconds * Int64(sampleRate)
        return scaled >= 0 ? (scaled + billion / 2) / billion : -((-scaled + billion / 2) / billion)
    }

    /// The time of sample `index` at `sampleRate`.
    @inlinable public static func ofSample(_ index: Int64, atRate sampleRate: Int) -> EngineTime {
        EngineTime(nanoseconds: index * 1_000_000_000 / Int64(sampleRate))
    }

    public var description: String {
        let ms = milliseconds
        return ms.truncatingRemainder(dividingBy: 1) == 0 ? "\(Int64(ms)) ms" : "\(ms) ms"
    }
}
