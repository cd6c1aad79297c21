import Foundation
import Testing
import WoodshedCore
import WoodshedEngine
import WoodshedRubberBand
import WoodshedSndFile
@testable import WoodshedSong

/// The song's speed changed while it plays: what played stays, the rest follows the new speed from
/// the change on, with no click lost or doubled, and back at 100 % the clicks are on their samples.
@Suite(.serialized) struct SongChangeTests {
    typealias S = SongTestSupport
    let rate = 48_000

    func streamer(_ path: String, seconds: Double) throws -> SongStreamer {
        let source = try SongSource(stems: [SongSource.Stem(reader: SoundFileReader(path: path))])
        let timeline = SongTimeline(segments: [.init(practiceStart: .zero, audioStart: .zero, audioEnd: .seconds(seconds), fadesIn: false, speed: 1)])
        return try SongStreamer(source: source, timeline: timeline, outputRate: rate, offline: true)
    }

    /// Clicks every half second of the song, from 0.25 s.
    let clickTimes = stride(from: 0.25, to: 8, by: 0.5).map { $0 }

    @Test func halfSpeedFromAMomentThenBackToFullSpeed() throws {
        let path = try S.writeSong(S.clicks(at: clickTimes, seconds: 8, sampleRate: rate), sampleRate: rate, name: "change.wav")
        let song = try streamer(path, seconds: 8)
        // 50 % from practice 2.1 s (song 2.1 s); 100 % again from practice 6.1 s (song 2.1 + 4 × 0.5 = 4.1 s).
        var asked = Set<Int>()
        let left = S.render(song, seconds: 10.5) { sample in
            if sample >= 96_000, asked.insert(1).inserted { song.changeSpeed(to: 0.5, at: .milliseconds(2_100)) }
            if sample >= 288_000, asked.insert(2).inserted { song.changeSpeed(to: 1, at: .milliseconds(6_100)) }
        }
        // Where each click belongs on the practice clock, worked out by hand from the two changes.
        let expected: [Double] = clickTimes.compactMap { t in
            if t < 2.1 { return t }
            if t < 4.1 { return 2.1 + (t - 2.1) / 0.5 }
            return 6.1 + (t - 4.1)
        }.filter { $0 < 10.4 }
        let found = S.onsets(left, sampleRate: rate)
        #expect(found.count == expected.count, "clicks found at \(found), expected at \(expected.map { $0 * 48_000 })")
        // The slow part against the `rubberband` tool on the same file at 50 %: where it puts the clicks.
        let tool = try S.rubberbandTool()
        let toolOut = S.temporaryPath("change-tool.wav")
        try S.run(tool, ["-3", "-q", "-t", "2", path, toolOut])
        let theirs = S.onsets(try AudioFile(contentsOf: toolOut).channel(0), sampleRate: rate)
        let toolOffsets = zip(theirs, clickTimes).map { (Double($0) - $1 / 0.5 * Double(rate)) / Double(rate) * 1000 }
        #expect(theirs.count == clickTimes.count)
        var slowOffsets: [Double] = []
        for (onset, t) in zip(found, expected) {
            let error = (Double(onset) - t * Double(rate)) / Double(rate) * 1000
            if t < 2.1 || t > 6.1 {
                // At 100 % the song is the file's own samples, before and after the slow part.
                #expect(onset == Int((t * Double(rate)).rounded()), "click due at \(t) s found at sample \(onset)")
            } else {
                slowOffsets.append(error)
            }
        }
        #expect(slowOffsets.count == 4)
        let spread = { (x: [Double]) in (x.max() ?? 0) - (x.min() ?? 0) }
        #expect(abs(S.median(slowOffsets) - S.median(toolOffsets)) <= 2,
                "slow part: median offset \(S.median(slowOffsets)) ms vs the tool's \(S.median(toolOffsets)) ms")
        #expect(spread(slowOffsets) <= spread(toolOffsets) + 0.5, "spread \(spread(slowOffsets)) ms vs the tool's \(spread(toolOffsets)) ms")
        #expect(song.timeline.segments.map(\.speed) == [1, 0.5, 1])
    }

    @Test func aChangeAskedForAtAMomentAlreadyPlayedIsMadeWhereTheSongIs() throws {
        let path = try S.writeSong(S.clicks(at: clickTimes, seconds: 8, sampleRate: rate), sampleRate: rate, name: "late.wav")
        let song = try streamer(path, seconds: 8)
        var asked = false
        // Asked before the block at 2.0053 s for 1.0 s, long past.
        let left = S.render(song, seconds: 4) { sample in
            if sample >= 96_000, !asked {
                asked = true
                song.changeSpeed(to: 0.5, at: .seconds(1))
            }
        }
        // Made at the first block's end + the crossfade: 96 256 + 480 frames = 2.0153 s.
        let madeAt = Double(96_256 + 480) / Double(rate)
        #expect(abs(song.timeline.segments[1].practiceStart.seconds - madeAt) < 1e-6, "made at \(song.timeline.segments[1].practiceStart.seconds) s")
        let found = S.onsets(left, sampleRate: rate)
        let expected = clickTimes.map { $0 < madeAt ? $0 : madeAt + ($0 - madeAt) / 0.5 }.filter { $0 < 3.9 }
        #expect(found.count == expected.count, "clicks found at \(found)")
        for (onset, t) in zip(found, expected) {
            // Stretched clicks sit up to 7.2 ms early (Rubber Band's R3 at 50 %, as its own tool puts them).
            let error = Double(onset) / Double(rate) - t
            #expect(t < madeAt ? error == 0 : (-0.008...0.001).contains(error), "click due at \(t) s found \(error * 1000) ms off")
        }
    }

    @Test func theEarliestChangeIsHeardWithinAHundredMilliseconds() throws {
        let path = try S.writeSong(S.clicks(at: [1], seconds: 3, sampleRate: rate), sampleRate: rate, name: "soon.wav")
        let song = try streamer(path, seconds: 3)
        var soonest: EngineTime?
        _ = S.render(song, seconds: 1) { sample in
            if sample == 24_064 { soonest = song.earliestChange - .seconds(Double(sample) / Double(rate)) }
        }
        let lead = try #require(soonest)
        #expect(lead <= .milliseconds(100) && lead >= .milliseconds(80), "a change asked for now is made \(lead.milliseconds) ms later")
    }
}
