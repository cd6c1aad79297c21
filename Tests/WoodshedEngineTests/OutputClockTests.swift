import Foundation
import Testing
import WoodshedCore
@testable import WoodshedEngine

/// The output's clock learned from its timestamps: a card slower or faster than its nominal rate,
/// jittery stamps, a dropout. Expected values come from the simulated card, not from the estimator.
@Suite struct OutputClockTests {
    /// A simulated card at `rate` × nominal frames per second, stamped every `period` frames with up
    /// to ±`jitter` seconds of noise (a fixed pseudo-random sequence); `lost` seconds are lost at
    /// `lostAt` seconds. Returns the clock after `seconds`, and the frame count reached.
    func run(rate: Double, seconds: Double, period: Int = 256, jitter: Double = 50e-6,
             lost: Double = 0, lostAt: Double = .infinity) -> (OutputClock, Int64) {
        var clock = OutputClock(sampleRate: 48_000)
        var seed: UInt64 = 12345
        var frame: Int64 = 0
        let start = 1000.0  // monotonic seconds when frame 0 plays
        while Double(frame) / (48_000 * rate) < seconds {
            var t = start + Double(frame) / (48_000 * rate)
            if t - start >= lostAt { t += lost }
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let noise = (Double(seed >> 11) / Double(1 << 53) * 2 - 1) * jitter
            clock.observe(frame: frame, at: t + noise)
            frame += Int64(period)
        }
        return (clock, frame)
    }

    @Test(arguments: [0.94, 1.06])
    func aCardWholePercentsOffIsFollowedToTheFrame(rate: Double) {
        let (clock, frame) = run(rate: rate, seconds: 30)
        // Frame f plays at f / (48 000 × rate) s: that many frames later than at 48 000 per second.
        let truth = Double(frame) / rate - Double(frame)
        #expect(abs(clock.framesLate(atFrame: frame) - truth) <= 2, "\(clock.framesLate(atFrame: frame)) vs \(truth)")
        #expect(clock.jumps == 0)
    }

    @Test func fiftyPartsPerMillionOverFiveMinutes() {
        let rate = 1 + 50e-6
        let (clock, frame) = run(rate: rate, seconds: 300, period: 64, jitter: 200e-6)
        let truth = Double(frame) / rate - Double(frame)  // about −720 frames: 15 ms early
        #expect(truth < -700)
        // Stamps jittering by ±200 µs (±10 frames) place the stream's start to within a few frames:
        // 0.1 ms, against the 15 ms the card drifted.
        #expect(abs(clock.framesLate(atFrame: frame) - truth) <= 5, "\(clock.framesLate(atFrame: frame)) vs \(truth)")
    }

    @Test func aDropoutMovesEverythingAfterItLaterByTheTimeLost() {
        let (clock, frame) = run(rate: 1, seconds: 20, lost: 0.1, lostAt: 10)
        #expect(clock.jumps == 1)
        #expect(abs(clock.framesLate(atFrame: frame) - 4_800) <= 2, "\(clock.framesLate(atFrame: frame))")
    }

    @Test func withoutStampsNothingMoves() {
        var clock = OutputClock(sampleRate: 48_000)
        #expect(clock.framesLate(atFrame: 96_000) == 0)
        clock.observe(frame: 0, at: 5)
        #expect(clock.framesLate(atFrame: 96_000) == 0)
    }
}

/// The renderer places the click where a device that plays late will really sound it.
@Suite struct LateOutputTests {
    /// An output whose frames are heard 1 % late (a slow card), keeping what is written.
    final class SlowOutput: AudioOutput {
        let format: AudioFormat
        var samples: [Float] = []
        init(format: AudioFormat) { self.format = format }
        var name: String { "slow" }
        var isRealTime: Bool { true }
        func start() throws {}
        func write(_ interleaved: UnsafeBufferPointer<Float>) throws { samples.append(contentsOf: interleaved) }
        func stop() throws {}
        func framesLate(atFrame frame: Int64) -> Double { Double(frame) * 0.01 }
    }

    @Test func clicksMoveByHowLateTheDevicePlays() throws {
        let format = AudioFormat(sampleRate: 48_000, periodFrames: 64, periods: 3)
        let clicks = ClickTrack(sampleRate: 48_000, normal: [0.5, 0, 0, 0], accent: [1, 0, 0, 0])
        clicks.play(beats: (0..<5).map { Beat(time: .seconds(Double($0)), accent: .none) })
        let output = SlowOutput(format: format)
        let renderer = AudioRenderer(mixer: Mixer(format: format, instrument: nil, clicks: clicks), output: output,
                                     commands: SPSCQueue(minimumCapacity: 2), clock: VirtualClock())
        for _ in 0..<(4 * 48_000 / 64 + 10) { try renderer.renderPeriod() }
        let onsets = stride(from: 0, to: output.samples.count, by: 2).filter { output.samples[$0] != 0 }.map { $0 / 2 }
        // The click due at second s sounds at the stream frame f where f × 1.01 reaches s × 48 000.
        let expected = (0..<5).map { Double($0) * 48_000 / 1.01 }
        #expect(onsets.count == 5)
        for (found, due) in zip(onsets, expected) { #expect(abs(Double(found) - due) <= 2, "click at \(found), due at \(due)") }
    }
}
