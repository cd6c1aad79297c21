import Foundation

/// Renders metronome clicks: synthesized, never sampled, at whatever rate the output runs.
///
/// Each buffer starts on its attack — point 0 is the first point of the click, with no silence
/// before it — so a mixer that places the buffer at the beat's exact sample sounds the click
/// exactly on the beat. Every click is at most `maximumDuration` long and fades to silence at
/// its end. The accented click (the first beat of a measure) is louder and brighter than the
/// normal one. Rendering allocates, so render once (at start) and cache the buffers.
public struct ClickSynthesizer: Sendable {
    /// No click is longer than this, in seconds.
    public static let maximumDuration = 0.06
    /// Peak level of an accented click (about -0.9 dBFS).
    public static let accentPeak: Float = 0.9
    /// Peak level of a normal click (about -5.2 dBFS).
    public static let normalPeak: Float = 0.55
    /// Rates the synthesizer renders at; others are clamped into this range.
    public static let supportedSampleRates = 8_000...384_000

    public let sampleRate: Int

    /// A synthesizer for output at `sampleRate` hertz (e.g. 44100, 48000, 96000).
    public init(sampleRate: Int) {
        self.sampleRate = min(max(sampleRate, Self.supportedSampleRates.lowerBound), Self.supportedSampleRates.upperBound)
    }

    /// One click of `sound`, accented (first beat) or normal, as mono points in -1...1.
    public func render(_ sound: ClickSound, accent: Bool) -> [Float] {
        let sr = Double(sampleRate)
        let count = Int((sound.duration(accent: accent) * sr).rounded())
        var noise = SeededNoise(seed: 0x434C_4943_4B00 &+ UInt64(sound.seedOffset) &* 2 &+ (accent ? 1 : 0))
        var points = sound.synthesize(count: count, sampleRate: sr, accent: accent, noise: &noise)
        points.fadeOut(length: Int(0.003 * sr))
        points.normalize(peak: Double(accent ? Self.accentPeak : Self.normalPeak))
        return points.map { Float($0) }
    }
}

extension ClickSound {
    fileprivate var seedOffset: Int { ClickSound.allCases.firstIndex(of: self) ?? 0 }

    fileprivate func duration(accent: Bool) -> Double {
        switch self {
        case .classic: 0.03
        case .woodblock: 0.045
        case .hihat: accent ? 0.06 : 0.045
        case .rimshot: 0.04
        case .digital: 0.02
        }
    }

    fileprivate func synthesize(count: Int, sampleRate sr: Double, accent: Bool, noise: inout SeededNoise) -> [Double] {
        var points = [Double](repeating: 0, count: count)
        switch self {
        case .classic:
            let pitch = accent ? 1568.0 : 1046.5  // G6 over C6: the accent rings a fifth higher
            points.add(
                [
                    DecayingPartial(frequency: pitch, amplitude: 1, decay: 0.009),
                    DecayingPartial(frequency: pitch * 2.01, amplitude: accent ? 0.45 : 0.25, decay: 0.005),
                ], sampleRate: sr)
            points.mix(transient(&noise, count: count, sampleRate: sr, highPass: 3000, decay: 0.0008), gain: 0.3)
        case .woodblock:
            let pitch = accent ? 1250.0 : 880.0
            points.add(
                [
                    DecayingPartial(frequency: pitch, amplitude: 1, decay: 0.014),
                    DecayingPartial(frequency: pitch * 2.63, amplitude: accent ? 0.5 : 0.3, decay: 0.006),
                    DecayingPartial(frequency: pitch * 4.21, amplitude: accent ? 0.25 : 0.12, decay: 0.003),
                ], sampleRate: sr)
            points.mix(transient(&noise, count: count, sampleRate: sr, highPass: 1500, decay: 0.001), gain: 0.4)
        case .hihat:
            let hiss = transient(
                &noise, count: count, sampleRate: sr, highPass: accent ? 5500 : 7500, decay: accent ? 0.016 : 0.01)
            points.mix(hiss)
            for base in [540.0, 800.0, 1107.0] {
                points.add(
                    [DecayingPartial(frequency: base * 7.1, amplitude: 0.15, decay: accent ? 0.012 : 0.008)],
                    sampleRate: sr)
            }
        case .rimshot:
            let lift = accent ? 1.2 : 1.0
            points.add(
                [
                    DecayingPartial(frequency: 470 * lift, amplitude: 0.6, decay: 0.008),
                    DecayingPartial(frequency: 1680 * lift, amplitude: 1, decay: 0.006),
                    DecayingPartial(frequency: 3250 * lift, amplitude: 0.5, decay: 0.004),
                ], sampleRate: sr)
            points.mix(
                transient(&noise, count: count, sampleRate: sr, highPass: 2000, decay: accent ? 0.004 : 0.003),
                gain: accent ? 0.9 : 0.6)
        case .digital:
            let pitch = accent ? 3000.0 : 2000.0
            var harmonic = 1.0
            while pitch * harmonic < min(sr * 0.45, 16000) {
                let step = 2 * Double.pi * pitch * harmonic / sr
                for i in 0..<count { points[i] += sin(step * Double(i)) / harmonic }
                harmonic += 2
            }
        }
        return points
    }

    /// A burst of high-passed noise starting at full level: the click's "tick".
    private func transient(
        _ noise: inout SeededNoise, count: Int, sampleRate: Double, highPass: Double, decay: Double
    ) -> [Double] {
        var points = Biquad(.highPass, frequency: highPass, q: 0.7, sampleRate: sampleRate)
            .filtering(noise.whiteNoise(count: count))
        points.applyDecay(decay, sampleRate: sampleRate)
        return points
    }
}
