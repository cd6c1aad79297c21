import Testing
import WoodshedCore
@testable import WoodshedSound

@Suite struct ClickSynthesizerTests {
    static let rates = [44_100, 48_000, 96_000]

    @Test(arguments: rates)
    func everyClickIsShortCleanAndStartsAtPointZero(rate: Int) {
        let synthesizer = ClickSynthesizer(sampleRate: rate)
        for sound in ClickSound.allCases {
            for accent in [false, true] {
                let click = synthesizer.render(sound, accent: accent)
                let label = "\(sound) accent=\(accent) at \(rate) Hz"
                #expect(!click.isEmpty, "\(label) is empty")
                #expect(Double(click.count) <= ClickSynthesizer.maximumDuration * Double(rate) + 1, "\(label) too long")
                #expect(click.allSatisfy { $0.isFinite && abs($0) <= 1 }, "\(label) has NaN or clips")
                let peak = click.map(abs).max() ?? 0
                let expected = accent ? ClickSynthesizer.accentPeak : ClickSynthesizer.normalPeak
                #expect(abs(peak - expected) < 1e-4, "\(label) peak \(peak)")
                // The attack is at point 0: sound from the first two points, a tenth of the peak
                // within half a millisecond.
                #expect(click.prefix(2).contains { $0 != 0 }, "\(label) starts with silence")
                let firstLoud = click.firstIndex { abs($0) >= 0.1 * peak } ?? click.count
                #expect(firstLoud < rate / 2000, "\(label) first reaches 10 % of its peak at point \(firstLoud)")
                #expect(abs(click.last ?? 1) < 0.01 * peak, "\(label) ends abruptly")
            }
        }
    }

    @Test(arguments: rates)
    func accentIsLouderThanNormal(rate: Int) {
        let synthesizer = ClickSynthesizer(sampleRate: rate)
        for sound in ClickSound.allCases {
            let accent = synthesizer.render(sound, accent: true)
            let normal = synthesizer.render(sound, accent: false)
            #expect(Self.peak(accent) > Self.peak(normal), "\(sound)")
            #expect(Self.energy(accent) > Self.energy(normal), "\(sound)")
        }
    }

    @Test func accentIsBrighterForPitchedClicks() {
        let synthesizer = ClickSynthesizer(sampleRate: 48_000)
        for sound in [ClickSound.classic, .woodblock, .rimshot, .digital] {
            let accent = Self.zeroCrossingRate(synthesizer.render(sound, accent: true))
            let normal = Self.zeroCrossingRate(synthesizer.render(sound, accent: false))
            #expect(accent > normal, "\(sound): \(accent) vs \(normal) crossings per point")
        }
    }

    @Test func allFiveSoundsAreDistinct() {
        let synthesizer = ClickSynthesizer(sampleRate: 48_000)
        for accent in [false, true] {
            let clicks = ClickSound.allCases.map { ($0, synthesizer.render($0, accent: accent)) }
            for (i, (a, first)) in clicks.enumerated() {
                for (b, second) in clicks[(i + 1)...] {
                    let similarity = Self.correlation(first, second)
                    #expect(abs(similarity) < 0.8, "\(a) and \(b) are too alike (\(similarity))")
                    let rateA = Self.zeroCrossingRate(first)
                    let rateB = Self.zeroCrossingRate(second)
                    let lengthDiffers = first.count != second.count
                    #expect(lengthDiffers || abs(rateA - rateB) > 0.005, "\(a) and \(b) sound alike")
                }
            }
        }
    }

    @Test func durationScalesWithTheSampleRate() {
        for sound in ClickSound.allCases {
            let at48 = ClickSynthesizer(sampleRate: 48_000).render(sound, accent: false).count
            let at96 = ClickSynthesizer(sampleRate: 96_000).render(sound, accent: false).count
            #expect(abs(at96 - 2 * at48) <= 1, "\(sound)")
        }
    }

    /// Golden values, taken once from this code: each accented click at 44.1 kHz (its length and an
    /// FNV-1a hash of its samples' bit patterns), the same in every process and on every machine. They
    /// change when a sound's synthesis changes, or with the C math library's `sin`; re-pin only if
    /// the new sound is meant.
    @Test func renderingIsDeterministic() {
        let golden: [ClickSound: (count: Int, hash: UInt64)] = [
            .classic: (1323, 0xDFC4_8ED9_5D79_3043),
            .woodblock: (1985, 0x7C97_5096_920D_A5B4),
            .hihat: (2646, 0xC8E4_9DAA_2B47_CEE9),
            .rimshot: (1764, 0x04C3_C3A6_230F_60B8),
            .digital: (882, 0x491B_7D84_871A_BE74),
        ]
        #expect(Set(golden.keys) == Set(ClickSound.allCases))
        let synthesizer = ClickSynthesizer(sampleRate: 44_100)
        for (sound, expected) in golden {
            let samples = synthesizer.render(sound, accent: true)
            let bytes = samples.flatMap { withUnsafeBytes(of: $0.bitPattern.littleEndian, Array.init) }
            #expect(samples.count == expected.count, "\(sound)")
            #expect(fnv1a64(bytes) == expected.hash, "\(sound): 0x\(String(fnv1a64(bytes), radix: 16))")
        }
    }

    @Test func absurdSampleRatesAreClampedNotFatal() {
        #expect(ClickSynthesizer(sampleRate: 0).sampleRate == 8_000)
        #expect(ClickSynthesizer(sampleRate: -5).render(.classic, accent: true).count > 0)
        #expect(ClickSynthesizer(sampleRate: 10_000_000).sampleRate == 384_000)
    }

    @Test func namesParseAndUnknownNamesListTheValidOnes() throws {
        #expect(try ClickSound(name: "woodblock") == .woodblock)
        #expect(try ClickSound(name: "HiHat") == .hihat)
        do {
            _ = try ClickSound(name: "cowbell")
            Issue.record("cowbell should be rejected")
        } catch let error as WoodshedError {
            #expect(error.message.contains("cowbell"))
            for sound in ClickSound.allCases { #expect(error.message.contains(sound.rawValue)) }
            #expect(!error.message.contains("\n"))
        }
    }

    static func peak(_ points: [Float]) -> Float { points.map(abs).max() ?? 0 }

    static func energy(_ points: [Float]) -> Float { points.reduce(0) { $0 + $1 * $1 } }

    static func zeroCrossingRate(_ points: [Float]) -> Double {
        let crossings = zip(points, points.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        return Double(crossings) / Double(max(points.count - 1, 1))
    }

    /// Normalised correlation at lag 0 over the shorter length.
    static func correlation(_ a: [Float], _ b: [Float]) -> Double {
        let n = min(a.count, b.count)
        var ab = 0.0, aa = 0.0, bb = 0.0
        for i in 0..<n {
            ab += Double(a[i] * b[i])
            aa += Double(a[i] * a[i])
            bb += Double(b[i] * b[i])
        }
        return ab / max((aa * bb).squareRoot(), 1e-12)
    }
}
