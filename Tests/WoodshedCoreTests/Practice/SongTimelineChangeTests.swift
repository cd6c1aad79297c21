import Testing
import WoodshedCore

struct SongTimelineChangeTests {
    typealias Segment = SongTimeline.Segment

    @Test func aSpeedChangeSplitsTheSegmentAtTheMomentAndTheRestPlaysAtTheNewSpeed() {
        let song = SongTimeline(segments: [Segment(practiceStart: .zero, audioStart: .zero, audioEnd: .seconds(10), fadesIn: false, speed: 1)])
        let slower = song.changingSpeed(to: 0.5, at: .seconds(4))
        #expect(slower.segments == [
            Segment(practiceStart: .zero, audioStart: .zero, audioEnd: .seconds(4), fadesIn: false, speed: 1),
            Segment(practiceStart: .seconds(4), audioStart: .seconds(4), audioEnd: .seconds(10), fadesIn: true, speed: 0.5),
        ])
        #expect(slower.segments[1].practiceEnd == .seconds(16))  // 6 s of song at half speed: 12 s
    }

    @Test func laterPassesOfALoopAndTheGapsBetweenThemMoveByTheRatioOfTheSpeeds() {
        // A 2-second loop (song 10–12 s) at 100 %, passes at 0, 3 and 6 s (a 1-second count-in between).
        let loop = SongTimeline(segments: [0, 3, 6].map {
            Segment(practiceStart: .seconds(Double($0)), audioStart: .seconds(10), audioEnd: .seconds(12), fadesIn: true, speed: 1)
        })
        let faster = loop.changingSpeed(to: 2, at: .seconds(1))
        #expect(faster.segments == [
            Segment(practiceStart: .zero, audioStart: .seconds(10), audioEnd: .seconds(11), fadesIn: true, speed: 1),
            Segment(practiceStart: .seconds(1), audioStart: .seconds(11), audioEnd: .seconds(12), fadesIn: true, speed: 2),
            // 3 s and 6 s were 2 s and 5 s after the change: now 1 s and 2.5 s after it.
            Segment(practiceStart: .seconds(2), audioStart: .seconds(10), audioEnd: .seconds(12), fadesIn: true, speed: 2),
            Segment(practiceStart: .milliseconds(3_500), audioStart: .seconds(10), audioEnd: .seconds(12), fadesIn: true, speed: 2),
        ])
    }

    @Test func aChangeInAGapLeavesWhatPlayedAndMovesWhatComes() {
        let loop = SongTimeline(segments: [0, 3].map {
            Segment(practiceStart: .seconds(Double($0)), audioStart: .seconds(10), audioEnd: .seconds(12), fadesIn: true, speed: 1)
        })
        let slower = loop.changingSpeed(to: 0.5, at: .milliseconds(2_500))
        #expect(slower.segments.map(\.practiceStart) == [.zero, .milliseconds(3_500)])
        #expect(slower.segments.map(\.speed) == [1, 0.5])
    }

    @Test func theSongFromAMomentCutsTheSegmentPlayingThenAndKeepsTheLaterOnes() {
        let loop = SongTimeline(segments: [
            Segment(practiceStart: .zero, audioStart: .seconds(10), audioEnd: .seconds(12), fadesIn: false, speed: 0.5),
            Segment(practiceStart: .seconds(5), audioStart: .seconds(10), audioEnd: .seconds(12), fadesIn: false, speed: 0.5),
        ])
        // 3 s into the first pass at 50 %: song 11.5 s; the rest of it fades in from there.
        #expect(loop.segments(from: .seconds(3)) == [
            Segment(practiceStart: .seconds(3), audioStart: .milliseconds(11_500), audioEnd: .seconds(12), fadesIn: true, speed: 0.5),
            loop.segments[1],
        ])
        // In the gap between passes, and at a segment's start: the later segments as they are.
        #expect(loop.segments(from: .milliseconds(4_500)) == [loop.segments[1]])
        #expect(loop.segments(from: .seconds(5)) == [loop.segments[1]])
        #expect(loop.segments(from: .seconds(9)).isEmpty)
    }
}
