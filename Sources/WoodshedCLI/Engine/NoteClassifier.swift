import WoodshedCore
import WoodshedEngine

/// The classifier a session uses: a drum kit (map + filters) or a pitched instrument.
/// An enum rather than an existential so the timing thread's call is direct.
enum NoteClassifier: EventClassifier {
    case drums(DrumKitClassifier)
    case pitched(PitchedClassifier)

    mutating func classify(_ event: MIDIEvent) -> NoteMeaning {
        switch self {
        case .drums(var kit):
            let meaning = kit.classify(event)
            self = .drums(kit)
            return meaning
        case .pitched(var keys):
            let meaning = keys.classify(event)
            self = .pitched(keys)
            return meaning
        }
    }

    var isPitched: Bool { if case .pitched = self { true } else { false } }
}

/// A drum kit's note map with its hit filters.
struct DrumKitClassifier: EventClassifier {
    private var table: [Int8]

    init() {
        table = Array(repeating: -1, count: 128)
        for voice in DrumVoice.allCases { table[Int(voice.generalMIDINote)] = Int8(voice.index) }
    }

    mutating func classify(_ event: MIDIEvent) -> NoteMeaning {
        guard event.kind == .noteOn else { return .other }
        let index = table[Int(event.number & 0x7F)]
        guard index >= 0, let voice = DrumVoice(index: Int(index)) else { return .unmapped }
        return .drum(voice)
    }
}
