import Foundation
import Testing
import WoodshedCore
@testable import WoodshedStore

/// The views on synthetic sessions, against values worked out by hand (see each test).
@Suite struct ProgressReportTests {
    /// Five sessions over three ISO weeks and two months:
    /// 1 rock 600 s 80 % 5000 (Mon W45) · 2 rock 300 s 90 % 6000 (Tue W45) · 3 funk 1200 s 70 % 3000 (W46)
    /// · 4 interval quiz 120 s, 2 of 3 correct (W46) · 5 rock aborted 60 s, no totals (2 Dec, W49).
    static func fiveSessions() throws -> Store {
        let store = Store()
        let rock = SessionPlan(kind: .drums, chartID: "rock", chartTitle: "Rock Steady", chartPath: "songs/rock.dtx", speed: 80)
        var plan = rock
        plan.startedAt = day(0)
        try store.recordSession(plan, drumResults: drumResults(accuracy: 80, score: 5000), seconds: 600)
        plan.startedAt = day(1)
        try store.recordSession(plan, drumResults: drumResults(accuracy: 90, score: 6000), seconds: 300)
        try store.recordSession(
            SessionPlan(kind: .drums, startedAt: day(7), chartID: "funk", chartTitle: "Funk Sixteens"),
            drumResults: drumResults(accuracy: 70, score: 3000), seconds: 1200)
        try store.recordSession(
            SessionPlan(kind: .interval, startedAt: day(8), quizRoot: "C4", quizMode: "ascending"),
            answers: [
                QuizAnswer(asked: "M3 above C4", expected: "E4", played: "E4", correct: true, responseMs: 900, interval: "M3", semitones: 4),
                QuizAnswer(asked: "M3 above C4", expected: "E4", played: "Eb4", correct: false, responseMs: 1500, interval: "M3", semitones: 4),
                QuizAnswer(asked: "P5 above C4", expected: "G4", played: "G4", correct: true, responseMs: 600, interval: "P5", semitones: 7),
            ],
            quizResults: QuizResults(questions: 3, correct: 2, errors: 1, meanResponseMs: 1000), seconds: 120)
        plan.startedAt = day(30)
        try store.startSession(plan).abort(duration: .seconds(60))
        return store
    }

    @Test func statsAgainstHandComputedValues() throws {
        let stats = try StatsReport(store: Self.fiveSessions(), timeZone: utc)
        #expect(stats.sessions == 5)
        #expect(stats.practiceSeconds == 2280)
        #expect(stats.weeks.map(\.label) == ["2026-W45", "2026-W46", "2026-W49"])
        #expect(stats.weeks.map(\.sessions) == [2, 2, 1])
        #expect(stats.weeks.map(\.practiceSeconds) == [900, 1320, 60])
        #expect(stats.weeks[0].accuracy == 85)
        #expect(abs((stats.weeks[1].accuracy ?? 0) - (70 + 200.0 / 3) / 2) < 1e-9)
        #expect(stats.weeks[2].accuracy == nil)
        #expect(stats.months.map(\.label) == ["2026-11", "2026-12"])
        #expect(stats.months.map(\.sessions) == [4, 1])
        #expect(abs((stats.months[0].accuracy ?? 0) - (80 + 90 + 70 + 200.0 / 3) / 4) < 1e-9)
        #expect(stats.trend.count == 4)
        #expect(Sparkline.render(stats.trend) == "▅█▂▁")
        #expect(stats.charts.map(\.chartID) == ["funk", "rock"])
        let rock = try #require(stats.charts.last)
        #expect(rock.sessions == 2 && rock.bestAccuracy == 90 && rock.bestScore == 6000 && rock.latestAccuracy == 90)
        #expect(stats.intervals.map(\.label) == ["M3", "P5"])
        #expect(stats.intervals.map(\.accuracy) == [50, 100])
        #expect(stats.intervals.map(\.meanResponseMs) == [1200, 600])
        #expect(stats.modes.map(\.label) == ["interval ascending"])
        #expect(stats.modes.first?.correct == 2)
        #expect(stats.lines(timeZone: utc).last == "  interval ascending  2/3 correct  66.7%  mean 1.00 s")

        let lines = stats.lines(timeZone: utc)
        #expect(lines[0] == "Practice: 38:00 over 5 sessions (2026-11-02 to 2026-12-02)")
        #expect(lines.contains("  2026-W45    2 sessions       15:00  accuracy 85.0%"))
        #expect(lines.contains { $0.hasPrefix("Accuracy, last 4 sessions: ▅█▂▁") })
        #expect(lines.contains { $0.contains("Rock Steady") && $0.contains("best 90.0%") && $0.contains("best score 6000") })
    }

    @Test func statsForOneChart() throws {
        let stats = try StatsReport(store: Self.fiveSessions(), chart: "rock", timeZone: utc)
        #expect(stats.sessions == 3)
        #expect(stats.charts.map(\.chartID) == ["rock"])
        #expect(stats.intervals.isEmpty)
    }

    @Test func historyFiltersAndLines() throws {
        let store = try Self.fiveSessions()
        #expect(try HistoryReport(store: store, filter: SessionFilter(kind: .drums)).sessions.count == 4)
        #expect(try HistoryReport(store: store, filter: SessionFilter(chart: "ROCK")).sessions.count == 3)
        #expect(try HistoryReport(store: store, filter: SessionFilter(since: day(7))).sessions.map(\.id) == [3, 4, 5])
        let lines = try HistoryReport(store: store, filter: SessionFilter()).lines(timeZone: utc)
        #expect(lines.count == 5)
        #expect(lines[0] == "#1     2026-11-02 10:00  drums        Rock Steady                10:00  speed 80%  acc 80.0%  score 5000")
        #expect(lines[3].hasSuffix("2/3 correct  1.00 s"))
        #expect(lines[4].hasSuffix("0 notes  aborted"))
    }

    @Test func emptyHistoryIsAFriendlyLine() throws {
        let store = Store()
        #expect(try HistoryReport(store: store, filter: SessionFilter()).lines() == [ProgressMessages.noSessionsYet])
        #expect(try StatsReport(store: store).lines() == [ProgressMessages.noSessionsYet])
        #expect(try ProblemsReport(store: store).lines() == [ProgressMessages.noSessionsYet])
        #expect(ProgressMessages.noSessionsYet.contains("woodshed demo"))
    }

    /// 20 measures of 2 kicks (downbeat/beat 3, 20 ms late), 1 snare (beat 2, 20 ms late), 2 hi-hats
    /// (upbeats, on time). Both hi-hats missed in measures 9–12, both kicks in measure 10:
    /// 100 notes, 10 missed (10 %); hi-hat 8/40 = 20 %, kick 2/40 = 5 %, upbeats 8/40 = 20 %;
    /// measures 9–12: 10/20 = 50 %.
    static func problemSession() throws -> Store {
        let store = Store()
        var events: [DrumEvent] = []
        for m in 1...20 {
            let kickMiss = m == 10
            let hatMiss = (9...12).contains(m)
            events.append(note(.kick, measure: m, beat: 1, position: .downbeat, offsetMs: kickMiss ? nil : 20))
            events.append(note(.hihat, measure: m, beat: 1.5, position: .upbeat, offsetMs: hatMiss ? nil : 0))
            events.append(note(.snare, measure: m, beat: 2, position: .beat, offsetMs: 20))
            events.append(note(.hihat, measure: m, beat: 2.5, position: .upbeat, offsetMs: hatMiss ? nil : 0))
            events.append(note(.kick, measure: m, beat: 3, position: .beat, offsetMs: kickMiss ? nil : 20))
        }
        events.append(DrumEvent(voice: .crash, expected: nil, played: .milliseconds(100), tier: .extra, velocity: 30))
        try store.recordSession(
            SessionPlan(kind: .drums, startedAt: day(0), chartID: "rock", chartTitle: "Rock Steady",
                chartPath: "songs/rock steady.dtx", speed: 80),
            drums: events, drumResults: drumResults(accuracy: 85, score: 1000, notes: 100, miss: 10))
        return store
    }

    @Test func problemsAgainstHandComputedValues() throws {
        let report = try ProblemsReport(store: Self.problemSession())
        #expect(report.sessionsConsidered == 1)
        #expect(report.notes == 100 && report.misses == 10 && report.missRate == 10)
        #expect(report.voices.map(\.label) == ["hihat", "kick", "snare", "crash"])
        #expect(report.voices.map(\.missRate) == [20, 5, 0, 0])
        #expect(report.voices.map(\.meanOffsetMs) == [0, 20, 20, nil])
        #expect(report.voices.last?.extras == 1)
        #expect(report.positions.map(\.label) == ["downbeat", "beat", "upbeat"])
        #expect(report.positions.map(\.missRate) == [5, 2.5, 20])
        #expect(report.measureRanges.count == 1)
        let range = try #require(report.measureRanges.first)
        #expect((range.from, range.to, range.notes, range.misses, range.missRate) == (9, 12, 20, 10, 50))
        #expect(report.recommendations == [
            "Rock Steady, measures 9-12: 50.0% missed. Loop it slower: woodshed play 'songs/rock steady.dtx' --loop 9-12 --speed 45",
            "hihat misses 20.0% of its notes. Practise it alone: woodshed play 'songs/rock steady.dtx' --voices hihat --speed 65",
            "Upbeats (the \"and\") miss 20.0%. Count them out loud at a slower speed: woodshed play 'songs/rock steady.dtx' --speed 65",
            "kick is 20 ms late on average. Play along with it alone: woodshed play 'songs/rock steady.dtx' --voices kick",
            "snare is 20 ms late on average. Play along with it alone: woodshed play 'songs/rock steady.dtx' --voices snare",
        ])
        #expect(try ProblemsReport(store: Self.problemSession(), chart: "nothing-like-it").sessionsConsidered == 0)
    }

    @Test func sameBiasEverywherePointsAtCalibration() {
        let voices = [("kick", 25.0), ("snare", 18.0)].map {
            ProblemsReport.Group(label: $0.0, notes: 40, misses: 0, missRate: 0, meanOffsetMs: $0.1, extras: 0)
        }
        let advice = ProblemsReport.recommend(
            overallRate: 0, voices: voices, positions: [], ranges: [], speeds: [:], latest: ("a.dtx", 100))
        #expect(advice == ["Every voice is 22 ms late on average, which points at the latency offset: run `woodshed calibrate`."])
    }

    @Test func exportCSVAndJSON() throws {
        let store = try Self.fiveSessions()
        try store.recordSession(
            SessionPlan(kind: .drums, startedAt: day(40), chartTitle: "Comma, \"Quoted\""), drums: [note(.kick, measure: 1, offsetMs: 2.5)])
        var csv = ""
        try Exporter.export(store, format: .csv) { csv += $0 }
        let rows = csv.split(separator: "\n")
        // Header, 4 sessions without events, 3 quiz answers, 1 drum note.
        #expect(rows.count == 1 + 4 + 3 + 1)
        #expect(rows[0].hasPrefix("session_id,session_kind,session_status,session_input,session_started_at,session_duration_seconds"))
        #expect(rows.last?.contains("\"Comma, \"\"Quoted\"\"\"") == true)
        #expect(rows.last?.contains(",drum,kick,1,1.0,downbeat,0.0,2.5,2.5,perfect,100,") == true)

        var json = ""
        try Exporter.export(store, format: .json) { json += $0 }
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(parsed.count == 6)
        #expect(parsed[0]["chart_title"] as? String == "Rock Steady")
        let quiz = try #require(parsed[3]["events"] as? [[String: Any]])
        #expect(quiz.count == 3)
        #expect(quiz[0]["correct"] as? Bool == true)
        #expect(parsed[5]["chart_title"] as? String == "Comma, \"Quoted\"")

        var empty = ""
        try Exporter.export(Store(), format: .json) { empty += $0 }
        #expect(empty == "[]\n")
    }

    @Test func historyJSONFollowsTheConventions() throws {
        let store = try Self.fiveSessions()
        let json = JSONOutput.document(try HistoryReport(store: store, filter: SessionFilter()))
        // snake_case, a drum session's quiz fields present as null, the start with its offset.
        #expect(json.contains(#""quiz_root" : null"#))
        #expect(json.contains(#""duration_seconds" : "#))
        #expect(!json.contains("durationSeconds"))
        let started = try #require(json.split(separator: "\n").first { $0.contains("started_at") })
        #expect(started.range(of: #"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d""#, options: .regularExpression) != nil, "\(started)")
    }

    @Test func sparklineAndFormats() {
        #expect(Sparkline.render([]) == "")
        #expect(Sparkline.render([50, 50]) == "▄▄")
        #expect(Sparkline.render([0, 100]) == "▁█")
        #expect(ProgressFormat.duration(4 * 60 + 7) == "4:07")
        #expect(ProgressFormat.duration(3900) == "1 h 05 min")
        #expect(ProgressFormat.parseDay("2026-11-21", timeZone: utc) == Date(timeIntervalSince1970: 1_795_219_200))
        #expect(ProgressFormat.parseDay("2026-02-30") == nil)
        #expect(ProgressFormat.parseDay("yesterday") == nil)
    }
}
