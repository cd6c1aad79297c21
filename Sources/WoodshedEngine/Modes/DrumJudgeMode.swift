import WoodshedCore

/// `woodshed play` on drums: every hit is sounded at once and judged against the chart; notes
/// nobody hit become misses as time passes; the scored judgements go to the display in chart order.
///
/// Runs on the timing thread: the judge's tables and the result queue are sized in `init`, so
/// `handle` and `advance` never allocate, lock or print.
public final class DrumJudgeMode<Classifier: EventClassifier>: PracticeMode {
    private var classifier: Classifier
    /// The judge; read its `combo`, `score` and counts only when the timing thread is not running.
    public private(set) var judge: Judge
    private let synth: SPSCQueue<MIDIEvent>
    /// What the display reads: judgements, extras, ignored and dropped hits.
    public let results: SPSCQueue<DrumPlayRecord>
    /// Whether hits are sounded (channel 10, the voice's General MIDI note).
    public let feedback: Bool
    /// Each source's calibrated latency, applied to its own hits.
    public let latencies: InputLatencies
    /// The chart's own sounds for hits (`--hit-sound chip`), and where to send them; nil: the kit.
    private var hitSounds: HitSounds?
    private var chips: SPSCQueue<ChipPlayer.Trigger>?
    /// Changes of speed while playing, from the thread that owns the run: applied to the judge (and
    /// the hit sounds) before the next hit or the next passing of time.
    public let speedChanges = SPSCQueue<SpeedChange>(minimumCapacity: 16)

    /// - Parameter latencies: the calibration of each source; the judge's own `calibrationOffset`
    ///   is not used (a hit always brings its source's latency).
    public init(classifier: Classifier, judge: Judge, synth: SPSCQueue<MIDIEvent>, latencies: InputLatencies = InputLatencies(),
                feedback: Bool = true, capacity: Int = 1 << 16) {
        self.classifier = classifier
        self.classifier.prepareForRealTime()
        self.judge = judge
        self.judge.ownState()
        self.synth = synth
        self.latencies = latencies
        self.feedback = feedback
        results = SPSCQueue(minimumCapacity: capacity)
    }

    @inline(__always)
    private func applySpeedChanges() {
        while let change = speedChanges.pop() {
            judge.retime(change)
            hitSounds?.retime(change)
        }
    }

    public func handle(_ event: MIDIEvent) {
        applySpeedChanges()
        switch classifier.classify(event) {
        case .drum(let voice):
            let outcome = judge.hit(voice, at: event.time, velocity: event.value, latency: latencies.latency(of: event))
            if feedback { sound(voice, event, outcome) }
            switch outcome {
            case .matched: break
            case .extra: results.push(.extra(ExtraHit(voice: voice, time: event.time, velocity: event.value)))
            case .ignored: results.push(.ignored(voice: voice, time: event.time, velocity: event.value))
            }
            publishFinals()
        case .dropped(_, let reason):
            results.push(.dropped(event, reason))
        case .other where event.kind == .controlChange && feedback:
            // As in the monitor: controllers (the hi-hat pedal) reach the synth as they came.
            synth.push(MIDIEvent(time: event.time, kind: .controlChange, channel: event.channel, number: event.number, value: event.value))
        case .pitched, .released, .unmapped, .other:
            break
        }
    }

    /// Hits play the chart's own sounds from now on (`--hit-sound chip`): each hit's chip goes to
    /// `chips` (the chip player's queue). Call before the timing thread starts.
    public func playHits(with sounds: HitSounds, into chips: SPSCQueue<ChipPlayer.Trigger>) {
        hitSounds = sounds
        hitSounds?.ownState()
        self.chips = chips
    }

    /// Sounds a hit: the chip of the note it was judged against (or the nearest of its voice), else
    /// the kit's sound for the voice (channel 10, its General MIDI note).
    @inline(__always)
    private func sound(_ voice: DrumVoice, _ event: MIDIEvent, _ outcome: Judge.HitOutcome) {
        if let hitSounds, let chips {
            let matched: Int32? = if case .matched(let index, _, _) = outcome { index } else { nil }
            if let chip = hitSounds.sound(for: voice, at: event.time - latencies.latency(of: event), matched: matched) {
                chips.push(ChipPlayer.Trigger(sound: chip, velocity: event.value, voice: voice))
                return
            }
        }
        synth.push(MIDIEvent(time: event.time, kind: .noteOn, channel: 10, number: voice.generalMIDINote, value: event.value))
    }

    public func advance(to time: EngineTime) {
        applySpeedChanges()
        judge.advance(to: time, latency: latencies.largest)
        publishFinals()
    }

    /// Every note is judged and reported.
    public var isFinished: Bool { judge.isComplete }

    private func publishFinals() {
        while let judgement = judge.nextFinal() { results.push(.judged(judgement)) }
    }
}
