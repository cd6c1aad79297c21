import Foundation

/// A sine that starts at full amplitude and dies away exponentially — the building block of
/// struck sounds (toms, bells, cymbals, wood).
struct DecayingPartial {
    var frequency: Double
    var amplitude: Double
    /// Time for the amplitude to fall to 1/e, in seconds.
    var decay: Double
    /// Starting phase in radians (sin), 0 starts at a zero crossing.
    var phase: Double = 0

    /// Adds the partial into `buffer` from its first point. A rotating phasor replaces a `sin`
    /// per point, which keeps cymbals with hundreds of partials quick to render.
    func add(into buffer: inout [Double], sampleRate: Double) {
        guard frequency > 0, frequency < sampleRate / 2, amplitude != 0 else { return }
        let step = 2 * Double.pi * frequency / sampleRate
        let damping = exp(-1 / (decay * sampleRate))
        let rotateRe = cos(step) * damping
        let rotateIm = sin(step) * damping
        var re = cos(phase) * amplitude
        var im = sin(phase) * amplitude
        let silence = amplitude * 1e-5
        for i in buffer.indices {
            buffer[i] += im
            (re, im) = (re * rotateRe - im * rotateIm, re * rotateIm + im * rotateRe)
            if i & 1023 == 0, abs(re) + abs(im) < silence { break }
        }
    }
}

extension Array where Element == Double {
    /// Adds a partial list into the buffer.
    mutating func add(_ partials: [DecayingPartial], sampleRate: Double) {
        for partial in partials { partial.add(into: &self, sampleRate: sampleRate) }
    }

    /// Adds `other` scaled by `gain`, starting at `offset`.
    mutating func mix(_ other: [Double], gain: Double = 1, at offset: Int = 0) {
        for i in other.indices where offset + i < count {
            self[offset + i] += other[i] * gain
        }
    }

    /// Multiplies by an exponential decay with time constant `decay` seconds (from point 0).
    mutating func applyDecay(_ decay: Double, sampleRate: Double) {
        let factor = exp(-1 / (decay * sampleRate))
        var gain = 1.0
        for i in indices {
            self[i] *= gain
            gain *= factor
        }
    }

    /// A raised-cosine fade to silence over the last `length` points, so a cut-off tail never clicks.
    mutating func fadeOut(length: Int) {
        let length = Swift.min(length, count)
        guard length > 0 else { return }
        for j in 0..<length {
            let gain = 0.5 + 0.5 * cos(Double.pi * Double(j + 1) / Double(length))
            self[count - length + j] *= gain
        }
    }

    /// A raised-cosine fade-in over the first `length` points (softens a hard noise onset).
    mutating func fadeIn(length: Int) {
        let length = Swift.min(length, count)
        guard length > 0 else { return }
        for j in 0..<length {
            self[j] *= 0.5 - 0.5 * cos(Double.pi * Double(j) / Double(length))
        }
    }

    /// The largest absolute value (0 for silence).
    var peak: Double { reduce(0) { Swift.max($0, abs($1)) } }

    /// Scales so the largest absolute value is `level`; silence stays silence.
    mutating func normalize(peak level: Double) {
        let current = peak
        guard current > 0 else { return }
        let gain = level / current
        for i in indices { self[i] *= gain }
    }

    /// 16-bit PCM with rounding and clipping.
    var pcm16: [Int16] {
        map { Int16(Swift.max(-32768, Swift.min(32767, ($0 * 32767).rounded()))) }
    }
}
