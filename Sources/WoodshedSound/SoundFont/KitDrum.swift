import Foundation

/// The sounds of the bundled General MIDI drum kit, one per percussion note, each synthesized
/// from sine sweeps, filtered noise and decaying inharmonic partials — no recorded samples.
///
/// Each case knows its note, how it sits in the kit (level, pan, hi-hat choke group) and how to
/// render itself. Seeds are fixed, so the kit renders to the same points every time.
enum KitDrum: CaseIterable {
    case acousticBassDrum, bassDrum, sideStick, acousticSnare, handClap, electricSnare
    case lowFloorTom, closedHiHat, highFloorTom, pedalHiHat, lowTom, openHiHat
    case lowMidTom, highMidTom, crash1, highTom, ride1, chinese, rideBell, splash, crash2, ride2

    /// The General MIDI percussion key (channel 10).
    var note: UInt8 {
        switch self {
        case .acousticBassDrum: 35
        case .bassDrum: 36
        case .sideStick: 37
        case .acousticSnare: 38
        case .handClap: 39
        case .electricSnare: 40
        case .lowFloorTom: 41
        case .closedHiHat: 42
        case .highFloorTom: 43
        case .pedalHiHat: 44
        case .lowTom: 45
        case .openHiHat: 46
        case .lowMidTom: 47
        case .highMidTom: 48
        case .crash1: 49
        case .highTom: 50
        case .ride1: 51
        case .chinese: 52
        case .rideBell: 53
        case .splash: 55
        case .crash2: 57
        case .ride2: 59
        }
    }

    /// The sample's name in the SoundFont (at most 20 characters).
    var sampleName: String {
        switch self {
        case .acousticBassDrum: "Kick Deep"
        case .bassDrum: "Kick"
        case .sideStick: "Side Stick"
        case .acousticSnare: "Snare"
        case .handClap: "Clap"
        case .electricSnare: "Snare Tight"
        case .lowFloorTom: "Tom Floor Low"
        case .closedHiHat: "Hi-Hat Closed"
        case .highFloorTom: "Tom Floor High"
        case .pedalHiHat: "Hi-Hat Pedal"
        case .lowTom: "Tom Low"
        case .openHiHat: "Hi-Hat Open"
        case .lowMidTom: "Tom Low-Mid"
        case .highMidTom: "Tom High-Mid"
        case .crash1: "Crash 1"
        case .highTom: "Tom High"
        case .ride1: "Ride 1"
        case .chinese: "China"
        case .rideBell: "Ride Bell"
        case .splash: "Splash"
        case .crash2: "Crash 2"
        case .ride2: "Ride 2"
        }
    }

    /// Length of the rendered sound in seconds (the tail is faded to silence).
    var duration: Double {
        switch self {
        case .acousticBassDrum: 0.6
        case .bassDrum: 0.5
        case .sideStick: 0.15
        case .acousticSnare: 0.4
        case .handClap: 0.35
        case .electricSnare: 0.3
        case .closedHiHat: 0.15
        case .pedalHiHat: 0.12
        case .openHiHat: 0.8
        case .lowFloorTom, .highFloorTom, .lowTom, .lowMidTom, .highMidTom, .highTom:
            0.45 + 0.3 * (1 - tomIndex / 5)
        case .crash1, .crash2: 1.5
        case .ride1, .ride2: 1.3
        case .rideBell: 1.2
        case .splash: 0.8
        case .chinese: 1.2
        }
    }

    /// Peak level of the sample (1 = full scale): balances the kit before velocity.
    var peakLevel: Double {
        switch self {
        case .acousticBassDrum, .bassDrum: 0.95
        case .acousticSnare, .electricSnare: 0.9
        case .sideStick: 0.7
        case .handClap: 0.8
        case .closedHiHat: 0.55
        case .pedalHiHat: 0.5
        case .openHiHat: 0.55
        case .lowFloorTom, .highFloorTom, .lowTom, .lowMidTom, .highMidTom, .highTom: 0.9
        case .crash1, .crash2, .chinese: 0.6
        case .ride1, .ride2: 0.5
        case .rideBell: 0.55
        case .splash: 0.55
        }
    }

    /// Stereo position from the drummer's seat (-1 left … 1 right).
    var pan: Double {
        switch self {
        case .closedHiHat, .pedalHiHat, .openHiHat: -0.3
        case .highTom: -0.2
        case .highMidTom: -0.1
        case .lowMidTom: 0.05
        case .lowTom: 0.15
        case .highFloorTom: 0.3
        case .lowFloorTom: 0.4
        case .crash1: -0.35
        case .splash: -0.2
        case .crash2: 0.35
        case .ride1, .ride2, .rideBell: 0.4
        case .chinese: 0.5
        default: 0
        }
    }

    /// Hi-hat sounds share exclusive class 1: a closed or pedal hat chokes a ringing open one.
    var exclusiveClass: UInt16? {
        switch self {
        case .closedHiHat, .pedalHiHat, .openHiHat: 1
        default: nil
        }
    }

    /// 0 for the lowest tom … 5 for the highest.
    private var tomIndex: Double {
        switch self {
        case .lowFloorTom: 0
        case .highFloorTom: 1
        case .lowTom: 2
        case .lowMidTom: 3
        case .highMidTom: 4
        default: 5
        }
    }

    /// The sound at `sampleRate`, normalised to `peakLevel`, starting on its attack at point 0.
    func render(sampleRate: Double) -> [Double] {
        let count = Int((duration * sampleRate).rounded())
        var noise = SeededNoise(seed: 0x5745_4F4F_4453_4845 &+ UInt64(note) &* 0x1000_0001)
        var sound = synthesize(count: count, sampleRate: sampleRate, noise: &noise)
        sound.fadeOut(length: Int(0.02 * sampleRate))
        sound.normalize(peak: peakLevel)
        return sound
    }

    // MARK: Recipes

    private func synthesize(count: Int, sampleRate sr: Double, noise: inout SeededNoise) -> [Double] {
        switch self {
        case .bassDrum:
            var kick = sweptSine(count: count, sampleRate: sr, from: 165, to: 52, sweep: 0.035, decay: 0.22)
            kick.mix(burst(&noise, count: count, sampleRate: sr, decay: 0.004, filters: [(.highPass, 2500, 0.7)]), gain: 0.35)
            return kick
        case .acousticBassDrum:
            var kick = sweptSine(count: count, sampleRate: sr, from: 120, to: 43, sweep: 0.045, decay: 0.3)
            kick.mix(burst(&noise, count: count, sampleRate: sr, decay: 0.006, filters: [(.lowPass, 1500, 0.7)]), gain: 0.3)
            return kick
        case .acousticSnare:
            var snare = sweptSine(count: count, sampleRate: sr, from: 200, to: 182, sweep: 0.02, decay: 0.075)
            snare.add([DecayingPartial(frequency: 334, amplitude: 0.4, decay: 0.05)], sampleRate: sr)
            let wires = burst(
                &noise, count: count, sampleRate: sr, decay: 0.09,
                filters: [(.highPass, 1500, 0.7), (.lowPass, 6000, 0.7)])
            snare.mix(wires, gain: 1.4)
            return snare
        case .electricSnare:
            var snare = sweptSine(count: count, sampleRate: sr, from: 250, to: 218, sweep: 0.012, decay: 0.05)
            snare.mix(
                burst(
                    &noise, count: count, sampleRate: sr, decay: 0.06, filters: [(.highPass, 1800, 0.7), (.lowPass, 8000, 0.7)]),
                gain: 1.2)
            snare.mix(
                burst(&noise, count: count, sampleRate: sr, decay: 0.015, filters: [(.bandPass, 5000, 1.5)]), gain: 1.0)
            return snare
        case .sideStick:
            var stick = [Double](repeating: 0, count: count)
            stick.add(
                [
                    DecayingPartial(frequency: 1650, amplitude: 1, decay: 0.018),
                    DecayingPartial(frequency: 2370, amplitude: 0.6, decay: 0.012),
                    DecayingPartial(frequency: 3930, amplitude: 0.4, decay: 0.008),
                    DecayingPartial(frequency: 520, amplitude: 0.35, decay: 0.03),
                ], sampleRate: sr)
            stick.mix(
                burst(&noise, count: count, sampleRate: sr, decay: 0.004, filters: [(.bandPass, 3000, 2)]), gain: 1.5)
            return stick
        case .handClap:
            let band = Biquad(.bandPass, frequency: 1150, q: 1.3, sampleRate: sr)
                .filtering(noise.whiteNoise(count: count))
            var clap = [Double](repeating: 0, count: count)
            for (start, decay) in [(0.0, 0.005), (0.011, 0.005), (0.022, 0.006), (0.031, 0.09)] {
                let offset = Int(start * sr)
                let factor = exp(-1 / (decay * sr))
                var gain = 1.0
                for i in offset..<count {
                    clap[i] += band[i] * gain
                    gain *= factor
                }
            }
            return clap
        case .closedHiHat:
            return hiHat(&noise, count: count, sampleRate: sr, decay: 0.035, brightness: 6500)
        case .pedalHiHat:
            var hat = hiHat(&noise, count: count, sampleRate: sr, decay: 0.02, brightness: 6000)
            hat.mix(
                burst(&noise, count: count, sampleRate: sr, decay: 0.01, filters: [(.bandPass, 1400, 1.2)]), gain: 0.5)
            return hat
        case .openHiHat:
            return hiHat(&noise, count: count, sampleRate: sr, decay: 0.32, brightness: 5000)
        case .lowFloorTom, .highFloorTom, .lowTom, .lowMidTom, .highMidTom, .highTom:
            let pitch = 80 * pow(198.0 / 80, tomIndex / 5)
            var tom = sweptSine(
                count: count, sampleRate: sr, from: pitch * 1.35, to: pitch, sweep: 0.04, decay: 0.34 - 0.028 * tomIndex)
            tom.add([DecayingPartial(frequency: pitch * 1.59, amplitude: 0.25, decay: 0.08)], sampleRate: sr)
            tom.mix(burst(&noise, count: count, sampleRate: sr, decay: 0.008, filters: [(.lowPass, 3000, 0.7)]), gain: 0.4)
            return tom
        case .crash1, .crash2:
            let darker = self == .crash2
            return cymbal(
                &noise, count: count, sampleRate: sr, partials: 140,
                band: darker ? 300...10000 : 350...11000, decay: darker ? (1.2, 0.5) : (1.1, 0.45),
                wash: (highPass: 4000, decay: 0.6, gain: 0.35))
        case .ride1, .ride2:
            let darker = self == .ride2
            var ride = cymbal(
                &noise, count: count, sampleRate: sr, partials: 60,
                band: darker ? 400...9000 : 450...11000, decay: (1.4, 0.6),
                wash: (highPass: 6000, decay: 0.5, gain: 0.12))
            ride.mix(burst(&noise, count: count, sampleRate: sr, decay: 0.01, filters: [(.bandPass, 4000, 1)]), gain: 0.6)
            return ride
        case .rideBell:
            var bell = [Double](repeating: 0, count: count)
            let ratios: [(Double, Double, Double)] = [
                (1, 1, 1.0), (1.52, 0.7, 0.8), (2.0, 0.5, 0.7), (2.68, 0.45, 0.5), (3.36, 0.3, 0.4),
                (4.2, 0.25, 0.3), (5.4, 0.15, 0.25),
            ]
            bell.add(ratios.map { DecayingPartial(frequency: 780 * $0.0, amplitude: $0.1, decay: $0.2) }, sampleRate: sr)
            let wash = cymbal(
                &noise, count: count, sampleRate: sr, partials: 30, band: 500...10000, decay: (1.0, 0.4),
                wash: (highPass: 6000, decay: 0.4, gain: 0.1))
            bell.mix(wash, gain: 0.5)
            return bell
        case .splash:
            return cymbal(
                &noise, count: count, sampleRate: sr, partials: 100, band: 600...12000, decay: (0.5, 0.2),
                wash: (highPass: 5000, decay: 0.25, gain: 0.4))
        case .chinese:
            var china = cymbal(
                &noise, count: count, sampleRate: sr, partials: 120, band: 300...6000, decay: (0.8, 0.35),
                wash: (highPass: 2500, decay: 0.4, gain: 0.5))
            // Drive it into soft saturation: the "trashy" edge of a china.
            let drive = 3.0 / max(china.peak, 1e-9)
            for i in china.indices { china[i] = tanh(china[i] * drive) }
            return china
        }
    }

    /// A sine whose pitch falls exponentially from `start` to `end` while it decays (kicks, toms).
    private func sweptSine(
        count: Int, sampleRate: Double, from start: Double, to end: Double, sweep: Double, decay: Double
    ) -> [Double] {
        var points = [Double](repeating: 0, count: count)
        var phase = 0.0
        for i in 0..<count {
            let t = Double(i) / sampleRate
            let frequency = end + (start - end) * exp(-t / sweep)
            points[i] = sin(phase) * exp(-t / decay)
            phase += 2 * Double.pi * frequency / sampleRate
        }
        return points
    }

    /// Filtered white noise that starts at full level and decays exponentially.
    private func burst(
        _ noise: inout SeededNoise, count: Int, sampleRate: Double, decay: Double,
        filters: [(Biquad.Shape, Double, Double)]
    ) -> [Double] {
        let length = min(count, Int(decay * 12 * sampleRate) + 1)
        var points = noise.whiteNoise(count: length)
        for (shape, frequency, q) in filters {
            points = Biquad(shape, frequency: frequency, q: q, sampleRate: sampleRate).filtering(points)
        }
        points.applyDecay(decay, sampleRate: sampleRate)
        return points
    }

    /// Metallic hi-hat: six square-wave-like partial sets at inharmonic ratios plus bright noise,
    /// high-passed, with one decay.
    private func hiHat(
        _ noise: inout SeededNoise, count: Int, sampleRate: Double, decay: Double, brightness: Double
    ) -> [Double] {
        var metal = [Double](repeating: 0, count: count)
        for base in [205.3, 304.4, 369.6, 522.7, 540.0, 800.0] {
            var harmonic = 1.0
            while base * harmonic < min(18000, sampleRate * 0.45) {
                metal.add(
                    [DecayingPartial(
                        frequency: base * harmonic, amplitude: 1 / harmonic, decay: decay,
                        phase: noise.next(in: 0...(2 * .pi)))],
                    sampleRate: sampleRate)
                harmonic += 2
            }
        }
        metal = Biquad(.highPass, frequency: brightness, q: 0.7, sampleRate: sampleRate).filtering(metal)
        metal = Biquad(.highPass, frequency: brightness, q: 0.7, sampleRate: sampleRate).filtering(metal)
        metal.normalize(peak: 1)
        let hiss = burst(
            &noise, count: count, sampleRate: sampleRate, decay: decay, filters: [(.highPass, brightness + 1000, 0.7)])
        metal.mix(hiss, gain: 0.8)
        return metal
    }

    /// A cymbal: many decaying partials spread log-uniformly over `band` (low ones ring longer),
    /// plus a high-passed noise wash and a bright stick transient.
    private func cymbal(
        _ noise: inout SeededNoise, count: Int, sampleRate: Double, partials: Int,
        band: ClosedRange<Double>, decay: (low: Double, high: Double),
        wash: (highPass: Double, decay: Double, gain: Double)
    ) -> [Double] {
        var points = [Double](repeating: 0, count: count)
        let logLow = log(band.lowerBound)
        let logSpan = log(band.upperBound) - logLow
        var modes: [DecayingPartial] = []
        for _ in 0..<partials {
            let position = noise.nextUnit()
            let frequency = exp(logLow + position * logSpan)
            let ring = decay.low + (decay.high - decay.low) * position
            modes.append(
                DecayingPartial(
                    frequency: frequency, amplitude: noise.next(in: 0.3...1) * pow(frequency / 1000, -0.5),
                    decay: ring * noise.next(in: 0.7...1.3), phase: noise.next(in: 0...(2 * .pi))))
        }
        points.add(modes, sampleRate: sampleRate)
        points.normalize(peak: 1)
        points.mix(
            burst(
                &noise, count: count, sampleRate: sampleRate, decay: wash.decay,
                filters: [(.highPass, wash.highPass, 0.7), (.lowPass, 10000, 0.7)]),
            gain: wash.gain * 2)
        points.mix(
            burst(
                &noise, count: count, sampleRate: sampleRate, decay: 0.015,
                filters: [(.highPass, 3000, 0.7), (.lowPass, 9000, 0.7)]),
            gain: 0.8)
        return points
    }
}
