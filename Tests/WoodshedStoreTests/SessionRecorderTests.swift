import Foundation
import GRDB
import Testing
import WoodshedCore
@testable import WoodshedStore

@Suite struct SessionRecorderTests {
    @Test func recordsEventsAndTotals() throws {
        let store = Store()
        let plan = SessionPlan(
            kind: .drums, startedAt: day(0), chartID: "rock", chartTitle: "Rock Steady", chartPath: "songs/rock.dtx",
            speed: 75, loop: 9...12, level: "expert", voices: ["hihat", "snare"], offsetMs: -12)
        let events = [
            note(.kick, measure: 9, offsetMs: -4),
            note(.snare, measure: 9, beat: 2, position: .beat, offsetMs: nil),
            DrumEvent(voice: .crash, expected: nil, played: .milliseconds(16_100), tier: .extra, velocity: 40),
        ]
        let outcome = try store.recordSession(
            plan, drums: events, drumResults: drumResults(accuracy: 50, score: 300, notes: 2, miss: 1), seconds: 95)
        let session = try #require(outcome.session)
        #expect(session.status == .finished)
        #expect(session.plan == plan)
        #expect(session.durationSeconds == 95)
        #expect(session.drums == drumResults(accuracy: 50, score: 300, notes: 2, miss: 1))
        #expect(session.eventCount == 2)
        let stored = try store.drumEvents(sessionID: session.id)
        #expect(stored == events)
        #expect(stored[0].offset == .milliseconds(-4))
        // Expected is NULL for the extra hit, played NULL for the miss.
        let nulls = try store.read { db in
            try Row.fetchAll(db, sql: "SELECT expected_ms IS NULL AS e, played_ms IS NULL AS p FROM drum_event ORDER BY id")
                .map { ($0["e"] as Bool, $0["p"] as Bool) }
        }
        #expect(nulls.map(\.0) == [false, false, true])
        #expect(nulls.map(\.1) == [false, true, false])
    }

    @Test func quizAnswersAndAccuracy() throws {
        let store = Store()
        let answers = [
            QuizAnswer(asked: "M3 above C4", expected: "E4", played: "E4", correct: true, responseMs: 900, interval: "M3", semitones: 4),
            QuizAnswer(asked: "m3 above C4", expected: "Eb4", played: "D#4", correct: false, responseMs: 1500, interval: "m3", semitones: 3),
        ]
        let outcome = try store.recordSession(
            SessionPlan(kind: .interval, quizRoot: "C4", quizMode: "ascending"), answers: answers,
            quizResults: QuizResults(questions: 2, correct: 1, errors: 1, meanResponseMs: 1200))
        #expect(outcome.session?.accuracy == 50)
        #expect(outcome.session?.quiz?.meanResponseMs == 1200)
        #expect(outcome.highScore == nil)
        #expect(try store.quizAnswers(sessionID: try #require(outcome.session?.id)) == answers)
    }

    @Test func batchesAreCommittedWithinASecondWhileRunning() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try Store(path: folder.databasePath)
        let recorder = try store.startSession(SessionPlan(kind: .drums, chartID: "c"))
        let clock = ContinuousClock()
        let recorded = clock.now
        for m in 1...50 { recorder.record(note(.hihat, measure: m)) }
        // Another connection (as another process would) sees the rows within a second. Polled every
        // 10 ms, for at most 10 s so that a slow commit is measured rather than cut off.
        let reader = try DatabaseQueue(path: folder.databasePath)
        var seen = 0
        while seen < 50, clock.now - recorded < .seconds(10) {
            seen = try reader.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM drum_event") ?? 0 }
            if seen < 50 { Thread.sleep(forTimeInterval: 0.01) }
        }
        let waited = clock.now - recorded
        #expect(seen == 50)
        // The promise is a second; half a second more for a loaded machine (this polling, the reader's
        // own open, a busy CI runner), never the 10 s the wait allows.
        #expect(waited <= .milliseconds(1500), "the rows took \(waited)")
        #expect(try reader.read { try String.fetchOne($0, sql: "SELECT status FROM session") } == "running")
        recorder.finish()
    }

    @Test func recordingFromManyThreadsKeepsEveryEvent() throws {
        let store = Store()
        let recorder = try store.startSession(SessionPlan(kind: .drums))
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for m in 1...2500 { recorder.record(note(.snare, measure: m, offsetMs: Double(thread))) }
        }
        recorder.finish()
        #expect(try store.drumEvents(sessionID: recorder.sessionID).count == 10_000)
        // Records after finishing are ignored, finishing twice is harmless.
        recorder.record(note(.kick, measure: 1))
        recorder.finish()
        #expect(try store.drumEvents(sessionID: recorder.sessionID).count == 10_000)
    }

    @Test func highScoreCheckComparesWithEarlierFinishedSessions() throws {
        let store = Store()
        let plan = SessionPlan(kind: .drums, chartID: "rock", chartTitle: "Rock Steady")
        let first = try store.recordSession(plan, drumResults: drumResults(accuracy: 80, score: 5000))
        #expect(first.highScore?.isFirst == true)
        #expect(first.highScore?.message == "First score on Rock Steady: 5000, accuracy 80.0%.")
        let worse = try store.recordSession(plan, drumResults: drumResults(accuracy: 78, score: 4000))
        #expect(worse.highScore?.isNewBestScore == false)
        #expect(worse.highScore?.message == nil)
        let better = try store.recordSession(plan, drumResults: drumResults(accuracy: 85.5, score: 4900))
        #expect(better.highScore?.isNewBestAccuracy == true)
        #expect(better.highScore?.isNewBestScore == false)
        #expect(better.highScore?.message == "New best on Rock Steady: accuracy 85.5% (was 80.0%)!")
        // An aborted run never counts as a best.
        let recorder = try store.startSession(plan)
        recorder.abort(drums: drumResults(accuracy: 100, score: 99_999))
        let best = try #require(try store.chartBests(chartID: "rock").first)
        #expect(best.bestScore == 5000)
        #expect(best.bestAccuracy == 85.5)
        #expect(best.sessions == 3)
        #expect(best.latestAccuracy == 85.5)
    }
}

/// A session killed with SIGKILL keeps what was written, and the next open marks it aborted.
@Suite struct CrashSafetyTests {
    static let helperVariable = "WOODSHED_STORE_CRASH_HELPER_DB"

    /// Runs only inside the child process that `killedSessionIsRecoveredAsAborted` starts: records a
    /// session, says "ready" once 431 notes are committed, then keeps recording until it is killed.
    /// (Reported as skipped in a normal run.)
    @Test(.enabled(if: ProcessInfo.processInfo.environment[helperVariable] != nil, "only as the crash test's child process"))
    func crashHelper() throws {
        let path = try #require(ProcessInfo.processInfo.environment[Self.helperVariable])
        let store = try Store(path: path)
        let recorder = try store.startSession(
            SessionPlan(kind: .drums, startedAt: day(19, hours: 0.0333), chartID: "rock", chartTitle: "Rock Steady"))
        for m in 1...431 { recorder.record(note(.snare, measure: m)) }
        let reader = try DatabaseQueue(path: path)
        while try reader.read({ try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM drum_event") }) != 431 {
            Thread.sleep(forTimeInterval: 0.05)
        }
        FileHandle.standardOutput.write(Data("ready\n".utf8))
        while true {
            recorder.record(DrumEvent(voice: .crash, expected: nil, played: .zero, tier: .extra))
            Thread.sleep(forTimeInterval: 0.001)
        }
    }

    @Test func killedSessionIsRecoveredAsAborted() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        _ = try Store(path: folder.databasePath)

        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["--testing-library", "swift-testing", "--filter", "CrashSafetyTests/crashHelper"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.helperVariable] = folder.databasePath
        child.environment = environment
        let output = Pipe()
        child.standardOutput = output
        child.standardError = FileHandle.nullDevice
        try child.run()
        // Wait for "ready" (at most 60 s), then kill without warning.
        let ready = DispatchSemaphore(value: 0)
        output.fileHandleForReading.readabilityHandler = { handle in
            if String(decoding: handle.availableData, as: UTF8.self).contains("ready") { ready.signal() }
        }
        let gotReady = ready.wait(timeout: .now() + 60) == .success
        output.fileHandleForReading.readabilityHandler = nil
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        try #require(gotReady, "the helper process never became ready")

        let store = try Store(path: folder.databasePath)
        let recovered = try #require(store.recoveredSessions.first)
        #expect(store.recoveredSessions.count == 1)
        #expect(recovered.status == .aborted)
        #expect(recovered.eventCount == 431)
        #expect(try store.drumEvents(sessionID: recovered.id).count >= 431)
        #expect(try store.integrityCheck() == "ok")
        let message = recovered.cutShortMessage
        #expect(message.hasPrefix("session \(recovered.id) (drums, Rock Steady) was cut short on 2026-11-21 "))
        #expect(message.hasSuffix("; its 431 notes are kept as aborted"))
        // The next open has nothing left to recover.
        #expect(try Store(path: folder.databasePath).recoveredSessions.isEmpty)
    }

    @Test func runningSessionOfALiveProcessIsLeftAlone() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try Store(path: folder.databasePath)
        let recorder = try store.startSession(SessionPlan(kind: .drums))
        #expect(try Store(path: folder.databasePath).recoveredSessions.isEmpty)
        recorder.finish()
    }
}
