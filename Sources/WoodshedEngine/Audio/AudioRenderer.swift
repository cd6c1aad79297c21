import WoodshedCore

/// Drives the mixer into an output, one period at a time, and applies the note commands the timing
/// thread queued for the synth.
///
/// Live, the audio thread calls `renderPeriod()` in a loop and the output's blocking `write` paces it;
/// commands are applied at the start of the next period. Offline, `render(until:)` renders exactly up
/// to a time's sample and the caller then applies that instant's commands, so a note lands on its
/// exact sample and the result is deterministic.
public final class AudioRenderer {
    public let mixer: Mixer
    public let output: AudioOutput
    public let commands: SPSCQueue<MIDIEvent>
    public let clock: EngineClock
    /// Practice time zero on the clock's time base: command times are practice times.
    public var zero: EngineTime = .zero

    /// The absolute stream sample of the next frame to render.
    public private(set) var nextSample: Int64 = 0
    private let buffer: UnsafeMutablePointer<Float>
    /// For each note-on: its stamp → the synth's note-on call.
    public let stampToNoteOn: LatencyLog
    /// For each note-on: its stamp → the write of the period holding its first sample returned.
    public let stampToWritten: LatencyLog
    /// The stamps of the note-ons applied in the period being rendered (at most `periodStampCapacity`).
    private let periodStamps: UnsafeMutablePointer<Int64>
    private static let periodStampCapacity = 64
    private var periodStampCount = 0

    public init(mixer: Mixer, output: AudioOutput, commands: SPSCQueue<MIDIEvent>, clock: EngineClock, latencyCapacity: Int = 65_536) {
        self.mixer = mixer
        self.output = output
        self.commands = commands
        self.clock = clock
        // Written once here, so the audio thread does not page-fault them in on first use.
        buffer = .allocate(capacity: 2 * mixer.maximumFrames)
        buffer.initialize(repeating: 0, count: 2 * mixer.maximumFrames)
        stampToNoteOn = LatencyLog(capacity: latencyCapacity)
        stampToWritten = LatencyLog(capacity: latencyCapacity)
        periodStamps = .allocate(capacity: Self.periodStampCapacity)
        periodStamps.initialize(repeating: 0, count: Self.periodStampCapacity)
    }

    deinit {
        buffer.deallocate()
        periodStamps.deallocate()
    }

    /// The engine time of stream sample `sample`.
    public func time(ofSample sample: Int64) -> EngineTime {
        mixer.origin + EngineTime.ofSample(sample, atRate: mixer.format.sampleRate)
    }

    /// The stream sample at which `time` is heard.
    public func sample(at time: EngineTime) -> Int64 {
        (time - mixer.origin).sampleIndex(atRate: mixer.format.sampleRate)
    }

    /// Applies every queued command to the synth now (audio thread, or the offline driver).
    /// Records each note-on's latency from its stamp to this call on the engine clock.
    @inline(__always)
    public func applyCommands() {
        guard let synth = mixer.instrument else {
            while commands.pop() != nil {}
            return
        }
        while let command = commands.pop() {
            switch command.kind {
            case .noteOn:
                synth.noteOn(channel: command.channel, note: command.number, velocity: command.value)
                stampToNoteOn.append(clock.now - zero - command.time)
                if periodStampCount < Self.periodStampCapacity {
                    periodStamps[periodStampCount] = command.time.nanoseconds
                    periodStampCount += 1
                }
            case .noteOff:
                synth.noteOff(channel: command.channel, note: command.number)
            case .controlChange:
                synth.controlChange(channel: command.channel, controller: command.number, value: command.value)
            }
        }
    }

    /// Live: applies pending commands, renders one period and writes it (blocking on a device).
    public func renderPeriod() throws {
        periodStampCount = 0
        applyCommands()
        let frames = mixer.format.periodFrames
        mixer.render(frames: frames, firstSample: nextSample, into: buffer)
        nextSample += Int64(frames)
        try output.write(UnsafeBufferPointer(start: buffer, count: 2 * frames))
        if periodStampCount > 0 {
            let written = clock.now - zero
            for i in 0..<periodStampCount { stampToWritten.append(written - EngineTime(nanoseconds: periodStamps[i])) }
        }
    }

    // Frames of the current period already rendered into `buffer` (offline only).
    private var partialFrames = 0

    /// Offline: renders from the current position up to (not including) the sample of `time`.
    /// Outputs only ever receive whole periods; a period cut short by `time` is completed by the
    /// next call, so commands applied after this call start exactly at `time`'s sample.
    public func render(until time: EngineTime) throws {
        let target = sample(at: time)
        let period = mixer.format.periodFrames
        while nextSample < target {
            let count = min(period - partialFrames, Int(target - nextSample))
            mixer.render(frames: count, firstSample: nextSample, into: buffer + 2 * partialFrames)
            partialFrames += count
            nextSample += Int64(count)
            if partialFrames == period {
                try output.write(UnsafeBufferPointer(start: buffer, count: 2 * period))
                partialFrames = 0
            }
        }
    }

    /// Offline: renders up to `time`, then completes and writes the last period.
    public func finish(at time: EngineTime) throws {
        try render(until: time)
        if partialFrames > 0 {
            let period = mixer.format.periodFrames
            let rest = period - partialFrames
            mixer.render(frames: rest, firstSample: nextSample, into: buffer + 2 * partialFrames)
            nextSample += Int64(rest)
            try output.write(UnsafeBufferPointer(start: buffer, count: 2 * period))
            partialFrames = 0
        }
    }

    /// The recorded stamp → note-on latencies, in nanoseconds (read after the audio thread stopped).
    public func recordedLatencies() -> [Int64] { stampToNoteOn.nanoseconds }
}
