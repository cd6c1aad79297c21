import WoodshedCore
import WoodshedSound

/// The metronome's sound: synthesized clicks placed on the exact sample of each beat.
///
/// The click waveforms are rendered once, before start; during playback the track only copies and
/// scales them, so it is safe on the audio thread. A beat at time `t` starts at sample
/// `round((t − origin) × rate)`, also when that sample falls in the middle of a period.
public final class ClickTrack {
    /// The waveforms, indexed by `BeatAccent.rawValue` (normal, group, bar).
    private let waveforms: [[Float]]
    private var schedule: SteadyBeats?
    private var beats: [Beat]
    private var nextBeat = 0
    private let sampleRate: Int

    /// A click that is still sounding: which waveform, how far into it.
    private struct Voice {
        var waveform: Int
        var position: Int
    }
    private var voices: [Voice]
    private var activeVoices = 0

    /// - Parameters:
    ///   - normal: the click for ordinary beats, onset at index 0.
    ///   - accent: the click for the first beat of a bar.
    ///   - groupGain: how much louder than `normal` the first beat of a compound group is.
    public init(sampleRate: Int, normal: [Float], accent: [Float], groupGain: Float = 1.5) {
        self.sampleRate = sampleRate
        waveforms = [normal, normal.map { min(1, max(-1, $0 * groupGain)) }, accent]
        beats = []
        voices = Array(repeating: Voice(waveform: 0, position: 0), count: 8)
    }

    /// The clicks of `sound` (an accented one for the first beat of a bar), synthesized at
    /// `sampleRate`: the rate the output actually runs at.
    public convenience init(sound: ClickSound, sampleRate: Int) {
        let synthesizer = ClickSynthesizer(sampleRate: sampleRate)
        self.init(sampleRate: sampleRate, normal: synthesizer.render(sound, accent: false),
                  accent: synthesizer.render(sound, accent: true))
    }

    /// Plays a steady metronome.
    public func play(_ beats: SteadyBeats) {
        schedule = beats
        self.beats = []
        nextBeat = 0
    }

    /// Plays an explicit list of beats (a chart's tempo map, a count-in), in time order.
    public func play(beats: [Beat]) {
        schedule = nil
        self.beats = beats
        nextBeat = 0
    }

    /// Stops clicking (sounding clicks ring out).
    public func stop() {
        schedule = nil
        beats = []
        nextBeat = 0
    }

    @inline(__always)
    private func beat(_ n: Int) -> Beat? {
        if let schedule { return schedule.beat(n) }
        return n < beats.count ? beats[n] : nil
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
            if activeVoices == voices.count { activeVoices -= 1 }  // steal the oldest slot
            // Offset the voice so that it starts `onset - firstSample` frames into this block.
            voices[activeVoices] = Voice(waveform: Int(next.accent.rawValue), position: -Int(onset - firstSample))
            activeVoices += 1
        }
        var v = 0
        while v < activeVoices {
            let wave = waveforms[voices[v].waveform]
            var pos = voices[v].position
            wave.withUnsafeBufferPointer { w in
                for frame in 0..<frames {
                    if pos >= 0 {
                        if pos >= w.count { break }
                        mono[frame] += w[pos] * gain
                    }
                    pos += 1
                }
            }
            voices[v].position = pos
            if pos >= wave.count {
                activeVoices -= 1
                voices[v] = voices[activeVoices]
            } else {
                v += 1
            }
        }
    }
}
