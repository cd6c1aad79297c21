import WoodshedCore
import WoodshedEngine

/// The computer keyboard as drum pads, from `mappings/keyboard.toml`.
struct DrumKeys: KeyTranslator {
    let map: ComputerKeyboardMap
    mutating func press(_ key: UInt8) -> KeyPress? { map.drumHit(forKey: key) }
}

/// The computer keyboard as a piano row, with octave shift keys, from `mappings/keyboard.toml`.
struct PianoKeys: KeyTranslator {
    let layout: PianoKeyLayout
    var octaveShift = 0

    mutating func press(_ key: UInt8) -> KeyPress? {
        switch layout.action(forKey: key) {
        case .octaveDown?:
            octaveShift = max(-layout.maximumOctaveShift, octaveShift - 1)
            return nil
        case .octaveUp?:
            octaveShift = min(layout.maximumOctaveShift, octaveShift + 1)
            return nil
        default:
            return layout.press(key: key, octaveShift: octaveShift)
        }
    }
}
