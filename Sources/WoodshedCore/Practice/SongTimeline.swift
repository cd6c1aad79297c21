/// Where the song's audio sounds during a practice run: which stretch of the audio file plays at
/// which practice time, at what speed.
///
/// Worked out from the plan before the run, so the song's thread only follows it. Practice time is
/// the plan's time base (speed applied, passes laid end to end, 0 = the first pass's start); audio
/// time is seconds into the audio file, where the chart's clock says `audio = chart − offset` (the
/// backing track's offset: when the file's first sample plays on the chart's clock).
public struct SongTimeline: Hashable, Sendable {
    /// One continuous stretch of the audio.
    public struct Segment: Hashable, Sendable {
        /// When the segment's first audio frame sounds, on the practice time base.
        public var practiceStart: EngineTime
        /// Where it starts and ends in the audio file (may lie before 0 or past the file's end:
        /// silence there).
        public var audioStart: EngineTime
        public var audioEnd: EngineTime
        /// Whether it fades in (it starts mid-song: a loop's start) — it always fades out.
        public var fadesIn: Bool
        /// Playback speed, 1 = 100 % (audio seconds per practice second).
        public var speed: Double
        /// Transposition in semitones (fractions are cents: −0.1 = 10 cents down); 0 for a chart's song.
        public var pitch: Double
        /// The speed changes the pitch too, as a tape played faster (one resampling step, nothing
        /// stretched); `pitch` adds to that. False: the pitch is kept (time-stretched).
        public var varispeed: Bool

        public init(practiceStart: EngineTime, audioStart: EngineTime, audioEnd: EngineTime, fadesIn: Bool, speed: Double,
                    pitch: Double = 0, varispeed: Bool = false) {
            self.practiceStart = practiceStart
            self.audioStart = audioStart
            self.audioEnd = audioEnd
            self.fadesIn = fadesIn
            self.speed = speed
            self.pitch = pitch
            self.varispeed = varispeed
        }

        /// How long it lasts on the practice time base.
        public var duration: EngineTime { .seconds((audioEnd - audioStart).seconds / speed) }

        /// When it ends on the practice time base.
        public var practiceEnd: EngineTime { practiceStart + duration }
    }

    /// In practice-time order; consecutive segments may touch (a loop) but never overlap.
    public var segments: [Segment]
    /// The crossfade where a segment starts or ends mid-song, long enough that the cut does not
    /// click: a segment fades in over this much before its start (so a loop's downbeat sounds whole)
    /// and out over this much after its end. At a loop's seam the next pass has faded in by the
    /// time the last one starts fading out.
    public var crossfade: EngineTime

    public init(segments: [Segment], crossfade: EngineTime = .milliseconds(10)) {
        self.segments = segments
        self.crossfade = crossfade
    }

    /// The speed the song starts at (1 without segments).
    public var speed: Double { segments.first?.speed ?? 1 }

    /// When the first sound (or fade) of the song can start.
    public var start: EngineTime {
        (segments.first?.practiceStart ?? .zero) - crossfade
    }

    /// The song under a practice plan: the whole song (from its first sample, also before measure 1)
    /// to the end of the last measure, or, for a loop, the loop's measures once per pass.
    /// - Parameters:
    ///   - chart: the chart the plan was made from (for the loop's measure times).
    ///   - offset: when the audio's first sample plays on the chart's clock.
    public init(plan: PracticePlan, chart: Chart, offset: EngineTime) {
        let speed = Double(plan.options.speedPercent) / 100
        let first = chart.measures[plan.measures.lowerBound - 1].start
        let last = chart.measures[plan.measures.upperBound - 1].end
        func practice(_ chartTime: EngineTime) -> EngineTime { .seconds((chartTime - first).seconds / speed) }
        var segments: [Segment] = []
        if plan.options.loop == nil {
            // The whole song: from the file's first sample (an intro before measure 1 plays during the count-in).
            let start = min(offset, first)
            segments.append(Segment(practiceStart: practice(start), audioStart: start - offset, audioEnd: last - offset, fadesIn: false, speed: speed))
        } else {
            for passStart in plan.passStarts {
                segments.append(Segment(practiceStart: passStart, audioStart: first - offset, audioEnd: last - offset,
                                        fadesIn: first - offset > .zero, speed: speed))
            }
        }
        self.init(segments: segments)
    }

    /// The song from practice time `time` on: the segments that end after it, the one playing at
    /// `time` cut to start there (fading in, as at a loop's seam). What a change's new frames are
    /// made from, whatever made the new timeline (a new speed, a jump).
    public func segments(from time: EngineTime) -> [Segment] {
        segments.compactMap { segment in
            if segment.practiceEnd <= time { return nil }
            guard segment.practiceStart < time else { return segment }
            var rest = segment
            rest.audioStart = segment.audioStart + .seconds((time - segment.practiceStart).seconds * segment.speed)
            rest.practiceStart = time
            rest.fadesIn = true
            return rest
        }
    }

    /// The same song with its speed changed at practice time `time` (pitch kept by the stretcher):
    /// what sounds before `time` is unchanged; from `time` on the audio goes on from where it is at
    /// `speed`, and everything after — the rest of the segment, the next passes of a loop, the gaps
    /// between them — comes sooner or later by the ratio of the old speed to the new. The piece from
    /// `time` on fades in, as at a loop's seam, so the change does not click.
    public func changingSpeed(to speed: Double, at time: EngineTime) -> SongTimeline {
        var result: [Segment] = []
        // How a practice time after `time` moves: the speed in force at `time` over the new one.
        var ratio = 1.0
        if let current = segments.last(where: { $0.practiceStart <= time }) { ratio = current.speed / speed }
        func moved(_ t: EngineTime) -> EngineTime { time + .seconds((t - time).seconds * ratio) }
        for segment in segments {
            if segment.practiceEnd <= time {
                result.append(segment)
            } else if segment.practiceStart < time {
                let audioAtTime = segment.audioStart + .seconds((time - segment.practiceStart).seconds * segment.speed)
                var before = segment
                before.audioEnd = audioAtTime
                result.append(before)
                result.append(Segment(practiceStart: time, audioStart: audioAtTime, audioEnd: segment.audioEnd, fadesIn: true, speed: speed,
                                      pitch: segment.pitch, varispeed: segment.varispeed))
            } else {
                var later = segment
                later.practiceStart = moved(segment.practiceStart)
                later.speed = speed
                result.append(later)
            }
        }
        return SongTimeline(segments: result, crossfade: crossfade)
    }
}
