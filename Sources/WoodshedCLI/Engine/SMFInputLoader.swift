import WoodshedCore

/// The note-ons of a Standard MIDI File as input events (`--input smf:FILE`).
enum SMFInputLoader {
    static func noteEvents(path: String) throws -> [MIDIEvent] {
        throw WoodshedError("--input smf: is not available yet; use --input events:FILE")
    }
}
