import Testing
@testable import WoodshedCore

@Suite struct HitFilterTests {
    /// A small GM kit with default filtering.
    static func filter(_ edit: (inout DrumKitMap) -> Void = { _ in }) -> HitFilter {
        var map = DrumKitMap.generalMIDI
        edit(&map)
        return HitFilter(map: map)
    }

    static func ms(_ value: Double) -> EngineTime { .milliseconds(value) }

    @Test func mapsNotesAndReportsUnmapped() {
        var filter = Self.filter()
        #expect(filter.admit(note: 38, velocity: 100, at: Self.ms(0)) == .accepted(.snare))
        #expect(filter.admit(note: 36, velocity: 100, at: Self.ms(500)) == .accepted(.kick))
        #expect(filter.admit(note: 39, velocity: 100, at: Self.ms(1000)) == .unmapped)
        #expect(filter.admit(note: 200, velocity: 100, at: Self.ms(1500)) == .unmapped)
    }

    @Test func minimumVelocityPerVoice() {
        var filter = Self.filter { $0.filter[.snare].minimumVelocity = 20 }
        #expect(filter.admit(note: 38, velocity: 19, at: Self.ms(0)) == .belowMinimumVelocity)
        #expect(filter.admit(note: 38, velocity: 20, at: Self.ms(100)) == .accepted(.snare))
        // Other voices keep the default (1), and velocity 0 (a note-off) never counts.
        #expect(filter.admit(note: 36, velocity: 2, at: Self.ms(200)) == .accepted(.kick))
        #expect(filter.admit(note: 36, velocity: 0, at: Self.ms(400)) == .belowMinimumVelocity)
    }

    @Test func doubleTriggerWithinWindowIsDropped() {
        var filter = Self.filter()
        #expect(filter.admit(note: 38, velocity: 100, at: Self.ms(0)) == .accepted(.snare))
        #expect(filter.admit(note: 38, velocity: 60, at: Self.ms(12)) == .doubleTrigger)
        #expect(filter.admit(note: 38, velocity: 100, at: Self.ms(29)) == .doubleTrigger)
        // Outside the 30 ms window: a real second hit.
        #expect(filter.admit(note: 38, velocity: 60, at: Self.ms(31)) == .accepted(.snare))
    }

    @Test func louderSecondHitIsAFlamNotADoubleTrigger() {
        var filter = Self.filter()
        #expect(filter.admit(note: 38, velocity: 40, at: Self.ms(0)) == .accepted(.snare))
        #expect(filter.admit(note: 38, velocity: 110, at: Self.ms(20)) == .accepted(.snare))
    }

    @Test func retriggerWindowIsPerVoiceAndConfigurable() {
        var filter = Self.filter {
            $0.filter[.kick].retriggerWindow = Self.ms(60)
            $0.filter[.snare].retriggerWindow = .zero
        }
        #expect(filter.admit(note: 36, velocity: 100, at: Self.ms(0)) == .accepted(.kick))
        #expect(filter.admit(note: 36, velocity: 90, at: Self.ms(50)) == .doubleTrigger)
        #expect(filter.admit(note: 38, velocity: 100, at: Self.ms(100)) == .accepted(.snare))
        #expect(filter.admit(note: 38, velocity: 100, at: Self.ms(101)) == .accepted(.snare))
    }

    @Test func softHitOnAnotherPadJustAfterAHardHitIsCrosstalk() {
        var filter = Self.filter()
        #expect(filter.admit(note: 38, velocity: 120, at: Self.ms(0)) == .accepted(.snare))
        // 4 ms later the high tom picks up 20/120 = 17 % of the snare: crosstalk.
        #expect(filter.admit(note: 50, velocity: 20, at: Self.ms(4)) == .crosstalk)
    }

    @Test func crosstalkOutsideTheWindowOrNotSoftEnoughIsKept() {
        var filter = Self.filter()
        #expect(filter.admit(note: 38, velocity: 120, at: Self.ms(0)) == .accepted(.snare))
        // Soft, but 15 ms later: a ghost note on the tom, played.
        #expect(filter.admit(note: 50, velocity: 20, at: Self.ms(15)) == .accepted(.tomHigh))

        var other = Self.filter()
        #expect(other.admit(note: 38, velocity: 120, at: Self.ms(0)) == .accepted(.snare))
        // Within the window, but 40/120 = 33 % is above 30 %: a real hit together with the snare.
        #expect(other.admit(note: 50, velocity: 40, at: Self.ms(3)) == .accepted(.tomHigh))
    }

    @Test func hardHitAfterASoftOneIsKept() {
        var filter = Self.filter()
        #expect(filter.admit(note: 50, velocity: 20, at: Self.ms(0)) == .accepted(.tomHigh))
        #expect(filter.admit(note: 38, velocity: 120, at: Self.ms(3)) == .accepted(.snare))
    }

    @Test func crosstalkWindowAndRatioAreConfigurable() {
        var filter = Self.filter {
            $0.filter.crosstalkWindow = Self.ms(20)
            $0.filter.crosstalkPercent = 50
        }
        #expect(filter.admit(note: 36, velocity: 100, at: Self.ms(0)) == .accepted(.kick))
        #expect(filter.admit(note: 38, velocity: 45, at: Self.ms(15)) == .crosstalk)
        #expect(filter.admit(note: 50, velocity: 55, at: Self.ms(16)) == .accepted(.tomHigh))
    }

    @Test func hihatPedalIsNeverCrosstalkByDefault() {
        var filter = Self.filter()
        #expect(filter.admit(note: 36, velocity: 127, at: Self.ms(0)) == .accepted(.kick))
        #expect(filter.admit(note: 44, velocity: 10, at: Self.ms(2)) == .accepted(.hihatPedal))
    }

    @Test func openHihatJustAfterAPedalStompIsDropped() {
        var filter = Self.filter()
        #expect(filter.admit(note: 44, velocity: 100, at: Self.ms(0)) == .accepted(.hihatPedal))
        #expect(filter.admit(note: 46, velocity: 90, at: Self.ms(8)) == .crosstalk)
        // A closed hi-hat played with the foot's chick is a real hit.
        #expect(filter.admit(note: 42, velocity: 90, at: Self.ms(9)) == .accepted(.hihat))
        // Later, the hi-hat can be open again.
        #expect(filter.admit(note: 46, velocity: 90, at: Self.ms(200)) == .accepted(.hihatOpen))
    }

    @Test func footControllerDecidesOpennessWhenAsked() {
        var filter = Self.filter {
            $0.hihatOpenness = .fromController(number: 4, closedFrom: 90)
        }
        // Before any controller value, the note decides.
        #expect(filter.footControllerValue == nil)
        #expect(filter.admit(note: 46, velocity: 80, at: Self.ms(0)) == .accepted(.hihatOpen))
        filter.controlChange(controller: 4, value: 127)
        #expect(filter.admit(note: 46, velocity: 80, at: Self.ms(100)) == .accepted(.hihat))
        filter.controlChange(controller: 4, value: 0)
        #expect(filter.admit(note: 42, velocity: 80, at: Self.ms(200)) == .accepted(.hihatOpen))
        // Half-open counts as open; the threshold itself is closed.
        filter.controlChange(controller: 4, value: 89)
        #expect(filter.admit(note: 42, velocity: 80, at: Self.ms(300)) == .accepted(.hihatOpen))
        filter.controlChange(controller: 4, value: 90)
        #expect(filter.admit(note: 42, velocity: 80, at: Self.ms(400)) == .accepted(.hihat))
        // Other controllers and other voices are untouched.
        filter.controlChange(controller: 7, value: 0)
        #expect(filter.footControllerValue == 90)
        #expect(filter.admit(note: 44, velocity: 80, at: Self.ms(500)) == .accepted(.hihatPedal))
        filter.reset()
        #expect(filter.footControllerValue == nil)
    }

    @Test func footControllerIsIgnoredWhenTheNoteDecides() {
        var filter = Self.filter()
        filter.controlChange(controller: 4, value: 127)
        #expect(filter.footControllerValue == nil)
        #expect(filter.admit(note: 46, velocity: 80, at: Self.ms(0)) == .accepted(.hihatOpen))
    }

    @Test func resetForgetsEarlierHits() {
        var filter = Self.filter()
        #expect(filter.admit(note: 38, velocity: 100, at: Self.ms(0)) == .accepted(.snare))
        filter.reset()
        #expect(filter.admit(note: 38, velocity: 50, at: Self.ms(5)) == .accepted(.snare))
    }

    @Test func negativeTimesWork() {
        var filter = Self.filter()
        #expect(filter.admit(note: 38, velocity: 100, at: Self.ms(-2000)) == .accepted(.snare))
        #expect(filter.admit(note: 38, velocity: 50, at: Self.ms(-1990)) == .doubleTrigger)
    }

    /// A long, mixed stream: a 16th-note groove with flams, ringing, stomps and crosstalk mixed in.
    /// The filter must keep exactly the played hits, however many events pass through it.
    @Test func manyEventsKeepExactlyThePlayedHits() {
        var filter = HitFilter(map: .generalMIDI)
        var played = 0
        var rejected: [HitFilter.Verdict: Int] = [:]
        let sixteenth: Int64 = 125_000_000  // 120 BPM
        for step in 0..<20_000 {
            let t = Int64(step) * sixteenth - 4_000_000_000
            func hit(_ note: UInt8, _ velocity: UInt8, _ offsetMs: Double = 0) -> HitFilter.Verdict {
                filter.admit(note: note, velocity: velocity, at: EngineTime(nanoseconds: t) + .milliseconds(offsetMs))
            }
            // Played: hi-hat on every 16th, kick on 1 and 3, snare on 2 and 4.
            #expect(hit(42, step % 2 == 0 ? 100 : 60) == .accepted(.hihat)); played += 1
            if step % 8 == 0 { #expect(hit(36, 120, 1) == .accepted(.kick)); played += 1 }
            if step % 8 == 4 { #expect(hit(38, 115, 1) == .accepted(.snare)); played += 1 }
            // Artefacts.
            switch step % 16 {
            case 1: rejected[hit(42, 30, 9), default: 0] += 1                  // ringing hi-hat
            case 4: rejected[hit(45, 12, 4), default: 0] += 1                  // tom picks up the snare
            case 8: rejected[hit(0, 100, 3), default: 0] += 1                  // a stray unmapped note
            case 12: rejected[hit(49, 0, 5), default: 0] += 1                  // velocity 0
            case 14:
                #expect(hit(44, 100, 30) == .accepted(.hihatPedal)); played += 1
                rejected[hit(46, 70, 36), default: 0] += 1                    // stomp shakes the hi-hat
            default: break
            }
        }
        #expect(played == 20_000 + 2_500 + 2_500 + 1_250)
        #expect(rejected == [.doubleTrigger: 1_250, .crosstalk: 2_500, .unmapped: 1_250, .belowMinimumVelocity: 1_250])
    }
}
