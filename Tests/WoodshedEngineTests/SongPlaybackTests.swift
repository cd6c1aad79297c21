import Testing
import WoodshedCore
@testable import WoodshedEngine

/// A producer that has written what the test wrote and will write no more, or is still "working".
final class TestProducer: SongProducer, @unchecked Sendable {
    var isFinished: Bool
    var waits = 0
    var onWait: () -> Void = {}
    init(finished: Bool) { isFinished = finished }
    func waitForFrames() {
        waits += 1
        onWait()
    }
}

/// `SongPlayback` lays the song's timeline on the stream by practice time, like the click, and never
/// lets a late song push the rest of it out of time.
@Suite struct SongPlaybackTests {
    /// A ring holding frames whose left sample is their timeline index + 1 (so 0 means "nothing").
    func ring(frames: Int, capacity: Int = 1024) -> FrameRing {
        let ring = FrameRing(minimumFrames: capacity)
        var samples: [Float] = []
        for i in 0..<frames { samples += [Float(i + 1), -Float(i + 1)] }
        samples.withUnsafeBufferPointer { _ = ring.write($0.baseAddress!, frames: frames) }
        return ring
    }

    func render(_ playback: SongPlayback, frames: Int, firstSample: Int64, origin: EngineTime, gain: Float = 1) -> [Float] {
        var left = [Float](repeating: 0, count: frames), right = [Float](repeating: 0, count: frames)
        left.withUnsafeMutableBufferPointer { l in
            right.withUnsafeMutableBufferPointer { r in
                playback.render(frames: frames, firstSample: firstSample, origin: origin, gain: gain, left: l.baseAddress!, right: r.baseAddress!)
            }
        }
        #expect(zip(left, right).allSatisfy { $0 == -$1 })
        return left
    }

    @Test func timelineFrameZeroSoundsOnTheSampleOfItsPracticeTime() {
        // Timeline starts at practice time 1 ms; stream sample 0 is heard at practice time 0 (48 kHz):
        // frame 0 belongs on stream sample 48.
        let producer = TestProducer(finished: true)
        let playback = SongPlayback(ring: ring(frames: 100), start: .milliseconds(1), sampleRate: 48_000, producer: producer, waitsForFrames: false)
        let out = render(playback, frames: 64, firstSample: 0, origin: .zero)
        #expect(Array(out[0..<48]) == [Float](repeating: 0, count: 48))
        #expect(Array(out[48..<64]) == (1...16).map(Float.init))
        let next = render(playback, frames: 64, firstSample: 64, origin: .zero)
        #expect(Array(next[0..<4]) == [17, 18, 19, 20])
    }

    @Test func aStreamStartingAfterTheTimelineSkipsToTheFrameDueNow() {
        // The stream's sample 0 is heard at practice time 1 ms after the song's start: frame 48 first.
        let playback = SongPlayback(ring: ring(frames: 200), start: .zero, sampleRate: 48_000,
                                    producer: TestProducer(finished: true), waitsForFrames: false)
        let out = render(playback, frames: 4, firstSample: 0, origin: .milliseconds(1))
        #expect(out == [49, 50, 51, 52])
    }

    @Test func liveALateSongIsSilenceCountedAndSkippedWhenItArrives() {
        let ring = FrameRing(minimumFrames: 1024)
        let producer = TestProducer(finished: false)
        let playback = SongPlayback(ring: ring, start: .zero, sampleRate: 48_000, producer: producer, waitsForFrames: false)
        // Nothing written yet: the first period is silence and one underrun of 64 frames.
        #expect(render(playback, frames: 64, firstSample: 0, origin: .zero) == [Float](repeating: 0, count: 64))
        #expect(playback.underruns == 1)
        #expect(playback.missingFrames == 64)
        #expect(producer.waits == 0, "the audio thread never waits")
        // The late frames arrive: the next period plays frames 64…, not 0…: the song stays in time.
        var samples: [Float] = []
        for i in 0..<200 { samples += [Float(i + 1), -Float(i + 1)] }
        samples.withUnsafeBufferPointer { _ = ring.write($0.baseAddress!, frames: 200) }
        let out = render(playback, frames: 64, firstSample: 64, origin: .zero)
        #expect(out.first == 65)
        #expect(out.last == 128)
        #expect(playback.underruns == 1)
    }

    @Test func offlineRenderingWaitsForTheSongInsteadOfDroppingIt() {
        let ring = FrameRing(minimumFrames: 1024)
        let producer = TestProducer(finished: false)
        // The song's thread, simulated: each wait delivers 10 more frames.
        var written = 0
        producer.onWait = {
            var samples: [Float] = []
            for i in written..<(written + 10) { samples += [Float(i + 1), -Float(i + 1)] }
            samples.withUnsafeBufferPointer { _ = ring.write($0.baseAddress!, frames: 10) }
            written += 10
        }
        let playback = SongPlayback(ring: ring, start: .zero, sampleRate: 48_000, producer: producer, waitsForFrames: true)
        let out = render(playback, frames: 64, firstSample: 0, origin: .zero)
        #expect(out == (1...64).map(Float.init))
        #expect(playback.underruns == 0)
        #expect(producer.waits == 7)
    }

    @Test func theEndOfTheSongIsSilenceNotAnUnderrun() {
        let playback = SongPlayback(ring: ring(frames: 10), start: .zero, sampleRate: 48_000,
                                    producer: TestProducer(finished: true), waitsForFrames: false)
        let out = render(playback, frames: 64, firstSample: 0, origin: .zero)
        #expect(Array(out[0..<10]) == (1...10).map(Float.init))
        #expect(Array(out[10...]) == [Float](repeating: 0, count: 54))
        #expect(playback.underruns == 0)
    }

    @Test func theGainScalesTheSong() {
        let playback = SongPlayback(ring: ring(frames: 4), start: .zero, sampleRate: 48_000,
                                    producer: TestProducer(finished: true), waitsForFrames: false)
        #expect(render(playback, frames: 4, firstSample: 0, origin: .zero, gain: 0.5) == [0.5, 1, 1.5, 2])
    }

    @Test func theRingHoldsWhatFitsAndNoMore() {
        let ring = FrameRing(minimumFrames: 100)
        #expect(ring.capacity == 128)
        let samples = [Float](repeating: 1, count: 2 * 200)
        let n = samples.withUnsafeBufferPointer { ring.write($0.baseAddress!, frames: 200) }
        #expect(n == 128)
        #expect(ring.writable == 0)
        #expect(ring.skip(28) == 28)
        #expect(ring.writable == 28)
        #expect(ring.readable == 100)
    }

    /// Live, on a device slower or faster than its nominal rate (the stream's samples moved by how
    /// late they play), the song follows by resampling a few frames a period: every output frame
    /// moves on by about one song frame (none dropped or repeated) and it stays on what is due.
    @Test(arguments: [0.03, -0.03])
    func theSongFollowsADeviceThatPlaysLateOrEarly(drift: Double) {
        let frames = 40_000
        let playback = SongPlayback(ring: ring(frames: frames, capacity: 65_536), start: .zero, sampleRate: 48_000,
                                    producer: TestProducer(finished: true), waitsForFrames: false)
        var played: [Float] = []
        var dueAtEnd: [Int] = []
        for period in 0..<120 {
            let sample = Int64(period * 256)
            let late = Int64((Double(sample) * drift).rounded())
            played += render(playback, frames: 256, firstSample: sample + late, origin: .zero)
            dueAtEnd.append(Int(sample + late) + 256)
        }
        // Values are song frame + 1: successive output frames step by about 1.
        let steps = zip(played.dropFirst(), played).map { $0 - $1 }
        #expect(steps.allSatisfy { $0 > 0.9 && $0 < 1.1 }, "steps from \(steps.min()!) to \(steps.max()!)")
        // And the song is where it is due, within a few frames, once it has caught up (a second in).
        for period in stride(from: 40, to: 120, by: 1) {
            let last = Int(played[period * 256 + 255].rounded()) - 1
            #expect(abs(last + 1 - dueAtEnd[period]) <= 4, "period \(period): song at \(last), due \(dueAtEnd[period] - 1)")
        }
        #expect(playback.followedPeriods > 0)
        #expect(playback.underruns == 0)
    }
}
