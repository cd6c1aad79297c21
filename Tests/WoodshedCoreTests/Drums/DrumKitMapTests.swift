import Testing
@testable import WoodshedCore

@Suite struct DrumKitMapTests {
    @Test func generalMIDIMapsEveryVoiceToItsOwnNote() {
        let map = DrumKitMap.generalMIDI
        for voice in DrumVoice.allCases {
            #expect(map.voice(forNote: voice.generalMIDINote) == voice)
        }
        #expect(map.voice(forNote: 41) == .tomFloor)
        #expect(map.voice(forNote: 48) == .tomHigh)
        #expect(map.voice(forNote: 39) == nil)
        #expect(map.notes(for: .tomFloor) == [41, 43])
    }

    @Test func assignAndUnassign() {
        var map = DrumKitMap()
        #expect(map.assignments.isEmpty)
        map.assign(note: 22, to: .hihat)
        map.assign(note: 42, to: .hihat)
        map.assign(note: 200, to: .kick)
        #expect(map.notes(for: .hihat) == [22, 42])
        #expect(map.notes(for: .kick) == [])
        map.assign(note: 22, to: nil)
        #expect(map.voice(forNote: 22) == nil)
        #expect(map.assignments.map(\.note) == [42])
    }

    @Test func filterDefaults() {
        let settings = HitFilterSettings()
        #expect(settings[.snare] == DrumPadSettings(minimumVelocity: 1, retriggerWindow: .milliseconds(30)))
        #expect(settings[.hihatPedal].suppressesCrosstalk == false)
        #expect(settings.crosstalkWindow == .milliseconds(10))
        #expect(settings.crosstalkPercent == 30)
        #expect(DrumPadSettings(minimumVelocity: 0).minimumVelocity == 1)
    }
}
