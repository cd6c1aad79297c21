/// Collects measures, tempos, notes and sections on the chart's grid and computes every time once.
///
/// All readers (DTX, MIDI, native) and any code that generates a chart go through the builder, so
/// the arithmetic from (measure, position) to `EngineTime` lives in one place.
public struct ChartBuilder: Sendable {
    public var metadata: ChartMetadata
    /// The chart's audio: the first is the song; more (DTX charts with several BGM chips) play from
    /// their own offsets.
    public var backingTracks: [BackingTrack] = []
    /// The sound files the notes and cues refer to by index.
    public var sounds: [ChartSound] = []
    public var backingTrack: BackingTrack? {
        get { backingTracks.first }
        set { backingTracks = newValue.map { [$0] } ?? [] }
    }
    /// The tempo used when nothing is set at the very start (DTX's and MIDI's default: 120).
    public var defaultBPM: Double = 120

    struct MeasureSpec: Sendable {
        var signature: TimeSignature
        var length: ExactFraction
    }
    struct PendingTempo: Sendable {
        var bpm: Double
        var measureIndex: Int
        var position: ExactFraction
    }
    struct PendingNote: Sendable {
        var voice: DrumVoice
        var measureIndex: Int
        var position: ExactFraction
        var velocity: UInt8
        var dynamic: NoteDynamic
        var sound: Int?
    }
    struct PendingCue: Sendable {
        var measureIndex: Int
        var position: ExactFraction
        var sound: Int
    }
    struct PendingLaneSound: Sendable {
        var kind: LaneSound.Kind
        var voice: DrumVoice
        var measureIndex: Int
        var position: ExactFraction
        var sound: Int
    }
    struct PendingSection: Sendable {
        var name: String
        var measureIndex: Int
        var position: ExactFraction
    }

    var measureSpecs: [MeasureSpec] = []
    var tempos: [PendingTempo] = []
    var pendingNotes: [PendingNote] = []
    var pendingSections: [PendingSection] = []
    var pendingCues: [PendingCue] = []
    var pendingLaneSounds: [PendingLaneSound] = []

    public init(metadata: ChartMetadata = ChartMetadata()) {
        self.metadata = metadata
    }

    /// How many measures have been appended.
    public var measureCount: Int { measureSpecs.count }

    /// Appends a measure. `length` in quarter notes defaults to the signature's.
    @discardableResult
    public mutating func appendMeasure(signature: TimeSignature = .fourFour, length: ExactFraction? = nil) -> Int {
        measureSpecs.append(MeasureSpec(signature: signature, length: length ?? signature.measureLength))
        return measureSpecs.count - 1
    }

    /// Sets the tempo from a point on (0-based measure, fraction of the measure). A later call for
    /// the same point replaces an earlier one.
    public mutating func setTempo(_ bpm: Double, measureIndex: Int, position: ExactFraction = .zero) {
        tempos.append(PendingTempo(bpm: bpm, measureIndex: measureIndex, position: position))
    }

    /// Adds a note at (0-based measure, fraction of the measure). The same voice twice at the same
    /// point becomes one note (the louder).
    public mutating func addNote(
        _ voice: DrumVoice, measureIndex: Int, position: ExactFraction,
        velocity: UInt8? = nil, dynamic: NoteDynamic = .normal, sound: Int? = nil
    ) {
        pendingNotes.append(PendingNote(
            voice: voice, measureIndex: measureIndex, position: position,
            velocity: velocity ?? dynamic.defaultVelocity, dynamic: dynamic, sound: sound))
    }

    /// Adds a sound the chart plays by itself (a DTX sound-effect or guitar/bass chip), `sound`
    /// an index into `sounds`.
    public mutating func addSoundCue(sound: Int, measureIndex: Int, position: ExactFraction) {
        pendingCues.append(PendingCue(measureIndex: measureIndex, position: position, sound: sound))
    }

    /// Adds a drum-lane chip that is not a note (a DTX hidden or empty-hit chip), `sound` an index
    /// into `sounds`.
    public mutating func addLaneSound(_ kind: LaneSound.Kind, voice: DrumVoice, sound: Int, measureIndex: Int, position: ExactFraction) {
        pendingLaneSounds.append(PendingLaneSound(kind: kind, voice: voice, measureIndex: measureIndex, position: position, sound: sound))
    }

    public mutating func addSection(_ name: String, measureIndex: Int, position: ExactFraction = .zero) {
        pendingSections.append(PendingSection(name: name, measureIndex: measureIndex, position: position))
    }

    /// The (0-based measure, fraction of the measure) of a point `quarter` quarter notes from the
    /// start, for sources that count in ticks (MIDI). Points past the last measure land in it.
    public func position(ofQuarter quarter: ExactFraction) -> (measureIndex: Int, position: ExactFraction) {
        var start = ExactFraction.zero
        for (i, spec) in measureSpecs.enumerated() {
            if quarter < start + spec.length || i == measureSpecs.count - 1 {
                return (i, (quarter - start) / spec.length)
            }
            start += spec.length
        }
        return (0, .zero)
    }

    /// The finished chart. Notes and sections outside the measures are dropped; a chart without
    /// measures gets one empty 4/4 measure.
    public func build() -> Chart {
        var specs = measureSpecs
        if specs.isEmpty { specs.append(MeasureSpec(signature: .fourFour, length: 4)) }
        var starts: [ExactFraction] = []
        starts.reserveCapacity(specs.count)
        var q = ExactFraction.zero
        for spec in specs {
            starts.append(q)
            q += spec.length
        }
        let totalQuarters = q
        func quarter(_ measure: Int, _ position: ExactFraction) -> ExactFraction {
            starts[measure] + position * specs[measure].length
        }

        // Tempo map: stable order by quarter, the last setting at a point wins.
        var keyed: [(q: ExactFraction, order: Int, tempo: PendingTempo)] = []
        for (order, t) in tempos.enumerated() where specs.indices.contains(t.measureIndex) {
            keyed.append((quarter(t.measureIndex, t.position), order, t))
        }
        keyed.sort { $0.q != $1.q ? $0.q < $1.q : $0.order < $1.order }
        var changes: [TempoChange] = []
        if keyed.first?.q != .zero {
            changes.append(TempoChange(bpm: defaultBPM, measureIndex: 0, position: .zero, quarter: .zero, time: .zero))
        }
        for k in keyed {
            let time = TempoChange.time(atQuarter: k.q, in: changes)
            let change = TempoChange(
                bpm: k.tempo.bpm, measureIndex: k.tempo.measureIndex, position: k.tempo.position,
                quarter: k.q, time: time)
            if let last = changes.last, last.quarter == k.q {
                changes[changes.count - 1] = change
            } else if let last = changes.last, last.bpm == k.tempo.bpm {
                continue  // no actual change
            } else {
                changes.append(change)
            }
        }

        var measures: [Measure] = []
        measures.reserveCapacity(specs.count)
        for (i, spec) in specs.enumerated() {
            let endQuarter = i + 1 < specs.count ? starts[i + 1] : totalQuarters
            measures.append(Measure(
                index: i, signature: spec.signature, length: spec.length, startQuarter: starts[i],
                start: TempoChange.time(atQuarter: starts[i], in: changes),
                end: TempoChange.time(atQuarter: endQuarter, in: changes)))
        }

        // Notes: by grid point, then voice; merge duplicates; times in one sweep.
        var placed: [(q: ExactFraction, note: PendingNote)] = []
        placed.reserveCapacity(pendingNotes.count)
        for n in pendingNotes where specs.indices.contains(n.measureIndex) && n.position >= .zero && n.position < .one {
            placed.append((quarter(n.measureIndex, n.position), n))
        }
        placed.sort { $0.q != $1.q ? $0.q < $1.q : $0.note.voice.index < $1.note.voice.index }
        var notes: [ChartNote] = []
        notes.reserveCapacity(placed.count)
        var previousQuarter: ExactFraction? = nil
        for p in placed {
            if let last = notes.last, previousQuarter == p.q, last.voice == p.note.voice {
                if p.note.velocity > last.velocity {
                    notes[notes.count - 1].velocity = p.note.velocity
                    notes[notes.count - 1].dynamic = p.note.dynamic
                    notes[notes.count - 1].sound = p.note.sound ?? last.sound
                }
                continue
            }
            previousQuarter = p.q
            let spec = specs[p.note.measureIndex]
            let beats = p.note.position * spec.length / spec.signature.beatLength
            notes.append(ChartNote(
                voice: p.note.voice, time: TempoChange.time(atQuarter: p.q, in: changes),
                measureIndex: p.note.measureIndex, position: p.note.position,
                velocity: p.note.velocity, dynamic: p.note.dynamic,
                placement: BeatPlacement(beatsIntoMeasure: beats), sound: p.note.sound))
        }

        var cues: [SoundCue] = []
        for c in pendingCues where specs.indices.contains(c.measureIndex) && c.position >= .zero && c.position < .one
            && sounds.indices.contains(c.sound) {
            cues.append(SoundCue(sound: c.sound, measureIndex: c.measureIndex, position: c.position,
                                 time: TempoChange.time(atQuarter: quarter(c.measureIndex, c.position), in: changes)))
        }
        cues.sort { $0.time != $1.time ? $0.time < $1.time : $0.sound < $1.sound }

        var laneSounds: [LaneSound] = []
        for c in pendingLaneSounds where specs.indices.contains(c.measureIndex) && c.position >= .zero && c.position < .one
            && sounds.indices.contains(c.sound) {
            laneSounds.append(LaneSound(kind: c.kind, voice: c.voice, sound: c.sound, measureIndex: c.measureIndex, position: c.position,
                                        time: TempoChange.time(atQuarter: quarter(c.measureIndex, c.position), in: changes)))
        }
        laneSounds.sort { $0.time != $1.time ? $0.time < $1.time : $0.sound < $1.sound }

        var sections: [ChartSection] = []
        for s in pendingSections where specs.indices.contains(s.measureIndex) {
            sections.append(ChartSection(
                name: s.name, measureIndex: s.measureIndex, position: s.position,
                time: TempoChange.time(atQuarter: quarter(s.measureIndex, s.position), in: changes)))
        }
        sections.sort { $0.time < $1.time }

        var chart = Chart(
            metadata: metadata, measures: measures, tempoChanges: changes, notes: notes,
            sections: sections, backingTracks: backingTracks)
        chart.sounds = sounds
        chart.soundCues = cues
        chart.laneSounds = laneSounds
        return chart
    }
}
