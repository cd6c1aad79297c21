import Foundation
import WoodshedCore

/// The note-ons of a Standard MIDI File as input events (`--input smf:FILE`), on the file's own
/// tempo map; tick 0 is time zero.
enum SMFInputLoader {
    static func noteEvents(path: String) throws -> [MIDIEvent] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw WoodshedError("\(path): cannot read the file; check the path")
        }
        let file = try StandardMIDIFile(bytes: [UInt8](data), file: path)
        return file.noteOns().map {
            .noteOn($0.note, velocity: $0.velocity, at: $0.time, channel: $0.channel + 1)
        }
    }
}
