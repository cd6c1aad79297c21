/// Converts ticks of a Standard MIDI File to `EngineTime`, honouring every tempo change.
///
/// Tick 0 is time zero. With a ticks-per-quarter division, each Set Tempo event (microseconds per
/// quarter) holds until the next; with an SMPTE division ticks are a fixed fraction of a second.
public struct MIDITempoMap: Hashable, Sendable {
    public struct Segment: Hashable, Sendable {
        public var tick: Int64
        public var time: EngineTime
        public var microsecondsPerQuarter: Int64
    }

    public let division: MIDIDivision
    /// The tempo segments, first at tick 0 (500 000 µs per quarter = 120 BPM unless the file sets one).
    public private(set) var segments: [Segment]

    public init(division: MIDIDivision, tempos: [(tick: Int64, microsecondsPerQuarter: Int64)]) {
        self.division = division
        var segments = [Segment(tick: 0, time: .zero, microsecondsPerQuarter: 500_000)]
        let sorted = tempos.enumerated().sorted { ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset) }
        for (_, t) in sorted where t.microsecondsPerQuarter > 0 {
            let tick = max(0, t.tick)
            let time = MIDITempoMap.time(atTick: tick, segments: segments, division: division)
            if segments[segments.count - 1].tick == tick {
                segments[segments.count - 1].microsecondsPerQuarter = t.microsecondsPerQuarter
            } else {
                segments.append(Segment(tick: tick, time: time, microsecondsPerQuarter: t.microsecondsPerQuarter))
            }
        }
        self.segments = segments
    }

    /// The time of `tick`.
    public func time(atTick tick: Int64) -> EngineTime {
        MIDITempoMap.time(atTick: tick, segments: segments, division: division)
    }

    static func time(atTick tick: Int64, segments: [Segment], division: MIDIDivision) -> EngineTime {
        switch division {
        case let .smpte(framesPerSecond, ticksPerFrame):
            let fps = framesPerSecond == 29 ? 29.97 : Double(framesPerSecond)
            return .seconds(Double(tick) / (fps * Double(ticksPerFrame)))
        case let .ticksPerQuarter(ppq):
            var low = 0, high = segments.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if segments[mid].tick <= tick { low = mid } else { high = mid - 1 }
            }
            let s = segments[low]
            let ns = Double(tick - s.tick) * Double(s.microsecondsPerQuarter) * 1000 / Double(max(ppq, 1))
            return s.time + EngineTime(nanoseconds: Int64(ns.rounded()))
        }
    }
}

/// How a Standard MIDI File counts time.
public enum MIDIDivision: Hashable, Sendable {
    /// Ticks per quarter note (the usual case: 96, 480, 960…).
    case ticksPerQuarter(Int)
    /// SMPTE: frames per second (24, 25, 29 = 29.97 drop-frame, 30) and ticks per frame.
    case smpte(framesPerSecond: Int, ticksPerFrame: Int)
}
