/// The chart reader's own General MIDI percussion table (channel 10 note → voice).
///
/// This is only the default for reading `.mid` charts; the mapping of a real kit's notes belongs to
/// the kit mapping files. Each voice's `generalMIDINote` reads back as that voice, so charts
/// round-trip through MIDI.
enum GeneralMIDIDrums {
    /// The voice of a GM percussion note, or nil for notes that are no drum-kit voice (claps, cowbell…).
    /// Note 35 is the left kick only when the file also uses 36; alone it is the kick.
    static func voice(ofNote note: UInt8, fileUsesNote36: Bool) -> DrumVoice? {
        switch note {
        case 35: fileUsesNote36 ? .kickLeft : .kick
        case 36: .kick
        case 37: .crossStick
        case 38: .snare
        case 40: .snareRim
        case 22, 42: .hihat
        case 26, 46: .hihatOpen
        case 44: .hihatPedal
        case 48, 50: .tomHigh
        case 47: .tomMid
        case 45: .tomLow
        case 41, 43, 58: .tomFloor
        case 49: .crash
        case 57: .crashLeft
        case 51, 59: .ride
        case 53: .rideBell
        case 55: .splash
        case 52: .china
        default: nil
        }
    }
}
