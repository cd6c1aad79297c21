/// A drum chart: measures, a tempo map, the notes to play and the metadata around them.
///
/// Time zero is the start of the first measure (DTX measure 000, MIDI tick 0); every time is an
/// `EngineTime` on that clock. Notes are sorted by time, then by voice index. A chart is a value:
/// readers produce one through `ChartBuilder`, writers and the practice tools only read it.
public struct Chart: Hashable, Sendable {
    public internal(set) var metadata: ChartMetadata
    /// Every measure in order; never empty.
    public internal(set) var measures: [Measure]
    /// The tempo map: the first change is at time zero; sorted by time.
    public internal(set) var tempoChanges: [TempoChange]
    public internal(set) var notes: [ChartNote]
    public internal(set) var sections: [ChartSection]
    /// The chart's audio, in time order: the first is the song; more (a DTX chart with several BGM
    /// chips) each play from their own offset.
    public internal(set) var backingTracks: [BackingTrack]
    /// The song: the first backing track.
    public internal(set) var backingTrack: BackingTrack? {
        get { backingTracks.first }
        set { backingTracks = newValue.map { [$0] } ?? [] }
    }
    /// The sound files the chart names for its chips (DTX `#WAVzz`), in chip order; notes and cues
    /// refer to them by index. Empty for the formats that have none.
    public internal(set) var sounds: [ChartSound] = []
    /// Sounds the chart plays by itself at their time (DTX sound-effect and guitar/bass chips), in
    /// time order.
    public internal(set) var soundCues: [SoundCue] = []
    /// Drum-lane chips that are not notes (DTX hidden and empty-hit chips): sounds for the drummer's
    /// hits, in time order.
    public internal(set) var laneSounds: [LaneSound] = []

    /// The same chart with its song and the sounds it plays by itself moved `delay` later (earlier
    /// when negative) against its notes: DTXMania's BGM adjustment (`DTXScoreIni`).
    public func delayingSongAndCues(by delay: EngineTime) -> Chart {
        var chart = self
        for k in chart.backingTracks.indices { chart.backingTracks[k].offset += delay }
        for k in chart.soundCues.indices { chart.soundCues[k].time += delay }
        return chart
    }

    /// The tempo at the start of the chart, in quarter notes per minute.
    public var bpm: Double { tempoChanges.first?.bpm ?? 120 }
    /// The end of the last measure.
    public var end: EngineTime { measures.last?.end ?? .zero }
    /// Whether the tempo ever changes.
    public var hasTempoChanges: Bool { tempoChanges.count > 1 }

    /// The time of a point `quarter` quarter notes after the start of the chart (beyond either end
    /// the nearest tempo is extended).
    public func time(atQuarter quarter: ExactFraction) -> EngineTime {
        TempoChange.time(atQuarter: quarter, in: tempoChanges)
    }

    /// The time of an exact position inside a measure (0-based index; `position` a fraction of the
    /// measure, 1 = the end). Nil if the measure does not exist.
    public func time(measureIndex: Int, position: ExactFraction) -> EngineTime? {
        guard measures.indices.contains(measureIndex) else { return nil }
        let m = measures[measureIndex]
        return time(atQuarter: m.startQuarter + position * m.length)
    }

    /// The time of beat `beat` of measure `measureNumber`, both 1-based as a musician counts
    /// ("measure 5, beat 3"; beat 2.5 is the "and" of two). Beats are in the signature's unit.
    /// `measureNumber` one past the last measure, beat 1, is the end of the chart. Nil outside the chart.
    public func time(measureNumber: Int, beat: Double = 1) -> EngineTime? {
        guard beat >= 1, beat.isFinite else { return nil }
        if measureNumber == measures.count + 1, beat == 1 { return end }
        guard measures.indices.contains(measureNumber - 1) else { return nil }
        let m = measures[measureNumber - 1]
        let offset = ExactFraction(approximating: beat - 1, maxDenominator: 960) * m.signature.beatLength
        guard offset <= m.length else { return nil }
        return time(atQuarter: m.startQuarter + offset)
    }

    /// The measure sounding at `time`, or nil before the first or after the last measure.
    public func measure(containing time: EngineTime) -> Measure? {
        guard let first = measures.first, time >= first.start, time < end else { return nil }
        var low = 0, high = measures.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if measures[mid].start <= time { low = mid } else { high = mid - 1 }
        }
        return measures[low]
    }

    /// The tempo in force at `time`.
    public func bpm(at time: EngineTime) -> Double {
        var result = bpm
        for change in tempoChanges where change.time <= time { result = change.bpm }
        return result
    }

    /// The indices of `notes` whose time is in `start ..< end` (for practice loops).
    public func noteIndices(from start: EngineTime, to end: EngineTime) -> Range<Int> {
        func firstIndex(atOrAfter t: EngineTime) -> Int {
            var low = 0, high = notes.count
            while low < high {
                let mid = (low + high) / 2
                if notes[mid].time < t { low = mid + 1 } else { high = mid }
            }
            return low
        }
        let a = firstIndex(atOrAfter: start)
        return a..<max(a, firstIndex(atOrAfter: end))
    }
}

extension TempoChange {
    /// The time of `quarter` under a tempo map whose changes already carry their times.
    static func time(atQuarter quarter: ExactFraction, in changes: [TempoChange]) -> EngineTime {
        guard !changes.isEmpty else {
            return EngineTime(nanoseconds: Int64((quarter.doubleValue * 500_000_000).rounded()))
        }
        var low = 0, high = changes.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if changes[mid].quarter <= quarter { low = mid } else { high = mid - 1 }
        }
        let change = changes[low]
        let delta = (quarter - change.quarter).doubleValue * change.nanosecondsPerQuarter
        return change.time + EngineTime(nanoseconds: Int64(delta.rounded()))
    }
}
