import WoodshedCore
import WoodshedEngine

/// Resolves `--map NAME|PATH` into a classifier.
enum MappingChoice {
    static func classifier(for map: String) throws -> NoteClassifier {
        switch map {
        case "piano", "keyboard": return .pitched(PitchedClassifier())
        case "gm": return .drums(DrumKitClassifier())
        default: throw WoodshedError("unknown map \"\(map)\"; valid: gm, piano")
        }
    }
}

/// Note names for display until the theory module spells them.
enum PitchNames {
    static func name(of note: UInt8) -> String {
        let names = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]
        return names[Int(note) % 12] + String(Int(note) / 12 - 1)
    }
}
