import WoodshedCore

/// One line of `woodshed monitor`: an event and what it meant.
public struct MonitorRecord: Hashable, Sendable, BitwiseCopyable {
    public var event: MIDIEvent
    public var meaning: NoteMeaning
}

/// `woodshed monitor`: hear what you play and see what each event was mapped to.
///
/// Every mapped note-on is sounded at once (drums on channel 10 with the voice's General MIDI note,
/// so a kit's edge and rim notes sound as the voice they map to; pitched notes on channel 1), and
/// every event is reported.
public final class MonitorMode<Classifier: EventClassifier>: PracticeMode {
    private var classifier: Classifier
    private let synth: SPSCQueue<MIDIEvent>
    /// What the display reads: one record per input event.
    public let results: SPSCQueue<MonitorRecord>
    public let feedback: Bool

    public init(classifier: Classifier, synth: SPSCQueue<MIDIEvent>, feedback: Bool = true, capacity: Int = 4096) {
        self.classifier = classifier
        self.classifier.prepareForRealTime()
        self.synth = synth
        self.feedback = feedback
        results = SPSCQueue(minimumCapacity: capacity)
    }

    public func handle(_ event: MIDIEvent) {
        let meaning = classifier.classify(event)
        if feedback {
            switch meaning {
            case .drum(let voice):
                synth.push(MIDIEvent(time: event.time, kind: .noteOn, channel: 10, number: voice.generalMIDINote, value: event.value))
            case .pitched(let note):
                synth.push(MIDIEvent(time: event.time, kind: .noteOn, channel: 1, number: note, value: event.value))
            case .released(let note):
                synth.push(MIDIEvent(time: event.time, kind: .noteOff, channel: 1, number: note, value: 0))
            case .other where event.kind == .controlChange:
                synth.push(MIDIEvent(time: event.time, kind: .controlChange, channel: event.channel, number: event.number, value: event.value))
            default:
                break
            }
        }
        results.push(MonitorRecord(event: event, meaning: meaning))
    }

    public func advance(to time: EngineTime) {}

    public var isFinished: Bool { false }
}
