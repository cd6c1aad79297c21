import Testing
@testable import WoodshedCore

@Suite struct PitchedMapTests {
    @Test func middleCIsC4() {
        let c4 = PitchedNote(midiNote: 60)
        #expect(c4.pitchClass == 0)
        #expect(c4.octave == 4)
        #expect(PitchedNote(midiNote: 59).pitchClass == 11)
        #expect(PitchedNote(midiNote: 59).octave == 3)
        #expect(PitchedNote(midiNote: 69).pitchClass == 9)   // A4 = 440 Hz
        #expect(PitchedNote(midiNote: 0).octave == -1)
        #expect(PitchedNote(midiNote: 127).octave == 9)
        #expect(PitchedNote(midiNote: 127).pitchClass == 7)  // G9
        #expect(PitchedNote(midiNote: -1).pitchClass == 11)
        #expect(PitchedNote(midiNote: -1).octave == -2)
    }

    @Test func transposeRangeAndVelocity() {
        let map = PitchedMap(transpose: -2, lowestNote: 36, highestNote: 96, minimumVelocity: 5)
        #expect(map.pitch(forNote: 62, velocity: 80) == PitchedNote(midiNote: 60))
        #expect(map.pitch(forNote: 35, velocity: 80) == nil)
        #expect(map.pitch(forNote: 97, velocity: 80) == nil)
        #expect(map.pitch(forNote: 60, velocity: 4) == nil)
        #expect(PitchedMap().pitch(forNote: 60, velocity: 0) == nil)
        #expect(PitchedMap().pitch(forNote: 60, velocity: 1) == PitchedNote(midiNote: 60))
    }
}

@Suite struct ComputerKeyboardMapTests {
    @Test func drumKeys() {
        var map = ComputerKeyboardMap()
        map.assignDrum(key: UInt8(ascii: " "), to: KeyPress(note: 36, velocity: 100))
        #expect(map.drumHit(forKey: 32) == KeyPress(note: 36, velocity: 100))
        #expect(map.drumHit(forKey: UInt8(ascii: "q")) == nil)
        #expect(map.drumHit(forKey: 200) == nil)
        #expect(map.drumAssignments.count == 1)
    }

    @Test func standardPianoRowIsC4ToC5WithOctaveShifts() {
        var piano = PianoKeyboard(layout: .standard)
        let a = UInt8(ascii: "a"), k = UInt8(ascii: "k"), w = UInt8(ascii: "w")
        #expect(piano.press(key: a) == KeyPress(note: 60, velocity: 90))
        #expect(piano.press(key: w)?.note == 61)
        #expect(piano.press(key: k)?.note == 72)
        #expect(piano.press(key: UInt8(ascii: "x")) == nil)
        #expect(piano.octaveShift == 1)
        #expect(piano.press(key: a)?.note == 72)
        for _ in 0..<10 { _ = piano.press(key: UInt8(ascii: "z")) }
        #expect(piano.octaveShift == -4)
        #expect(piano.press(key: a)?.note == 12)
        #expect(piano.press(key: UInt8(ascii: "q")) == nil)
        // A shift that would leave 0…127 plays nothing.
        #expect(PianoKeyLayout.standard.press(key: k, octaveShift: 5) == nil)
    }
}
