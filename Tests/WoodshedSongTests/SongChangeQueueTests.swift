import Foundation
import Testing
import WoodshedCore
import WoodshedEngine
import WoodshedSndFile
@testable import WoodshedSong

/// Changes that meet each other or the song's end: several asked close together, a jump made by
/// any timeline, a change after the whole song is written. Each is made exactly where asked (the
/// song at 100 % around them is the file's own samples, so every click is checked to the sample).
@Suite(.serialized) struct SongChangeQueueTests {
    typealias S = SongTestSupport
    let rate = 48_000
    /// Clicks every half second of the song, from 0.25 s.
    let clickTimes = stride(from: 0.25, to: 8, by: 0.5).map { $0 }

    func streamer(_ path: String, _ segments: [SongTimeline.Segment]) throws -> SongStreamer {
        let source = try SongSource(stems: [SongSource.Stem(reader: SoundFileReader(path: path))])
        return try SongStreamer(source: source, timeline: SongTimeline(segments: segments), outputRate: rate, offline: true)
    }

    func whole(_ seconds: Double) -> [SongTimeline.Segment] {
        [.init(practiceStart: .zero, audioStart: .zero, audioEnd: .seconds(seconds), fadesIn: false, speed: 1)]
    }

    /// The samples where clicks due at `times` (seconds) must start.
    func samples(_ times: [Double]) -> [Int] { times.map { Int(($0 * Double(rate)).rounded()) } }

    @Test func fourChangesAskedCloseTogetherAreEachMadeWhereAsked() throws {
        let path = try S.writeSong(S.clicks(at: clickTimes, seconds: 8, sampleRate: rate), sampleRate: rate, name: "queue.wav")
        let song = try streamer(path, whole(8))
        // 50 % from 2.1 s, 100 % from 2.13 s, 50 % from 3.0 s, 100 % from 3.5 s: asked in three
        // blocks in a row (from 1.995 s), so the later ones wait for the first (which way they wait
        // depends on the song's thread; the result must not).
        let asks: [Int: [(Double, Double)]] = [95_744: [(0.5, 2.1)], 96_256: [(1, 2.13)], 96_768: [(0.5, 3.0), (1, 3.5)]]
        var made: [EngineTime] = []
        let left = S.render(song, seconds: 7.9) { sample in
            for (speed, at) in asks[sample] ?? [] { made.append(song.changeSpeed(to: speed, at: .seconds(at))) }
        }
        #expect(made == [2.1, 2.13, 3.0, 3.5].map { EngineTime.seconds($0) })
        #expect(song.lateChanges == 0)
        #expect(song.timeline.segments.map(\.speed) == [1, 0.5, 1, 0.5, 1])
        // Worked out by hand: 30 ms at 50 % is 15 ms of song, so from 2.13 s the song is 15 ms behind
        // the file; the 500 ms at 50 % from 3.0 s is 250 ms of song, 265 ms behind from 3.5 s. The
        // slow stretches hold no click (song 2.1–2.115 s and 2.985–3.235 s).
        let expected = clickTimes.compactMap { t -> Double? in
            if t < 2.1 { return t }
            if t >= 2.115, t < 2.985 { return t + 0.015 }
            if t >= 3.235 { return t + 0.265 }
            return nil
        }.filter { $0 < 7.85 }
        #expect(S.onsets(left, sampleRate: rate) == samples(expected))
    }

    @Test func aJumpMadeByAnyTimelineStartsAtTheChange() throws {
        let path = try S.writeSong(S.clicks(at: clickTimes, seconds: 8, sampleRate: rate), sampleRate: rate, name: "jump.wav")
        let song = try streamer(path, whole(8))
        // From 2.1 s on, the song as if it had started 0.3 s later: the segment playing then is cut
        // to start at the change (song 1.8 s), not dropped or played from its own start.
        let left = S.render(song, seconds: 6) { sample in
            if sample == 95_744 {
                song.change(at: .seconds(2.1)) { _, _ in
                    SongTimeline(segments: [.init(practiceStart: .milliseconds(300), audioStart: .zero, audioEnd: .seconds(8), fadesIn: false, speed: 1)])
                }
            }
        }
        let expected = clickTimes.compactMap { t -> Double? in t < 2.1 ? t : t >= 1.8 ? t + 0.3 : nil }.filter { $0 < 5.95 }
        // Song 2.25 s plays at 2.55 s; nothing of the song's start plays again.
        #expect(S.onsets(left, sampleRate: rate) == samples(expected))
    }

    @Test func aChangeAfterTheWholeSongIsWrittenLandsWhereAsked() throws {
        // One second of song, then silence: the song's thread writes it all at once and waits.
        let path = try S.writeSong(S.clicks(at: [0.25, 0.75], seconds: 1, sampleRate: rate), sampleRate: rate, name: "end.wav")
        let song = try streamer(path, whole(1))
        let left = S.render(song, seconds: 4) { sample in
            guard sample == 95_744 else { return }
            let deadline = Date().addingTimeInterval(30)
            while !song.isFinished, Date() < deadline { usleep(1_000) }
            #expect(song.isFinished, "the song's thread had not written the whole song")
            // Past the song's end: from 2.5 s the song again from its start (a new pass).
            song.change(at: .seconds(2.5)) { _, _ in
                SongTimeline(segments: [.init(practiceStart: .seconds(2.5), audioStart: .zero, audioEnd: .seconds(1), fadesIn: false, speed: 1)])
            }
        }
        #expect(S.onsets(left, sampleRate: rate) == samples([0.25, 0.75, 2.75, 3.25]))
        #expect(song.lateChanges == 0)
    }
}
