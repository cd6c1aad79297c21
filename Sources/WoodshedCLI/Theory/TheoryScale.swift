import ArgumentParser
import WoodshedCore

/// `woodshed theory scale ROOT MODE`: the seven spelled notes of a mode and its step pattern.
struct TheoryScale: TheoryOutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "scale",
        abstract: "Spell a mode from a root: the seven notes and the W/H step pattern.",
        discussion: """
            ROOT is a note name (F#, Gb, D##) and keeps its spelling; a pitch class (C#/Db) or a MIDI \
            note number (61) gets the spelling with the fewer accidentals for that mode.
            """
    )

    @Argument(help: "The root: a note name (F#), a pitch class (C#/Db) or a MIDI note number (61).")
    var root: String

    @Argument(help: "ionian (major), dorian, phrygian, lydian, mixolydian, aeolian (minor) or locrian.")
    var mode: String

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    struct Output: Encodable {
        var root: String
        var mode: String
        var notes: [String]
        var pattern: String
    }

    func output() throws -> String {
        let mode = try Mode(parsing: mode)
        let scale = try Scale(parsingRoot: root, mode: mode)
        if json {
            return JSONOutput.line(Output(root: "\(scale.root)", mode: mode.rawValue,
                                            notes: scale.notes.map(\.description), pattern: mode.pattern))
        }
        return "\(scale)\nSteps: \(mode.pattern)"
    }
}
