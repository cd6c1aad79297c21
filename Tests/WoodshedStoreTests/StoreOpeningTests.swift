import Foundation
import GRDB
import Testing
@testable import WoodshedStore

@Suite struct StoreOpeningTests {
    @Test func freshFileGetsCurrentSchemaInWALMode() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try Store(path: folder.path + "/nested/woodshed.sqlite")
        let (version, mode) = try store.read { db in
            (try Int.fetchOne(db, sql: "PRAGMA user_version"), try String.fetchOne(db, sql: "PRAGMA journal_mode"))
        }
        #expect(version == StoreSchema.currentVersion)
        #expect(mode == "wal")
        #expect(try store.integrityCheck() == "ok")
        #expect(store.recoveredSessions.isEmpty)
    }

    @Test(arguments: SchemaFixtures.all.map(\.version))
    func earlierSchemasUpgradeInPlaceKeepingRows(version: Int) throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let sql = try #require(SchemaFixtures.all.first { $0.version == version }).sql
        try DatabaseQueue(path: folder.databasePath).writeWithoutTransaction { try $0.execute(sql: sql) }

        let store = try Store(path: folder.databasePath)
        let sessions = try store.sessions()
        #expect(sessions.map(\.id) == [1, 2])
        #expect(sessions[0].plan.chartTitle == "Rock Steady")
        #expect(sessions[0].drums?.score == 4200)
        #expect(try store.drumEvents(sessionID: 1).map(\.tier) == [.perfect, .great, .miss])
        #expect(try store.quizAnswers(sessionID: 2).first?.expected == "E4")
        if version >= 2 {
            #expect(try store.setting(.countIn) == 2)
            #expect(try store.calibration(input: "TD-17", output: "hw:1,0")?.offsetMs == -23.5)
        }
        // The upgraded file works like a new one.
        try store.setSetting(.metronomeSound, "woodblock")
        #expect(try store.setting(.metronomeSound) == "woodblock")
        #expect(try store.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == StoreSchema.currentVersion)
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func newerSchemaIsRefusedWithoutTouchingTheFile() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        _ = try Store(path: folder.databasePath)
        try DatabaseQueue(path: folder.databasePath).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v4-from-the-future'); PRAGMA user_version = 4")
        }
        #expect {
            try Store(path: folder.databasePath)
        } throws: { error in
            let error = error as? StoreError
            return error?.reason == .newerSchema && error!.message.contains("newer Woodshed")
        }
        let (store, warning) = Store.openOrFallback(path: folder.databasePath)
        #expect(store.path == nil)
        #expect(warning?.contains("kept in memory only") == true)
        #expect(try DatabaseQueue(path: folder.databasePath).read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 4)
    }

    @Test func corruptFileIsOneClearLineAndFallsBackToMemory() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
        try garbage.write(to: URL(fileURLWithPath: folder.databasePath))
        #expect {
            try Store(path: folder.databasePath)
        } throws: { error in
            let error = error as? StoreError
            return error?.reason == .damaged && error!.message.contains("mv ") && !error!.message.contains("\n")
        }
        let (store, warning) = Store.openOrFallback(path: folder.databasePath)
        #expect(warning?.contains("damaged") == true)
        // The practice still records, in memory.
        try store.recordSession(SessionPlan(kind: .drums, chartID: "x"), drums: [note(.kick, measure: 1)],
            drumResults: drumResults(accuracy: 90, score: 10))
        #expect(try store.sessions().count == 1)
        // The damaged file is left as it was.
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.databasePath)) == garbage)
    }

    @Test func readOnlyFileIsOneClearLine() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        _ = try Store(path: folder.databasePath)
        #expect {
            try Store(path: folder.databasePath, readOnly: true)
        } throws: { error in
            (error as? StoreError)?.reason == .readOnly
                && (error as? StoreError)?.message.contains("WOODSHED_DATA_DIR") == true
        }
    }

    @Test func unwritableFolderFallsBack() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        // A regular file where the folder should be: no permission trick needed, so this holds for root.
        FileManager.default.createFile(atPath: folder.path + "/file", contents: Data())
        let (store, warning) = Store.openOrFallback(path: folder.path + "/file/woodshed.sqlite")
        #expect(store.path == nil)
        #expect(warning?.hasPrefix("cannot") == true)
    }

    @Test func fullDiskLosesNothingAlreadyWrittenAndKeepsTheBatch() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try Store(path: folder.databasePath)
        let recorder = try store.startSession(SessionPlan(kind: .drums, chartID: "c", chartTitle: "C"))
        for m in 1...10 { recorder.record(note(.snare, measure: m)) }
        // Wait (at most 10 s) until the first batch is committed.
        let deadline = ContinuousClock.now + .seconds(10)
        while try store.drumEvents(sessionID: recorder.sessionID).count < 10, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        try #require(try store.drumEvents(sessionID: recorder.sessionID).count == 10, "the first batch was never committed")

        // Stand in for a full disk: the database may not grow by another page.
        let pages = try store.read { try Int.fetchOne($0, sql: "PRAGMA page_count") ?? 0 }
        try store.database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA max_page_count = \(pages)") }
        for m in 11...2000 { recorder.record(note(.snare, measure: m)) }
        let outcome = recorder.finish(drums: drumResults(accuracy: 99, score: 1))
        #expect(outcome.session == nil)
        #expect(outcome.warning?.contains("full") == true)
        #expect(recorder.problem?.contains("full") == true)
        // The earlier batch is intact, nothing of the failed one was written, the file is sound.
        #expect(try store.drumEvents(sessionID: recorder.sessionID).count == 10)
        #expect(try store.integrityCheck() == "ok")
    }
}
