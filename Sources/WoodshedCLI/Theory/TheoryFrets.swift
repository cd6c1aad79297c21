import ArgumentParser
import WoodshedCore

/// `woodshed theory frets NOTE`: every string and fret that plays a note, and a fretboard diagram.
struct TheoryFrets: TheoryOutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "frets",
        abstract: "Show every string/fret (0-24) that plays a note, with a fretboard diagram.",
        discussion: """
            String 1 is the highest-sounding string, as on tab. A note with an octave (E4) is found at \
            that pitch; a note without one (E) in every octave. Tunings: \
            \(Tuning.builtIn.map(\.description).joined(separator: "; ")).
            """
    )

    @Argument(help: "The note, e.g. E4, Bb2, or F# for every F# on the neck.")
    var note: String

    @Option(help: "The instrument tuning: \(Tuning.builtIn.map(\.name).joined(separator: ", ")).")
    var tuning = Tuning.guitar.name

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    struct Output: Encodable {
        var note: String
        var tuning: String
        var positions: [FretPosition]
    }

    func output() throws -> String {
        let tuning = try TuningChoice.named(tuning)
        let (name, octave) = try NoteName.parseWithOptionalOctave(note)
        let noteText = octave.map { "\(name.inOctave($0))" } ?? "\(name)"
        let positions = octave.map { tuning.positions(of: name.inOctave($0)) } ?? tuning.positions(of: name.pitchClass)
        if json {
            return JSONOutput.line(Output(note: noteText, tuning: tuning.name, positions: positions))
        }
        var lines: [String] = []
        let what = octave == nil ? "Every \(noteText)" : noteText
        if positions.isEmpty {
            lines.append("\(what) is not on \(tuning) between frets \(Tuning.fretRange.lowerBound) and \(Tuning.fretRange.upperBound).")
        } else {
            lines.append("\(what) on \(tuning):")
            lines.append(positions.map { "string \($0.string) fret \($0.fret)" }.joined(separator: ", "))
        }
        lines.append("")
        lines += FretboardDiagram(tuning: tuning, marked: positions).lines()
        return lines.joined(separator: "\n")
    }
}
