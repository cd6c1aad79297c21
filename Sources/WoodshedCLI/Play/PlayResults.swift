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

    func print(highScore: String?, storeWarning: String?, sessionID: Int64?) {
        if json {
            Output.line(JSONLine([
                ("type", "summary"), ("notes", .int(summary.notes)), ("hits", .int(summary.hits)),
                ("perfect", .int(summary.perfect)), ("great", .int(summary.great)), ("good", .int(summary.good)),
                ("miss", .int(summary.miss)), ("extra", .int(summary.extra)), ("accuracy", .double(summary.accuracy)),
                ("hit_rate", .double(summary.hitRate)), ("score", .int(Int(summary.score))), ("max_combo", .int(summary.maxCombo)),
                ("mean_offset_ms", summary.hits > 0 ? .double(summary.meanOffsetMilliseconds) : .null),
                ("sd_offset_ms", summary.hits > 1 ? .double(summary.sdOffsetMilliseconds) : .null),
                ("offsets_ms", .object(JSONLine(offsets.map { ($0.0, .double($0.1)) }))), ("speed", .int(practice.speedPercent)),
                ("passes", .int(passes)), ("session", sessionID.map { .int(Int($0)) } ?? .null),
            ]).description)
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
        if let highScore { out.append("  " + highScore) }
        if practice.level < 5, summary.accuracy > 90 {
            out.append("  Over 90 % at level \(practice.level): try level \(practice.level + 1) "
                       + "(woodshed play \(chartPath) --level \(practice.level + 1))")
        }
        if let sessionID { out.append("  stored as session \(sessionID) — see `woodshed history`, `woodshed problems`") }
        return out
    }
}
