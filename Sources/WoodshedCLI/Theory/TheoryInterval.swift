import ArgumentParser
import WoodshedCore

/// `woodshed theory interval NOTE INTERVAL`: the note an interval away, spelled by letter.
struct TheoryInterval: TheoryOutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "interval",
        abstract: "Spell the note an interval above (or below) a note, with its size in semitones.",
        discussion: """
            INTERVAL is m2 M2 m3 M3 P4 A4 d5 P5 m6 M6 m7 M7 P8 m9 M9 m10 M10 P11 A11 P12 m13 M13, \
            any A/d variant up to the double octave (A9, d7, P15), or a name such as "minor 6th". \
            The letter moves first, so C4 + m9 = Db5 and C4 + A4 = F#4 but C4 + d5 = Gb4. \
            Without an octave on NOTE, the answer is a note name without one.
            """
    )

    @Argument(help: "The starting note, e.g. C4, F#3, Bb (no octave: the answer has none either).")
    var note: String

    @Argument(help: "The interval, e.g. m3, P5, A4, m9, \"minor 6th\".")
    var interval: String

    @Flag(help: "Go down from the note instead of up.")
    var down = false

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    struct Output: Encodable {
        var from: String
        var interval: String
        var name: String
        var direction: String
        var to: String
        var semitones: Int
        /// Null when the note was given without an octave.
        var midi: Int?
    }

    func output() throws -> String {
        let (name, octave) = try NoteName.parseWithOptionalOctave(note)
        let interval = try Interval(parsing: interval)
        let direction: IntervalDirection = down ? .down : .up
        let result: Output
        if let octave {
            let start = name.inOctave(octave)
            let target = try start.transposed(by: interval, direction)
            result = Output(from: "\(start)", interval: interval.shortName, name: interval.name, direction: "\(direction)",
                            to: "\(target)", semitones: interval.semitones, midi: target.midiNote)
        } else {
            let target = try name.transposed(by: interval, direction)
            result = Output(from: "\(name)", interval: interval.shortName, name: interval.name, direction: "\(direction)",
                            to: "\(target)", semitones: interval.semitones, midi: nil)
        }
        if json { return JSONOutput.line(result) }
        let midi = result.midi.map { ", MIDI \($0)" } ?? ""
        return "\(result.from) \(direction) \(interval.name) (\(interval.shortName)) = \(result.to)"
            + " (\(interval.semitones) semitone\(interval.semitones == 1 ? "" : "s")\(midi))"
    }
}
