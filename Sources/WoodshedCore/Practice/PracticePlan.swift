/// Everything a practice run needs, worked out before it starts: the notes to judge on the practice
/// time base (speed applied, loop passes laid end to end, count-ins inserted), the notes shown but
/// not judged, the metronome's beats, and where each pass starts.
///
/// The timing thread only reads this; building it allocates, so it happens before start.
public struct PracticePlan: Sendable {
    /// A note as the practice run sees it.
    public struct Note: Hashable, Sendable {
        /// When it is due, on the practice time base (speed applied; 0 = the first pass's start).
        public var time: EngineTime
        public var voice: DrumVoice
        public var velocity: UInt8
        /// 1-based measure number in the chart.
        public var measureNumber: Int
        /// 1-based beat within the measure, in the signature's unit (2.5 = the "and" of 2).
        public var beat: Double
        public var placement: BeatPlacement
        /// 0-based pass of the loop (0 without a loop).
        public var pass: Int
        /// The chart's own sound for it (`Chart.sounds`: a DTX chip), if any.
        public var sound: Int? = nil
    }

    /// A chart sound played for the drummer at a time on the practice time base.
    public struct SoundCue: Hashable, Sendable {
        public var time: EngineTime
        /// Which of the chart's sounds (`Chart.sounds`).
        public var sound: Int
        /// The note's voice, or nil for a sound the chart plays by itself (a DTX sound effect).
        public var voice: DrumVoice?

        public init(time: EngineTime, sound: Int, voice: DrumVoice?) {
            self.time = time
            self.sound = sound
            self.voice = voice
        }
    }

    /// A drum-lane sound for the drummer's hits (a DTX hidden or empty-hit chip) on the practice
    /// time base.
    public struct LaneSoundCue: Hashable, Sendable {
        public var time: EngineTime
        public var voice: DrumVoice
        public var sound: Int
        public var kind: LaneSound.Kind
    }

    /// Where a measure of a pass starts, on the practice time base.
    public struct MeasureStart: Hashable, Sendable {
        /// 0-based pass of the loop.
        public var pass: Int
        /// 1-based measure number in the chart.
        public var measure: Int
        public var time: EngineTime
    }

    public var options: PracticeOptions
    /// The notes judged and scored, in chart order (time, then voice).
    public var notes: [Note]
    /// Notes of voices left out by `--voices`: shown muted, not judged.
    public var mutedNotes: [Note]
    /// What the chart plays by itself (autoplay), in time order: the chart sounds of every note the
    /// player is not judged on — voices left out, notes an easier level drops — and the chart's own
    /// sound cues (DTX sound effects), so a drummer practising hands still hears the feet.
    public var autoplay: [SoundCue]
    /// The chart's drum-lane sounds for hits (`Chart.laneSounds`) per pass, in time order; an
    /// empty-hit chip set before the section is in force from each pass's start.
    public var laneSounds: [LaneSoundCue]
    /// Every click: count-ins (negative times before the first pass) and the beats of each pass.
    public var beats: [Beat]
    /// The count-in clicks only (for the countdown display).
    public var countInBeats: [Beat]
    /// Where each pass starts.
    public var passStarts: [EngineTime]
    /// Where every measure of every pass starts, in time order.
    public var measureStarts: [MeasureStart]
    /// The measures played (1-based).
    public var measures: ClosedRange<Int>
    /// The time after the last note's window when the run is over.
    public var end: EngineTime
    /// The tempo as heard at the start (chart BPM × speed).
    public var effectiveBPM: Double

    public enum PlanError: Error, Equatable { case loopOutsideChart(ClosedRange<Int>, measures: Int), noNotes }

    /// - Parameters:
    ///   - passes: how many passes to lay out when `options.passes` is nil (a live run that loops
    ///     until stopped lays out many).
    ///   - tail: how long after the last note the run lasts (the judge's Good window).
    public init(chart: Chart, options: PracticeOptions, defaultPasses: Int = 1, tail: EngineTime = .milliseconds(84)) throws(PlanError) {
        self.options = options
        let level = options.level
        let measures = options.loop ?? 1...max(chart.measures.count, 1)
        guard measures.upperBound <= chart.measures.count else {
            throw .loopOutsideChart(measures, measures: chart.measures.count)
        }
        self.measures = measures
        let scale = 100.0 / Double(options.speedPercent)
        func scaled(_ t: EngineTime) -> EngineTime { EngineTime(nanoseconds: Int64((Double(t.nanoseconds) * scale).rounded())) }

        let first = chart.measures[measures.lowerBound - 1]
        let last = chart.measures[measures.upperBound - 1]
        let sectionStart = first.start
        let sectionLength = scaled(last.end - sectionStart)
        let passCount = options.loop == nil ? 1 : (options.passes ?? defaultPasses)

        // One count-in: `countInBars` bars of the first measure's signature at its tempo (speed applied).
        let firstBeatLength = 60.0 / chart.bpm(at: sectionStart) * 4 / Double(first.signature.noteValue) * scale
        let beatNanos = Int64((firstBeatLength * 1e9).rounded())
        let countInLength = EngineTime(nanoseconds: beatNanos * Int64(options.countInBars * first.signature.beats))
        func countIn(endingAt start: EngineTime) -> [Beat] {
            let count = options.countInBars * first.signature.beats
            return (0..<count).map { i in
                Beat(time: start - countInLength + EngineTime(nanoseconds: beatNanos * Int64(i)),
                     accent: first.signature.accent(ofBeat: i % first.signature.beats))
            }
        }

        // The beats of the section, relative to its start.
        var sectionBeats: [Beat] = []
        for m in measures {
            let measure = chart.measures[m - 1]
            let whole = Int(measure.beatCount.numerator / max(measure.beatCount.denominator, 1))
            for b in 0..<max(whole, 1) {
                if let t = chart.time(measureNumber: m, beat: Double(b + 1)) {
                    sectionBeats.append(Beat(time: scaled(t - sectionStart), accent: measure.signature.accent(ofBeat: b)))
                }
            }
        }

        var notes: [Note] = [], muted: [Note] = [], beats: [Beat] = [], countInBeats: [Beat] = [], starts: [EngineTime] = []
        var autoplay: [SoundCue] = []
        var laneSounds: [LaneSoundCue] = []
        let sectionLaneSounds = chart.laneSounds.filter { $0.time >= sectionStart && $0.time < last.end }
        // The empty-hit chip of each voice in force when the section starts.
        var emptyHitBefore: [DrumVoice: LaneSound] = [:]
        for lane in chart.laneSounds where lane.kind == .emptyHit && lane.time < sectionStart { emptyHitBefore[lane.voice] = lane }
        let sectionCues = chart.soundCues.filter { $0.time >= sectionStart && $0.time < last.end }
        var measureStarts: [MeasureStart] = []
        var passStart = EngineTime.zero
        let range = chart.noteIndices(from: sectionStart, to: last.end)
        for pass in 0..<passCount {
            if pass > 0, options.countInEachPass { passStart += countInLength }
            if pass == 0 || options.countInEachPass {
                let clicks = countIn(endingAt: passStart)
                countInBeats += clicks
                beats += clicks
            }
            starts.append(passStart)
            for m in measures {
                measureStarts.append(MeasureStart(pass: pass, measure: m, time: scaled(chart.measures[m - 1].start - sectionStart) + passStart))
            }
            beats += sectionBeats.map { Beat(time: $0.time + passStart, accent: $0.accent) }
            for note in chart.notes[range] {
                let beatLength = chart.measures[note.measureIndex].signature.beatLength
                let planned = Note(time: scaled(note.time - sectionStart) + passStart, voice: note.voice, velocity: note.velocity,
                                   measureNumber: note.measureNumber,
                                   beat: 1 + (note.position * chart.measures[note.measureIndex].length / beatLength).doubleValue,
                                   placement: note.placement, pass: pass, sound: note.sound)
                let kept = Chart.keeps(note, atLevel: level)
                let practised = options.voices.map { $0.contains(note.voice) } ?? true
                if kept && practised { notes.append(planned) } else if kept { muted.append(planned) }
                if !(kept && practised), let sound = note.sound {
                    autoplay.append(SoundCue(time: planned.time, sound: sound, voice: note.voice))
                }
            }
            for cue in sectionCues {
                autoplay.append(SoundCue(time: scaled(cue.time - sectionStart) + passStart, sound: cue.sound, voice: nil))
            }
            for lane in emptyHitBefore.values.sorted(by: { $0.voice.index < $1.voice.index }) {
                laneSounds.append(LaneSoundCue(time: passStart, voice: lane.voice, sound: lane.sound, kind: .emptyHit))
            }
            for lane in sectionLaneSounds {
                laneSounds.append(LaneSoundCue(time: scaled(lane.time - sectionStart) + passStart, voice: lane.voice, sound: lane.sound, kind: lane.kind))
            }
            passStart += sectionLength
        }
        guard !notes.isEmpty else { throw .noNotes }
        self.notes = notes
        mutedNotes = muted
        self.autoplay = autoplay.sorted { $0.time != $1.time ? $0.time < $1.time : $0.sound < $1.sound }
        self.laneSounds = laneSounds.sorted { $0.time < $1.time }
        self.beats = beats.sorted { $0.time < $1.time }
        self.countInBeats = countInBeats
        passStarts = starts
        self.measureStarts = measureStarts
        end = passStart + tail
        effectiveBPM = chart.bpm(at: sectionStart) * Double(options.speedPercent) / 100
    }

    /// The plan after a change of speed while playing: everything after the change sits sooner or
    /// later, the speed and the tempo heard are the new ones.
    public mutating func retime(_ change: SpeedChange) {
        func moved(_ t: EngineTime) -> EngineTime { change.apply(to: t) }
        for i in notes.indices { notes[i].time = moved(notes[i].time) }
        for i in mutedNotes.indices { mutedNotes[i].time = moved(mutedNotes[i].time) }
        for i in autoplay.indices { autoplay[i].time = moved(autoplay[i].time) }
        for i in laneSounds.indices { laneSounds[i].time = moved(laneSounds[i].time) }
        for i in beats.indices { beats[i].time = moved(beats[i].time) }
        for i in countInBeats.indices { countInBeats[i].time = moved(countInBeats[i].time) }
        passStarts = passStarts.map(moved)
        for i in measureStarts.indices { measureStarts[i].time = moved(measureStarts[i].time) }
        end = moved(end)
        effectiveBPM *= change.ratio
        options.speedPercent = Int((Double(options.speedPercent) * change.ratio).rounded())
    }

    /// How long one pass lasts.
    public var passDuration: EngineTime {
        passStarts.count > 1 ? passStarts[1] - passStarts[0] : end - (passStarts.first ?? .zero)
    }

    /// The measure (and pass) that `time` falls in; a time before the first measure (the count-in)
    /// belongs to the first.
    public func measure(at time: EngineTime) -> MeasureStart? {
        var low = 0, high = measureStarts.count
        while low < high {
            let mid = (low + high) / 2
            if measureStarts[mid].time <= time { low = mid + 1 } else { high = mid }
        }
        return measureStarts.isEmpty ? nil : measureStarts[max(low - 1, 0)]
    }

    /// The pass that `time` falls in.
    public func pass(at time: EngineTime) -> Int {
        var result = 0
        for (i, start) in passStarts.enumerated() where start <= time { result = i }
        return result
    }
}
