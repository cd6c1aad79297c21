import Testing
@testable import WoodshedCore

@Suite struct DrumKitMapTests {
    /// The General MIDI percussion key of each voice (GM Level 1 percussion key map, channel 10).
    static let generalMIDINotes: [DrumVoice: UInt8] = [
        .kick: 36,         // Bass Drum 1
        .kickLeft: 35,     // Acoustic Bass Drum
        .snare: 38,        // Acoustic Snare
        .snareRim: 40,     // Electric Snare
        .crossStick: 37,   // Side Stick
        .hihat: 42,        // Closed Hi-Hat
        .hihatOpen: 46,    // Open Hi-Hat
        .hihatPedal: 44,   // Pedal Hi-Hat
        .tomHigh: 50,      // High Tom
        .tomMid: 47,       // Low-Mid Tom
        .tomLow: 45,       // Low Tom
        .tomFloor: 43,     // High Floor Tom
        .crash: 49,        // Crash Cymbal 1
        .crashLeft: 57,    // Crash Cymbal 2
        .ride: 51,         // Ride Cymbal 1
        .rideBell: 53,     // Ride Bell
        .splash: 55,       // Splash Cymbal
        .china: 52,        // Chinese Cymbal
    ]

    @Test func generalMIDIMapsEveryVoiceToItsOwnNote() {
        let map = DrumKitMap.generalMIDI
        #expect(Set(Self.generalMIDINotes.keys) == Set(DrumVoice.allCases))
        for (voice, note) in Self.generalMIDINotes {
            #expect(voice.generalMIDINote == note, "\(voice)")
            #expect(map.voice(forNote: note) == voice, "note \(note)")
        }
        // The voices' 18 notes and the three GM notes without a voice of their own (41, 48, 59).
        #expect(map.assignments.count == 21)
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
