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
    /// Live: the frames by which the device plays late (`AudioOutput.framesLate`), as applied; it
    /// moves only when the measured value is 3/4 of a frame away, so rounding never makes it flicker.
    public private(set) var framesLate: Int64 = 0
    private let buffer: UnsafeMutablePointer<Float>
    /// For each note-on: its stamp → the synth's note-on call.
    public let stampToNoteOn: LatencyLog
    /// For each note-on: its stamp → the write of the period holding its first sample returned.
    public let stampToWritten: LatencyLog
    /// The stamps of the note-ons applied in the period being rendered (at most `periodStampCapacity`).
    private let periodStamps: UnsafeMutablePointer<Int64>
    private static let periodStampCapacity = 64
    private var periodStampCount = 0
    /// Live: the keys (channel × note) already struck in the period being rendered, and which they
    /// are, so they can be cleared. A second note-on of a key in one period is not sounded: two
    /// strikes of one pad a period (1.3 ms at the defaults) apart are one sound to the ear, no pad
    /// retriggers that fast, and a flood of notes cannot bury the synthesizer in note-ons.
    private let struck: UnsafeMutablePointer<Bool>
    private let struckKeys: UnsafeMutablePointer<UInt16>
    private var struckCount = 0
    private static let keyCount = 16 * 128
    /// Note-ons not sounded because their key was already struck in the same period (audio thread).
    public private(set) var mergedNoteOns = 0

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
        struck = .allocate(capacity: Self.keyCount)
        struck.initialize(repeating: false, count: Self.keyCount)
        struckKeys = .allocate(capacity: Self.keyCount)
        struckKeys.initialize(repeating: 0, count: Self.keyCount)
    }

    deinit {
        buffer.deallocate()
        periodStamps.deallocate()
        struck.deallocate()
        struckKeys.deallocate()
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
        applyCommands(mergingRepeats: false)
    }

    @inline(__always)
    private func applyCommands(mergingRepeats: Bool) {
        guard let synth = mixer.instrument else {
            while commands.pop() != nil {}
            return
        }
        while let command = commands.pop() {
            let key = Int(command.channel &- 1) & 15 &* 128 &+ Int(command.number & 127)
            switch command.kind {
            case .noteOn:
                if mergingRepeats {
                    if struck[key] {
                        mergedNoteOns &+= 1
                        continue
                    }
                    if struckCount < Self.keyCount {  // bounded even if a key is struck and released many times
                        struck[key] = true
                        struckKeys[struckCount] = UInt16(key)
                        struckCount &+= 1
                    }
                }
                synth.noteOn(channel: command.channel, note: command.number, velocity: command.value)
                stampToNoteOn.append(clock.now - zero - command.time)
                if periodStampCount < Self.periodStampCapacity {
                    periodStamps[periodStampCount] = command.time.nanoseconds
                    periodStampCount += 1
                }
            case .noteOff:
                // Released: a new strike of the key in this period is a new note (a fast trill).
                if mergingRepeats { struck[key] = false }
                synth.noteOff(channel: command.channel, note: command.number)
            case .controlChange:
                synth.controlChange(channel: command.channel, controller: command.number, value: command.value)
            }
        }
    }

    /// Live: applies pending commands, renders one period and writes it; the write blocks until the
    /// device has room, which paces the loop. As in FluidSynth's own ALSA driver, the period is
    /// rendered while the buffer is still full, so the render has the whole buffer as slack. Waiting
    /// for room first and rendering at the last moment was measured too: one period less between a
    /// hit and its sound, but one period less slack, and in the VM bench it met more dropouts than
    /// bare FluidSynth at the same buffer. A buffer one period shorter (`--periods 2`) gives the same
    /// latency with the same trade made openly (docs/benchmarks.md, "Live latency").
    public func renderPeriod() throws {
        periodStampCount = 0
        applyCommands(mergingRepeats: true)
        for i in 0..<struckCount { struck[Int(struckKeys[i])] = false }
        struckCount = 0
        let frames = mixer.format.periodFrames
        // Sounds placed on the chart's clock (click, chips, song) go where the device will really
        // play them: its measured lateness moves them, so they never slide away from the judge.
        let late = output.framesLate(atFrame: nextSample)
        if abs(late - Double(framesLate)) > 0.75 { framesLate = Int64(late.rounded()) }
        mixer.render(frames: frames, firstSample: nextSample + framesLate, into: buffer)
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
