import Foundation
import WoodshedCore
import WoodshedEngine
import WoodshedStore

/// The main thread's side of a quiz: prints questions, answers, the staff and the running clock,
/// keeps the score, and hands every answer to the store. Lines or `--json` objects.
final class QuizDisplay {
    let kind: SessionKind
    let plan: QuizPlan
    let json: Bool
    let ear: Bool
    let byName: Bool
    private let recorder: SessionRecorder?
    private var staff: StaffDrawing
    private(set) var tally = QuizTally()
    private var answeredQuestions = Set<Int>()
    private var stopped = false
    private var shownSecond = -1

    init(kind: SessionKind, plan: QuizPlan, clef: Clef, json: Bool, ear: Bool, recorder: SessionRecorder?, byName: Bool = false) {
        self.kind = kind
        self.plan = plan
        self.json = json
        self.ear = ear
        self.byName = byName
        self.recorder = recorder
        staff = StaffDrawing(clef: clef)
    }

    private var isScale: Bool { kind == .scale }

    func introduce(stop: String?) {
        guard !json else { return }
        if isScale {
            Output.line("Scale quiz: play each scale up from its root, then the octave.")
        } else {
            let what = byName ? "type the interval's name" : (ear ? "listen, then play the top note" : "play the note")
            Output.line("Interval quiz, \(plan.questions.count) question\(plan.questions.count == 1 ? "" : "s"): \(what).")
        }
        if let stop { Output.line("Stop with \(stop).") }
    }

    /// The running clock, on a terminal: `[ 12 s]` rewritten in place each second under the other
    /// lines. In a pipe (or with `--json`) nothing: only the answers and the result.
    func tick(seconds: Double) {
        let second = Int(seconds)
        guard !json, interactive, second != shownSecond, second >= 0 else { return }
        shownSecond = second
        Output.status(String(format: "[%3d s]", second))
    }

    /// The clock's line goes when the quiz ends.
    func endClock() { Output.status(nil) }

    private let interactive = Terminal.isInteractive

    func show(_ record: QuizRecord) {
        switch record.kind {
        case .asked: asked(record.question)
        case .answered:
            let question = plan.questions[record.question]
            let played = SpelledPitch.heard(midiNote: Int(record.played), like: question.expected)
            answered(record.question, played: "\(played)", note: Int(record.played), correct: record.correct, response: record.response)
        case .stopped:
            stopped = true
            if !json { Output.line("Stopped.") }
        }
    }

    /// An answer typed by name (`--name`).
    func showNamed(question index: Int, answer: String, correct: Bool, response: EngineTime) {
        answered(index, played: answer, note: nil, correct: correct, response: response)
    }

    private func asked(_ index: Int) {
        let question = plan.questions[index]
        if json {
            var line = QuestionRecord(index: index + 1, root: "\(question.root)", expected: "\(question.expected)",
                                      semitones: question.semitones)
            switch question.subject {
            case .interval(let interval):
                line.interval = interval.shortName
                line.name = interval.name
            case .degree(let degree, let mode):
                line.mode = mode.rawValue
                line.degree = degree
            }
            Output.json(line)
            return
        }
        switch question.subject {
        case .degree(let degree, let mode):
            guard degree == 1 else { return }
            // The notes themselves are the quiz: only the root, the mode and its steps are shown.
            Output.line("\(question.root.name) \(mode.displayName), steps \(mode.pattern)")
            Output.line("Play it up from \(question.root.name), then the octave.")
            staff.notes.removeAll()
        case .interval(let interval):
            let number = "Question \(index + 1) of \(plan.questions.count)"
            if byName {
                let shown = ear ? "listen: \(question.root) then \(question.expected)" : "\(question.root) up to \(question.expected)"
                Output.line("\(number): \(shown) — which interval?")
                if !ear { draw([question.root, question.expected]) }
            } else if ear {
                Output.line("\(number): listen — the root \(question.root.name), then the top note; play the top note")
            } else {
                Output.line("\(number): \(interval.name) above \(question.root)")
            }
        }
    }

    private func answered(_ index: Int, played: String, note: Int?, correct: Bool, response: EngineTime) {
        let question = plan.questions[index]
        answeredQuestions.insert(index)
        tally.add(question, played: played, correct: correct, responseMs: response.milliseconds)
        recorder?.record(QuizAnswer(asked: question.prompt, expected: "\(question.expected)", played: played, correct: correct,
                                    responseMs: response.milliseconds, interval: question.label, semitones: question.semitones))
        if json {
            Output.json(AnswerRecord(index: index + 1, played: played, note: note, correct: correct, responseMs: response.milliseconds))
            return
        }
        let seconds = String(format: "%.2f s", response.seconds)
        switch question.subject {
        case .degree(let degree, _):
            if correct {
                Output.line("  \(played)  right, degree \(degree)  (\(seconds))")
                staff.append(question.expected)
                draw(staff.notes)
            } else {
                Output.line("  \(played)  wrong for degree \(degree); try again  (\(seconds))")
            }
        case .interval(let interval):
            let verdict = correct ? "right" : "wrong"
            let given = byName ? interval.name : "\(interval.name) above \(question.root)"
            Output.line("  \(played)  \(verdict): \(given) is \(question.expected)\(byName ? " (\(interval.shortName))" : "")  (\(seconds))")
            if !byName { draw([question.root, question.expected]) }
        }
    }

    private func draw(_ notes: [SpelledPitch]) {
        for line in StaffDrawing(clef: staff.clef, notes: notes).lines() { Output.line(line.isEmpty ? "" : "    " + line) }
    }

    /// Prints the results and closes the session in the store.
    func finish(length: EngineTime, dropped: Int) {
        let results = QuizResults(questions: answeredQuestions.count, correct: tally.correct, errors: tally.errors,
                                  meanResponseMs: tally.meanResponseMs)
        let outcome = recorder?.finish(quiz: results, duration: length)
        if let warning = outcome?.warning { Output.error("woodshed: \(warning)") }
        if json {
            Output.json(QuizSummaryRecord(
                kind: kind.rawValue, questions: results.questions, correct: results.correct, errors: results.errors,
                errorRate: tally.errorRate, durationSeconds: length.seconds, meanResponseMs: results.meanResponseMs,
                stopped: stopped, lost: dropped,
                per: tally.lines.map { QuizSummaryRecord.Line(label: $0.label, correct: $0.correct, errors: $0.errors, wrongNotes: $0.wrongNotes) }))
            return
        }
        let mean = results.meanResponseMs.map { String(format: ", mean response %.2f s", $0 / 1000) } ?? ""
        Output.line(String(format: "Results: %d correct, %d error%@ (%.1f%% error rate), %.1f s%@",
                           results.correct, results.errors, results.errors == 1 ? "" : "s", tally.errorRate, length.seconds, mean))
        let header = isScale ? "Per degree:" : "Per interval:"
        if !tally.lines.isEmpty { Output.line(header) }
        for line in tally.lines {
            let wrong = line.wrongNotes.isEmpty ? "" : "  played instead: " + line.wrongNotes.joined(separator: " ")
            let label = line.label.padding(toLength: 4, withPad: " ", startingAt: 0)
            Output.line("  \(label) \(line.correct) right, \(line.errors) wrong\(wrong)")
        }
        if dropped > 0 { Output.line("\(dropped) results lost in Woodshed's queue") }
    }
}

// MARK: `quiz --json`, one object per line

/// A question posed: an interval above a root, or a degree of a scale.
struct QuestionRecord: Encodable {
    let type = "question"
    var index: Int
    var root: String
    var expected: String
    var semitones: Int
    var interval: String?
    var name: String?
    var mode: String?
    var degree: Int?
}

/// An answer: the note played (or the name typed), right or wrong, and how long it took.
struct AnswerRecord: Encodable {
    let type = "answer"
    var index: Int
    var played: String
    var note: Int?
    var correct: Bool
    var responseMs: Double
}

/// The last line: the results, per interval or degree.
struct QuizSummaryRecord: Encodable {
    struct Line: Encodable {
        var label: String
        var correct: Int
        var errors: Int
        var wrongNotes: [String]
    }
    let type = "summary"
    var kind: String
    var questions: Int
    var correct: Int
    var errors: Int
    var errorRate: Double
    var durationSeconds: Double
    var meanResponseMs: Double?
    var stopped: Bool
    var lost: Int
    var per: [Line]
}
