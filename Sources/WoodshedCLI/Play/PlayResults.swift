import Foundation
import WoodshedCore

/// The results screen after every run of a chart — or, with `--json`, the final summary object.
struct PlayResults {
    var summary: SessionSummary
    var plan: PracticePlan
    var practice: PracticeOptions
    var chartPath: String
    var json: Bool
    /// How the inputs were corrected: "TD-17 +12.0 ms → alsa:default".
    var offsetLine: String
    /// The same, per input, for `--json`.
    var offsets: [(String, Double)]
    /// The passes scored.
    var passes: Int
    /// The judgements scored.
    var judgements: [Judgement]
    /// Live trouble: input overruns, results lost in Woodshed's queues, audio dropouts.
    var overruns = 0
    var lost = 0
    var xruns = 0
    var songUnderruns = 0
    var songLateChanges = 0

    func print(highScore: String?, storeWarning: String?, sessionID: Int64?) {
        if json {
            Output.json(SummaryRecord(
                notes: summary.notes, hits: summary.hits, perfect: summary.perfect, great: summary.great, good: summary.good,
                miss: summary.miss, extra: summary.extra, accuracy: summary.accuracy, hitRate: summary.hitRate,
                score: Int(summary.score), maxCombo: summary.maxCombo,
                meanOffsetMs: summary.hits > 0 ? summary.meanOffsetMilliseconds : nil,
                sdOffsetMs: summary.hits > 1 ? summary.sdOffsetMilliseconds : nil,
                offsets: offsets.map { InputOffset(input: $0.0, offsetMs: $0.1) }, speed: practice.speedPercent,
                passes: passes, session: sessionID.map(Int.init), overruns: overruns, lost: lost, xruns: xruns, songUnderruns: songUnderruns,
                songLateChanges: songLateChanges))
            if let storeWarning { Output.error("woodshed: \(storeWarning)") }
            return
        }
        let lines = resultLines(highScore: highScore, sessionID: sessionID)
        for line in lines { Output.line(line) }
        if let storeWarning { Output.error("woodshed: \(storeWarning)") }
    }

    func resultLines(highScore: String?, sessionID: Int64?) -> [String] {
        var out: [String] = [""]
        out.append("Results")
        out.append(String(format: "  notes %d   hits %d (%.1f %%)   perfect %d  great %d  good %d  miss %d   extra %d",
                          summary.notes, summary.hits, summary.hitRate, summary.perfect, summary.great, summary.good,
                          summary.miss, summary.extra))
        out.append(String(format: "  accuracy %.1f %%   score %d   max combo %d", summary.accuracy, Int(summary.score), summary.maxCombo))
        if summary.hits > 0 {
            out.append(String(format: "  timing: mean %+.1f ms, spread %.1f ms — %@", summary.meanOffsetMilliseconds,
                              summary.sdOffsetMilliseconds, summary.tendency))
        }
        out.append("  offset used: \(offsetLine)")
        out.append("  timing histogram (ms, early ← → late):")
        out += summary.histogram.lines().map { "    " + $0 }
        let voices = summary.missRateByVoice.filter { $0.notes > 0 }
        if !voices.isEmpty {
            out.append("  misses by voice: " + voices.map {
                String(format: "%@ %d/%d (%.0f %%)", $0.voice.rawValue, $0.misses, $0.notes, 100 * Double($0.misses) / Double($0.notes))
            }.joined(separator: ", "))
        }
        if plan.passStarts.count > 1 {
            for pass in 0..<passes {
                let these = judgements.filter { plan.notes[Int($0.noteIndex)].pass == pass }
                guard !these.isEmpty else { continue }
                let s = SessionSummary(judgements: these, extras: [])
                out.append(String(format: "  pass %d: accuracy %.1f %%, %d miss%@, mean %+.1f ms", pass + 1, s.accuracy, s.miss,
                                  s.miss == 1 ? "" : "es", s.hits > 0 ? s.meanOffsetMilliseconds : 0))
            }
        }
        out += LiveTrouble.lines(overruns: overruns, lost: lost, xruns: xruns, songUnderruns: songUnderruns,
                                 songLateChanges: songLateChanges)
        if let highScore { out.append("  " + highScore) }
        if practice.level < 5, summary.accuracy > 90 {
            out.append("  Over 90 % at level \(practice.level): try level \(practice.level + 1) "
                       + "(woodshed play \(chartPath) --level \(practice.level + 1))")
        }
        if let sessionID { out.append("  stored as session \(sessionID) — see `woodshed history`, `woodshed problems`") }
        return out
    }
}

/// `play --json`: the last line, what was scored.
struct SummaryRecord: Encodable {
    let type = "summary"
    var notes: Int
    var hits: Int
    var perfect: Int
    var great: Int
    var good: Int
    var miss: Int
    var extra: Int
    var accuracy: Double
    var hitRate: Double
    var score: Int
    var maxCombo: Int
    var meanOffsetMs: Double?
    var sdOffsetMs: Double?
    /// The latency each input was corrected by ("all" for `--offset`).
    var offsets: [InputOffset]
    var speed: Int
    var passes: Int
    var session: Int?
    /// Times notes were lost before Woodshed could read them (ALSA input overruns).
    var overruns: Int
    /// Results or sounds lost because Woodshed's queues were full.
    var lost: Int
    /// Audio dropouts.
    var xruns: Int
    /// Times the song was not ready in time (live): a moment of silence in the song only.
    var songUnderruns: Int
    /// Speed changes the song made later than the click and the judge (the song was not ready).
    var songLateChanges: Int
}

/// One input's latency correction.
struct InputOffset: Encodable {
    var input: String
    var offsetMs: Double
}
