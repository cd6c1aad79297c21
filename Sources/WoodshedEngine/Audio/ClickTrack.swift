import WoodshedCore
import WoodshedSound

/// The metronome's sound: synthesized clicks placed on the exact sample of each beat.
///
/// The click waveforms are rendered once, before start, into memory the track owns; during playback
/// it only copies and scales them through plain pointers (no array, no generic call that might look
/// up type metadata on the audio thread). A beat at time `t` starts at sample
/// `round((t − origin) × rate)`, also when that sample falls in the middle of a period. Set what to
/// play (`play`, `stop`) before the audio thread starts.
public final class ClickTrack {
    /// The three waveforms (normal, group, bar: `BeatAccent.rawValue`) one after another.
    private let samples: UnsafeMutablePointer<Float>
    private let waveStart: (Int, Int, Int)
    private let waveLength: (Int, Int, Int)
    private var schedule: SteadyBeats?
    private var beats: UnsafeMutablePointer<Beat>
    private var beatCount = 0
    private var nextBeat = 0
    private let sampleRate: Int

    /// A click that is still sounding: which waveform, how far into it.
    private struct Voice {
        var waveform: Int
        var position: Int
    }
    private static let voiceCapacity = 8
    private let voices: UnsafeMutablePointer<Voice>
    private var activeVoices = 0

    /// - Parameters:
    ///   - normal: the click for ordinary beats, onset at index 0.
    ///   - accent: the click for the first beat of a bar.
    ///   - groupGain: how much louder than `normal` the first beat of a compound group is.
    public init(sampleRate: Int, normal: [Float], accent: [Float], groupGain: Float = 1.5) {
        self.sampleRate = sampleRate
        let group = normal.map { min(1, max(-1, $0 * groupGain)) }
        let all = normal + group + accent
        samples = .allocate(capacity: max(all.count, 1))
        samples.initialize(from: all, count: all.count)
        waveStart = (0, normal.count, normal.count + group.count)
        waveLength = (normal.count, group.count, accent.count)
        beats = .allocate(capacity: 1)
        voices = .allocate(capacity: Self.voiceCapacity)
        voices.initialize(repeating: Voice(waveform: 0, position: 0), count: Self.voiceCapacity)
    }

    /// The clicks of `sound` (an accented one for the first beat of a bar), synthesized at
    /// `sampleRate`: the rate the output actually runs at.
    public convenience init(sound: ClickSound, sampleRate: Int) {
        let synthesizer = ClickSynthesizer(sampleRate: sampleRate)
        self.init(sampleRate: sampleRate, normal: synthesizer.render(sound, accent: false),
                  accent: synthesizer.render(sound, accent: true))
    }

    deinit {
        samples.deallocate()
        beats.deallocate()
        voices.deallocate()
    }

    /// Plays a steady metronome.
    public func play(_ beats: SteadyBeats) {
        schedule = beats
        replaceBeats(with: [])
    }

    /// Plays an explicit list of beats (a chart's tempo map, a count-in), in time order.
    public func play(beats: [Beat]) {
        schedule = nil
        replaceBeats(with: beats)
    }

    /// Stops clicking (sounding clicks ring out).
    public func stop() {
        schedule = nil
        replaceBeats(with: [])
    }

    private func replaceBeats(with list: [Beat]) {
        beats.deallocate()
        beats = .allocate(capacity: max(list.count, 1))
        beats.initialize(from: list, count: list.count)
        beatCount = list.count
        nextBeat = 0
    }

    /// The speed changed while playing: the beats still to come sit sooner or later (in place,
    /// audio thread; a steady metronome has no list and is left as it is).
    public func retime(_ change: SpeedChange) {
        var n = nextBeat
        while n < beatCount {
            beats[n].time = change.apply(to: beats[n].time)
            n += 1
        }
    }

    @inline(__always)
    private func beat(_ n: Int) -> Beat? {
        if let schedule { return schedule.beat(n) }
        return n < beatCount ? beats[n] : nil
    }

    @inline(__always)
    private func wave(_ index: Int) -> (start: Int, length: Int) {
        switch index {
        case 0: (waveStart.0, waveLength.0)
        case 1: (waveStart.1, waveLength.1)
        default: (waveStart.2, waveLength.2)
        }
    }

    /// Adds `frames` frames of clicks, starting at absolute sample `firstSample` of a stream whose
    /// sample 0 is at `origin`, into `mono` (which it adds to, not overwrites).
    public func render(frames: Int, firstSample: Int64, origin: EngineTime, gain: Float, into mono: UnsafeMutablePointer<Float>) {
        let end = firstSample + Int64(frames)
        // Start the beats whose onset falls in this block; skip the ones already in the past.
        while let next = beat(nextBeat) {
            let onset = (next.time - origin).sampleIndex(atRate: sampleRate)
            if onset >= end { break }
            nextBeat += 1
            if onset < firstSample { continue }
            if activeVoices == Self.voiceCapacity { activeVoices -= 1 }  // all sounding: reuse the last slot
            // Offset the voice so that it starts `onset - firstSample` frames into this block.
            voices[activeVoices] = Voice(waveform: Int(next.accent.rawValue), position: -Int(onset - firstSample))
            activeVoices += 1
        }
        var v = 0
        while v < activeVoices {
            let (start, length) = wave(voices[v].waveform)
            let w = samples + start
            var pos = voices[v].position
            var frame = 0
            while frame < frames, pos < length {
                if pos >= 0 { mono[frame] += w[pos] * gain }
                pos += 1
                frame += 1
            }
            voices[v].position = pos
            if pos >= length {
                activeVoices -= 1
                voices[v] = voices[activeVoices]
            } else {
                v += 1
            }
        }
    }
}
