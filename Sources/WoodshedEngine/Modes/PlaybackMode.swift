import WoodshedCore

/// Sends every event straight to the synth, unjudged: rendering a chart, playing a backing part.
public final class PlaybackMode: PracticeMode {
    private let synth: SPSCQueue<MIDIEvent>
    /// How many notes were sent.
    public private(set) var notes = 0

    public init(synth: SPSCQueue<MIDIEvent>) { self.synth = synth }

    public func handle(_ event: MIDIEvent) {
        if event.kind == .noteOn { notes += 1 }
        synth.push(event)
    }

    public func advance(to time: EngineTime) {}
    public var isFinished: Bool { false }
}
