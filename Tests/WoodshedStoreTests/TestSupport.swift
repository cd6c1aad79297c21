import Foundation
import WoodshedCore
@testable import WoodshedStore

/// A fresh temporary folder per test, removed by `cleanUp`.
struct TemporaryFolder {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "woodshed-store-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    var databasePath: String { path + "/woodshed.sqlite" }

    func cleanUp() { try? FileManager.default.removeItem(atPath: path) }
}

/// A fixed instant: 2026-11-02 (a Monday) 10:00 UTC plus `days` and `hours`.
func day(_ days: Double, hours: Double = 0) -> Date {
    Date(timeIntervalSince1970: 1_793_613_600 + days * 86_400 + hours * 3600)
}

let utc = TimeZone(identifier: "UTC")!

/// Drum results with the given accuracy and score and plausible other fields.
func drumResults(accuracy: Double, score: Int, notes: Int = 100, miss: Int = 0) -> DrumResults {
    DrumResults(
        notes: notes, hits: notes - miss, perfect: notes - miss, great: 0, good: 0, miss: miss, extra: 0,
        accuracy: accuracy, hitRate: Double(notes - miss) * 100 / Double(notes), score: score, maxCombo: notes - miss)
}

/// A drum note event at `measure`/`beat`, judged `tier`, `offsetMs` late (nil for a miss).
func note(
    _ voice: DrumVoice, measure: Int, beat: Double = 1, position: RhythmicPosition = .downbeat,
    offsetMs: Double? = 0, tier: HitTier? = nil
) -> DrumEvent {
    let expected = EngineTime.milliseconds(Double(measure - 1) * 2000 + (beat - 1) * 500)
    let played = offsetMs.map { expected + .milliseconds($0) }
    return DrumEvent(
        voice: voice, measure: measure, beat: beat, position: position, expected: expected, played: played,
        tier: tier ?? (offsetMs == nil ? .miss : .perfect), velocity: offsetMs == nil ? nil : 100)
}

extension Store {
    /// Records a whole session at once and finishes it.
    @discardableResult
    func recordSession(
        _ plan: SessionPlan, drums events: [DrumEvent] = [], answers: [QuizAnswer] = [],
        drumResults: DrumResults? = nil, quizResults: QuizResults? = nil, seconds: Double = 60
    ) throws -> SessionOutcome {
        let recorder = try startSession(plan)
        for event in events { recorder.record(event) }
        for answer in answers { recorder.record(answer) }
        return recorder.finish(drums: drumResults, quiz: quizResults, duration: .seconds(seconds))
    }
}
