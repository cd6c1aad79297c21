import Testing
import WoodshedCore
@testable import WoodshedEngine

/// A cut: the audio thread plays the old frames up to the cut's frame, then jumps over the rest of
/// them to the new frames written after — or refuses a cut whose frame has already played.
@Suite struct SongPlaybackCutTests {
    let rate = 48_000

    /// Writes frames whose left sample is `values[i]` (right: its negative).
    func write(_ values: [Float], into ring: FrameRing) {
        let samples = values.flatMap { [$0, -$0] }
        samples.withUnsafeBufferPointer { #expect(ring.write($0.baseAddress!, frames: values.count) == values.count) }
    }

    func render(_ playback: SongPlayback, frames: Int, firstSample: Int64) -> [Float] {
        var left = [Float](repeating: 0, count: frames), right = [Float](repeating: 0, count: frames)
        left.withUnsafeMutableBufferPointer { l in
            right.withUnsafeMutableBufferPointer { r in
                playback.render(frames: frames, firstSample: firstSample, origin: .zero, gain: 1, left: l.baseAddress!, right: r.baseAddress!)
            }
        }
        return left
    }

    @Test func theOldFramesPlayUpToTheCutThenTheNewOnesFromWhereTheyWereWritten() {
        let ring = FrameRing(minimumFrames: 1024)
        let playback = SongPlayback(ring: ring, start: .zero, sampleRate: rate, producer: TestProducer(finished: false), waitsForFrames: false)
        write((0..<300).map { Float($0 + 1) }, into: ring)  // old frames 1…300
        #expect(render(playback, frames: 64, firstSample: 0) == (1...64).map(Float.init))
        playback.postCut(at: 100)
        #expect(playback.cutState == .posted)
        // The next period takes it (frame 100 is still ahead) and plays the old frames up to it.
        let before = render(playback, frames: 32, firstSample: 64)
        #expect(playback.cutState == .accepted)
        #expect(before == (65...96).map(Float.init))
        // The song's thread writes the new frames after the old ones and says where they begin.
        playback.resume(atRingIndex: ring.written)
        write((0..<100).map { Float(1_000 + $0) }, into: ring)
        let across = render(playback, frames: 8, firstSample: 96)
        #expect(across == [97, 98, 99, 100, 1_000, 1_001, 1_002, 1_003])
        #expect(playback.cutState == .none)
        #expect(render(playback, frames: 4, firstSample: 104) == [1_004, 1_005, 1_006, 1_007])
        #expect(playback.position == 108)
        #expect(playback.underruns == 0)
    }

    @Test func aCutWhoseFrameHasPlayedIsRefusedAndTheSongGoesOn() {
        let ring = FrameRing(minimumFrames: 1024)
        let playback = SongPlayback(ring: ring, start: .zero, sampleRate: rate, producer: TestProducer(finished: false), waitsForFrames: false)
        write((0..<300).map { Float($0 + 1) }, into: ring)
        _ = render(playback, frames: 64, firstSample: 0)
        playback.postCut(at: 50)
        #expect(render(playback, frames: 4, firstSample: 64) == [65, 66, 67, 68])
        #expect(playback.cutState == .refused)
    }

    @Test func liveNewFramesNotYetThereAtTheCutAreSilenceCountedAndSkippedWhenTheyArrive() {
        let ring = FrameRing(minimumFrames: 1024)
        let playback = SongPlayback(ring: ring, start: .zero, sampleRate: rate, producer: TestProducer(finished: false), waitsForFrames: false)
        write((0..<300).map { Float($0 + 1) }, into: ring)
        playback.postCut(at: 8)
        #expect(render(playback, frames: 16, firstSample: 0) == (1...8).map(Float.init) + [Float](repeating: 0, count: 8))
        #expect(playback.underruns == 1)
        playback.resume(atRingIndex: ring.written)
        write((0..<100).map { Float(1_000 + $0) }, into: ring)
        // Frames 8…15 of the new song were due while missing: skipped, so the song stays in time.
        #expect(render(playback, frames: 4, firstSample: 16) == [1_008, 1_009, 1_010, 1_011])
    }

    @Test func offlineTheAudioSideWaitsForTheNewFramesAtTheCut() {
        let ring = FrameRing(minimumFrames: 1024)
        let producer = TestProducer(finished: false)
        let playback = SongPlayback(ring: ring, start: .zero, sampleRate: rate, producer: producer, waitsForFrames: true)
        write((0..<300).map { Float($0 + 1) }, into: ring)
        playback.postCut(at: 4)
        producer.onWait = {
            // The song's thread, called on: the new frames arrive.
            playback.resume(atRingIndex: ring.written)
            self.write((0..<100).map { Float(1_000 + $0) }, into: ring)
        }
        #expect(render(playback, frames: 8, firstSample: 0) == [1, 2, 3, 4, 1_000, 1_001, 1_002, 1_003])
        #expect(producer.waits == 1)
        #expect(playback.underruns == 0)
    }
}
