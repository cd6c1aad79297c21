import ArgumentParser
import WoodshedCore

/// `woodshed theory staff NOTE...`: notes drawn on a bass or treble staff, in text.
struct TheoryStaff: TheoryOutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "staff",
        abstract: "Draw notes on a staff (bass clef unless --clef treble).",
        discussion: """
            Notes with an octave (F#2) go where they are written. Notes without one climb: the first \
            as low as fits (from the first ledger line below the staff), each next one just above the \
            one before, so `staff F# G# A# B C# D# E# F#` draws a rising scale.
            """
    )

    @Option(help: "bass or treble.")
    var clef = Clef.bass.rawValue

    @Argument(help: "The notes, left to right, e.g. G2 B2 D3 or C D E F G.")
    var notes: [String]

    func output() throws -> String {
        var drawing = StaffDrawing(clef: try Clef(parsing: clef))
        for text in notes {
            let (name, octave) = try NoteName.parseWithOptionalOctave(text)
            if let octave { drawing.append(name.inOctave(octave)) } else { drawing.appendRising(name) }
        }
        return ([drawing.clef.name] + drawing.lines()).joined(separator: "\n")
    }
}
