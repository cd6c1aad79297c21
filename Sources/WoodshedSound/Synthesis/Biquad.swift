import Foundation

/// A second-order IIR filter (the well-known "audio EQ cookbook" low-pass, high-pass and
/// band-pass shapes), used to colour noise and partials in the synthesized kit and clicks.
struct Biquad {
    enum Shape {
        case lowPass
        case highPass
        /// Band-pass with 0 dB gain at the centre frequency.
        case bandPass
    }

    private let b0, b1, b2, a1, a2: Double
    private var x1 = 0.0, x2 = 0.0, y1 = 0.0, y2 = 0.0

    init(_ shape: Shape, frequency: Double, q: Double, sampleRate: Double) {
        let w0 = 2 * Double.pi * min(frequency, sampleRate * 0.49) / sampleRate
        let cosW = cos(w0)
        let alpha = sin(w0) / (2 * q)
        let a0 = 1 + alpha
        let (n0, n1, n2): (Double, Double, Double)
        switch shape {
        case .lowPass: (n0, n1, n2) = ((1 - cosW) / 2, 1 - cosW, (1 - cosW) / 2)
        case .highPass: (n0, n1, n2) = ((1 + cosW) / 2, -(1 + cosW), (1 + cosW) / 2)
        case .bandPass: (n0, n1, n2) = (alpha, 0, -alpha)
        }
        b0 = n0 / a0
        b1 = n1 / a0
        b2 = n2 / a0
        a1 = -2 * cosW / a0
        a2 = (1 - alpha) / a0
    }

    mutating func process(_ x: Double) -> Double {
        let y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2 = x1
        x1 = x
        y2 = y1
        y1 = y
        return y
    }

    /// `input` through a fresh copy of this filter.
    func filtering(_ input: [Double]) -> [Double] {
        var filter = self
        return input.map { filter.process($0) }
    }
}
