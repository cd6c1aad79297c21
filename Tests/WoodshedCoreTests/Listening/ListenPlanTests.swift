import Testing
import WoodshedCore

/// The practice player's plan as the song's timeline: where each pass sounds on the output clock.
@Suite struct ListenPlanTests {
    let ms = EngineTime.milliseconds

    @Test func theWholeRecordingFromTheStartAtItsSpeed() {
        let plan = ListenPlan(length: .seconds(10), sound: ListenSound(speed: 2, pitch: -3, linked: true))
        let segments = plan.timeline.segments
        #expect(segments.count == 1)
        #expect(segments[0].practiceStart == .zero && segments[0].audioStart == .zero && segments[0].audioEnd == .seconds(10))
        #expect(segments[0].practiceEnd == .seconds(5), "10 s at 2× last 5 s")
        #expect(segments[0].speed == 2 && segments[0].pitch == -3 && segments[0].varispeed)
        #expect(!segments[0].fadesIn, "from the very start nothing is cut")
    }

    @Test func aStartInsideTheRecordingFadesInThere() {
        let plan = ListenPlan(length: .seconds(10), start: .seconds(4))
        #expect(plan.timeline.segments.map(\.audioStart) == [.seconds(4)])
        #expect(plan.timeline.segments[0].fadesIn)
        // Past the end: clamped to the end, which plays nothing.
        #expect(ListenPlan(length: .seconds(10), start: .seconds(12)).timeline.segments.isEmpty)
    }

    @Test func aLoopPlaysFromTheStartToItsEndThenWholePasses() throws {
        let loop = try ListenLoop(start: .seconds(2), end: .seconds(5))
        // Starting inside the loop: the first pass is the rest of it.
        let inside = ListenPlan(length: .seconds(10), start: .seconds(3), loop: loop, passes: 3).timeline.segments
        #expect(inside.map(\.audioStart) == [.seconds(3), .seconds(2), .seconds(2)])
        #expect(inside.map(\.audioEnd) == [.seconds(5), .seconds(5), .seconds(5)])
        #expect(inside.map(\.practiceStart) == [.zero, .seconds(2), .seconds(5)])
        // Starting outside it: from the loop's start.
        let outside = ListenPlan(length: .seconds(10), start: .seconds(7), sound: ListenSound(speed: 0.5),
                                 loop: loop, passes: 2).timeline.segments
        #expect(outside.map(\.audioStart) == [.seconds(2), .seconds(2)])
        #expect(outside.map(\.practiceStart) == [.zero, .seconds(6)], "3-s passes at half speed take 6 s")
    }

    @Test func aDurationCutsThePlaybackThere() throws {
        let plan = ListenPlan(length: .seconds(60), start: .seconds(10), sound: ListenSound(speed: 1.5), duration: .seconds(4))
        let segments = plan.timeline.segments
        #expect(segments.count == 1)
        #expect(segments[0].audioEnd == .seconds(16), "4 s at 1.5× cover 6 s of the recording")
        let loop = try ListenLoop(start: .seconds(1), end: .seconds(3))
        let looped = ListenPlan(length: .seconds(60), loop: loop, passes: 5, duration: .seconds(3)).timeline.segments
        #expect(looped.map(\.audioEnd) == [.seconds(3), .seconds(2)], "two passes of 2 s, the second cut after 1 s")
    }

    @Test func whereTheRecordingIsAtAnOutputTime() throws {
        let loop = try ListenLoop(start: .seconds(2), end: .seconds(4))
        let timeline = ListenPlan(length: .seconds(10), start: .seconds(3), sound: ListenSound(speed: 2), loop: loop, passes: 2)
            .timeline(at: .seconds(5))
        #expect(timeline.mediaTime(at: .seconds(4)) == nil, "before it starts")
        #expect(timeline.mediaTime(at: .seconds(5)) == .seconds(3))
        #expect(timeline.mediaTime(at: .milliseconds(5_250)) == .milliseconds(3_500), "a quarter second at 2× is half a second")
        #expect(timeline.mediaTime(at: .milliseconds(5_500)) == .seconds(2), "the second pass starts at the loop's start")
        #expect(timeline.mediaTime(at: .seconds(9)) == .seconds(4), "after the end: the end")
        #expect(timeline.end == .milliseconds(6_500))
    }

    @Test func theHeardPitchAddsTheSpeedsOwnWhenLinked() {
        #expect(ListenSound(speed: 2, pitch: 0, linked: true).heardPitch == 12)
        #expect(ListenSound(speed: 0.5, pitch: 1, linked: true).heardPitch == -11)
        #expect(ListenSound(speed: 2, pitch: 1, linked: false).heardPitch == 1)
    }

    @Test func aLoopMustEndAfterItStarts() {
        #expect(throws: WoodshedError.self) { try ListenLoop(start: .seconds(3), end: .seconds(3)) }
    }
}

@Suite struct MediaTimeTests {
    @Test func parsesSecondsMinutesAndHours() {
        #expect(MediaTime.parse("83.5") == .milliseconds(83_500))
        #expect(MediaTime.parse("1:23.5") == .milliseconds(83_500))
        #expect(MediaTime.parse("1:02:03.25") == .milliseconds(3_723_250))
        #expect(MediaTime.parse(" 0:07 ") == .seconds(7))
        for bad in ["", "-3", "1:60", "a:10", "1::2", "1:2:3:4", "1.5:10"] { #expect(MediaTime.parse(bad) == nil, "\(bad)") }
    }

    @Test func writesMinutesAndSeconds() {
        #expect(MediaTime.text(.milliseconds(83_560)) == "1:23")
        #expect(MediaTime.text(.milliseconds(83_560), tenths: true) == "1:23.5")
        #expect(MediaTime.text(.seconds(3_723)) == "1:02:03")
        #expect(MediaTime.text(.seconds(5)) == "0:05")
    }
}
