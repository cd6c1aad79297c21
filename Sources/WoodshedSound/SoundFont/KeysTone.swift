import Foundation

/// The melodic sound of the bundled kit: a soft electric-piano tone, one looped sample per
/// root key.
///
/// The sample is a bright struck attack (upper harmonics, an inharmonic tine partial and a
/// little hammer noise) that settles, exactly at the loop start, into a steady waveform of a few
/// whole periods. Every harmonic completes a whole number of cycles in the loop, so the loop is
/// seamless; the fundamental is nudged to fit and `pitchCorrection` takes the difference back.
/// The SoundFont's volume envelope supplies the long natural decay.
struct KeysTone {
    var rootKey: UInt8
    var sampleRate: Double

    /// Length of the attack before the loop, in seconds.
    static let attackDuration = 0.12
    /// The loop holds at least this many points (about 45 ms at 44.1 kHz).
    static let minimumLoopPoints = 2000
    /// Points after the loop end that continue the waveform, for the synthesizer's interpolation.
    static let guardPoints = 8

    /// Steady-state harmonic amplitudes (a round, mellow tone).
    private static let steady: [Double] = [1, 0.32, 0.11, 0.06, 0.03, 0.015]
    /// Extra harmonic amplitudes at the strike, dying away before the loop.
    private static let strike: [Double] = [0, 0.55, 0.38, 0.26, 0.16, 0.1, 0.06, 0.04]

    /// The key's equal-tempered frequency (A4 = 69 = 440 Hz).
    var nominalFrequency: Double { 440 * pow(2, (Double(rootKey) - 69) / 12) }

    func sample() -> SoundFontSample {
        let nominal = nominalFrequency
        let cycles = max(1, Int((Double(Self.minimumLoopPoints) * nominal / sampleRate).rounded(.up)))
        let loopPoints = Int((Double(cycles) * sampleRate / nominal).rounded())
        let frequency = Double(cycles) * sampleRate / Double(loopPoints)
        let attackPoints = Int(Self.attackDuration * sampleRate)
        let count = attackPoints + loopPoints + Self.guardPoints
        let nyquistGuard = min(sampleRate * 0.45, 12000)

        var points = [Double](repeating: 0, count: count)
        let attackEnd = Double(attackPoints)
        /// 1 at the strike, exactly 0 (with zero slope) at the loop start.
        func strikeEnvelope(_ i: Int, decay: Double) -> Double {
            guard i < attackPoints else { return 0 }
            let remaining = 1 - Double(i) / attackEnd
            return exp(-Double(i) / (decay * sampleRate)) * remaining * remaining
        }

        let harmonics = max(Self.steady.count, Self.strike.count)
        for h in 1...harmonics where Double(h) * frequency < nyquistGuard {
            let steady = h <= Self.steady.count ? Self.steady[h - 1] : 0
            let strike = h <= Self.strike.count ? Self.strike[h - 1] : 0
            let step = 2 * Double.pi * Double(h) * frequency / sampleRate
            for i in 0..<count {
                let amplitude = steady + strike * strikeEnvelope(i, decay: 0.05 / Double(h).squareRoot())
                // Phase from the point index modulo the loop: the loop repeats it exactly.
                points[i] += amplitude * sin(step * Double(i))
            }
        }
        // The tine: a high inharmonic ring that gives the electric-piano "ping".
        let tine = frequency * 7.3
        if tine < nyquistGuard {
            let step = 2 * Double.pi * tine / sampleRate
            for i in 0..<attackPoints {
                points[i] += 0.12 * strikeEnvelope(i, decay: 0.02) * sin(step * Double(i))
            }
        }
        // Hammer felt: a short low-passed thump.
        var noise = SeededNoise(seed: 0x4B45_5953 &+ UInt64(rootKey))
        let thump = Biquad(.lowPass, frequency: min(4 * frequency, 3000), q: 0.7, sampleRate: sampleRate)
            .filtering(noise.whiteNoise(count: attackPoints))
        for i in 0..<attackPoints {
            points[i] += 0.25 * thump[i] * strikeEnvelope(i, decay: 0.006)
        }

        points.normalize(peak: 0.8)
        let correction = (1200 * log2(nominal / frequency)).rounded()
        return SoundFontSample(
            name: "Keys \(KeysTone.noteName(rootKey))", data: points.pcm16, sampleRate: Int(sampleRate),
            originalKey: rootKey, pitchCorrection: Int8(max(-127, min(127, correction))),
            loop: attackPoints..<(attackPoints + loopPoints))
    }

    /// "C4" for 60: middle C is C4.
    static func noteName(_ key: UInt8) -> String {
        let names = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]
        return "\(names[Int(key) % 12])\(Int(key) / 12 - 1)"
    }
}
