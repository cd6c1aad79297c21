import Foundation
import Testing
import WoodshedCore
import WoodshedEngine
import WoodshedRubberBand
import WoodshedSndFile
@testable import WoodshedSong

/// The song sounds where the chart says: at 100 % on the sample, resampled within a sample, stretched
/// where Rubber Band's own tool puts it, and a loop's seam without a gap or a click.
@Suite(.serialized) struct SongStreamerTests {
    typealias S = SongTestSupport

    func streamer(path: String, timeline: SongTimeline, outputRate: Int = 48_000, engine: TimeStretcher.Engine = .finer) throws -> SongStreamer {
        let source = try SongSource(stems: [SongSource.Stem(reader: SoundFileReader(path: path))])
        return try SongStreamer(source: source, timeline: timeline, outputRate: outputRate, engine: engine, offline: true)
    }

    func wholeSong(seconds: Double, speed: Double = 1, offset: EngineTime = .zero) -> SongTimeline {
        SongTimeline(segments: [.init(practiceStart: .seconds(offset.seconds / speed), audioStart: .zero,
                                      audioEnd: .seconds(seconds), fadesIn: false, speed: speed)])
    }

    @Test func atFullSpeedAndTheOutputsRateEveryClickIsOnItsSample() throws {
        let times = [0.25, 0.5, 1.0, 1.75, 2.5]
        for codec in [AudioFileWriter.Codec.wav, .flac] {
            let path = try S.writeSong(S.clicks(at: times, seconds: 3, sampleRate: 48_000), sampleRate: 48_000, codec: codec, name: "exact.\(codec)")
            let left = S.render(try streamer(path: path, timeline: wholeSong(seconds: 3)), seconds: 3)
            #expect(S.onsets(left, sampleRate: 48_000) == [12_000, 24_000, 48_000, 84_000, 120_000], "\(codec)")
        }
    }

    @Test func anOffsetMovesTheSongOnThePracticeClock() throws {
        let path = try S.writeSong(S.clicks(at: [0.5], seconds: 1, sampleRate: 48_000), sampleRate: 48_000, name: "offset.wav")
        // The audio's first sample at practice time 0.25 s: its click at 0.75 s = sample 36000.
        let left = S.render(try streamer(path: path, timeline: wholeSong(seconds: 1, offset: .milliseconds(250))), seconds: 2)
        #expect(S.onsets(left, sampleRate: 48_000) == [36_000])
    }

    @Test func aSongAt44100PlaysAt48000WithinAMillisecond() throws {
        let times = [0.5, 1.0, 1.5, 2.0]
        let path = try S.writeSong(S.clicks(at: times, seconds: 2.5, sampleRate: 44_100), sampleRate: 44_100, name: "cd.wav")
        let left = S.render(try streamer(path: path, timeline: wholeSong(seconds: 2.5)), seconds: 2.5)
        let found = S.onsets(left, sampleRate: 48_000)
        #expect(found.count == times.count)
        for (onset, t) in zip(found, times) {
            #expect(abs(Double(onset) - t * 48_000) <= 2, "click at \(t) s found at sample \(onset)")
        }
        // Resampled, not decimated: the 1 kHz tone keeps its frequency (zero crossings 24 samples apart).
        let start = found[0] + 48
        let crossings = (start..<(start + 480)).filter { left[$0] <= 0 && left[$0 + 1] > 0 }
        #expect(crossings.count == 10)
    }

    /// The clicks' offsets from where the speed puts them, as the tool and Woodshed place them.
    @Test(arguments: [0.5, 0.75, 1.5])
    func stretchedClicksSitWhereRubberBandsToolPutsThem(speed: Double) throws {
        let tool = try S.rubberbandTool()
        let rate = 48_000
        let times = stride(from: 0.5, to: 19.5, by: 0.6).map { $0 }
        let path = try S.writeSong(S.clicks(at: times, seconds: 20, sampleRate: rate), sampleRate: rate, name: "stretch-\(speed).wav")
        let toolOut = S.temporaryPath("stretch-\(speed)-tool.wav")
        try S.run(tool, ["-3", "-q", "-t", String(1 / speed), path, toolOut])
        let theirs = try AudioFile(contentsOf: toolOut).channel(0)
        let ours = S.render(try streamer(path: path, timeline: wholeSong(seconds: 20, speed: speed)), seconds: 20 / speed)
        func offsets(_ mono: [Float]) -> [Double] {
            let found = S.onsets(mono, sampleRate: rate)
            return zip(found, times).map { (Double($0) - $1 / speed * Double(rate)) / Double(rate) * 1000 }
        }
        let (a, b) = (offsets(ours), offsets(theirs))
        #expect(a.count == times.count && b.count == times.count, "every click found (ours \(a.count), the tool's \(b.count))")
        let (ma, mb) = (S.median(a), S.median(b))
        #expect(abs(ma - mb) <= 2, "median offset \(ma) ms vs the tool's \(mb) ms")
        let spread = { (x: [Double]) in (x.max() ?? 0) - (x.min() ?? 0) }
        #expect(spread(a) <= spread(b) + 0.5, "spread \(spread(a)) ms vs the tool's \(spread(b)) ms")
        // No drift: the last clicks sit where the first ones do.
        #expect(abs(S.median(Array(a.suffix(5))) - S.median(Array(a.prefix(5)))) <= 1)
    }

    /// A steady 437 Hz tone, with a click at 1.0 s if asked; the loop plays 1.0–1.7 s twice.
    func loopTwice(click: Bool) throws -> (song: [Float], played: [Float]) {
        let rate = 48_000
        var mono = (0..<(3 * rate)).map { Float(0.3 * sin(2 * .pi * 437 * Double($0) / Double(rate))) }
        if click { for (i, x) in S.burst(sampleRate: rate).enumerated() { mono[rate + i] += x } }
        let path = try S.writeSong(mono.flatMap { [$0, $0] }, sampleRate: rate, name: "loop-\(click).wav")
        let timeline = SongTimeline(segments: [
            .init(practiceStart: .zero, audioStart: .seconds(1), audioEnd: .milliseconds(1700), fadesIn: true, speed: 1),
            .init(practiceStart: .milliseconds(700), audioStart: .seconds(1), audioEnd: .milliseconds(1700), fadesIn: true, speed: 1),
        ])
        return (mono, S.render(try streamer(path: path, timeline: timeline), seconds: 1.4))
    }

    @Test func aLoopsPassesAreTheSongAndTheDownbeatAfterTheSeamIsWhole() throws {
        let (mono, left) = try loopTwice(click: true)
        let rate = 48_000, seam = 33_600, fade = 480  // 10 ms
        let firstPass = (0..<(seam - fade)).map { abs(left[$0] - mono[rate + $0]) }.max() ?? 1
        let secondPass = ((seam + fade)..<(2 * seam - fade)).map { abs(left[$0] - mono[rate + $0 - seam]) }.max() ?? 1
        #expect(firstPass < 1e-4 && secondPass < 1e-4, "passes differ from the song by \(firstPass) and \(secondPass)")
        #expect(left[seam] > 0.6, "downbeat at the seam: \(left[seam])")
    }

    @Test func aLoopSeamNeitherClicksNorGaps() throws {
        // The seam cuts the tone mid-cycle (305.9 cycles a pass): a plain cut jumps by up to 0.6.
        let (_, left) = try loopTwice(click: false)
        let seam = 33_600
        let steepest = ((seam - 600)..<(seam + 600)).map { abs(left[$0 + 1] - left[$0]) }.max() ?? 1
        #expect(steepest < 0.05, "largest step around the seam \(steepest) (two overlapping tones step ≤ 0.034)")
        let quietest = stride(from: seam - 600, to: seam + 600, by: 60).map { s in left[s..<(s + 60)].map { abs($0) }.max() ?? 0 }.min() ?? 0
        #expect(quietest > 0.2, "the tone dips to \(quietest) at the seam")
    }

    @Test func memoryIsTheRingNotTheSong() throws {
        let short = try S.writeSong(S.clicks(at: [1], seconds: 3, sampleRate: 48_000), sampleRate: 48_000, name: "short.wav")
        let long = try S.writeSong(S.clicks(at: [1], seconds: 60, sampleRate: 48_000), sampleRate: 48_000, name: "long.wav")
        let a = try streamer(path: short, timeline: wholeSong(seconds: 3))
        let b = try streamer(path: long, timeline: wholeSong(seconds: 60))
        #expect(a.playback.ring.capacity == b.playback.ring.capacity, "the same few seconds of ring, whatever the song's length")
        #expect(b.playback.ring.capacity < 20 * 48_000)
    }
}
