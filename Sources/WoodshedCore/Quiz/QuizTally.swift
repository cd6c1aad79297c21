/// The running score of a quiz: answers, errors, response times, and what went wrong per
/// interval or degree. Kept on the display side, never on the timing thread.
public struct QuizTally: Hashable, Sendable {
    /// The results for one interval (`m6`) or degree (`3`).
    public struct Line: Hashable, Sendable {
        public var label: String
        /// Questions on this interval or degree that were answered right.
        public var correct = 0
        /// Wrong notes played for it.
        public var errors = 0
        /// What was played instead, spelled as heard, in order.
        public var wrongNotes: [String] = []
    }

    /// Questions answered right (a scale degree counts once, however many tries it took).
    public private(set) var correct = 0
    /// Wrong notes played.
    public private(set) var errors = 0
    /// Response times of all answers, in milliseconds.
    public private(set) var responseTimes: [Double] = []
    /// Per interval or degree, in the order first asked.
    public private(set) var lines: [Line] = []

    public init() {}

    /// Counts one answer to `question`.
    public mutating func add(_ question: QuizQuestion, played: String, correct isCorrect: Bool, responseMs: Double) {
        responseTimes.append(responseMs)
        let index: Int
        if let found = lines.firstIndex(where: { $0.label == question.label }) {
            index = found
        } else {
            lines.append(Line(label: question.label))
            index = lines.count - 1
        }
        if isCorrect {
            correct += 1
            lines[index].correct += 1
        } else {
            errors += 1
            lines[index].errors += 1
            lines[index].wrongNotes.append(played)
        }
    }

    /// Answers given, right or wrong.
    public var answers: Int { correct + errors }

    /// Wrong answers in percent of all answers.
    public var errorRate: Double { answers == 0 ? 0 : Double(errors) * 100 / Double(answers) }

    /// The mean response time in milliseconds, nil before the first answer.
    public var meanResponseMs: Double? {
        responseTimes.isEmpty ? nil : responseTimes.reduce(0, +) / Double(responseTimes.count)
    }
}

extension SpelledPitch {
    /// The note a MIDI key sounds, spelled the way `context` is (same letter when it sounds the same
    /// pitch class, so a right answer reads as the expected note in the octave played), else the
    /// everyday spelling (`simplestSpelling`).
    public static func heard(midiNote: Int, like context: SpelledPitch) -> SpelledPitch {
        if (midiNote - context.midiNote).floorModulo(12) == 0 {
            // Same pitch class: shift the expected note by whole octaves.
            return SpelledPitch(context.name, octave: context.octave + (midiNote - context.midiNote) / 12)
        }
        // Any spelling that sounds the key will do: `simplestSpelling` then names it as a player reads it.
        let letters = [0, 0, 1, 1, 2, 3, 3, 4, 4, 5, 5, 6]
        let octave = midiNote.floorDivided(by: 12) - 1
        let sharpOrNatural = (try? SpelledPitch.spelled(
            diatonicNumber: octave * 7 + letters[midiNote.floorModulo(12)], midiNote: midiNote, what: "", suggestion: ""))
            ?? SpelledPitch(.c, octave: octave)
        return sharpOrNatural.simplestSpelling
    }
}
