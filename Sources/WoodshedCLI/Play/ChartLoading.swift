import Foundation
import WoodshedCore

/// Loading a chart for playing, with the errors a player can act on.
enum ChartLoading {
    static func load(_ path: String) throws -> ChartFile {
        try ChartFile.load(path)
    }

    /// The practice plan, or one clear line.
    static func plan(_ file: ChartFile, options: PracticeOptions, defaultPasses: Int = 1, tail: EngineTime = .milliseconds(84)) throws -> PracticePlan {
        do {
            return try PracticePlan(chart: file.chart, options: options, defaultPasses: defaultPasses, tail: tail)
        } catch .loopOutsideChart(let loop, let measures) {
            throw WoodshedError("--loop \(loop.lowerBound)-\(loop.upperBound): \(file.path) has measures 1-\(measures)")
        } catch .noNotes {
            throw WoodshedError("\(file.path): no notes to play with these settings (check --voices and --level)")
        }
    }

    /// The notes as MIDI events on channel 10 with each voice's General MIDI note.
    static func events(_ notes: [PracticePlan.Note]) -> [MIDIEvent] {
        notes.map { .noteOn($0.voice.generalMIDINote, velocity: $0.velocity, at: $0.time, channel: 10) }
            .sorted { $0.time < $1.time }
    }
}
