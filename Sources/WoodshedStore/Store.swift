import Foundation
import GRDB

/// The practice history: one SQLite file with every session, every judged note or answer, the
/// settings a player expects to persist, calibrations and high scores.
///
/// Opening migrates an older file in place, refuses a file from a newer Woodshed, and marks sessions
/// that a killed process left `running` as `aborted` (see `recoveredSessions`). Every failure is a
/// `StoreError`: one line saying what to do. When the file cannot be used, `openOrFallback` gives an
/// in-memory store instead so practice still runs and its results are still shown.
public final class Store: Sendable {
    /// The database file, or nil for an in-memory store.
    public let path: String?
    /// Sessions that were left `running` by a process that is gone and that this open marked
    /// `aborted`. The CLI prints each one's `cutShortMessage`.
    public let recoveredSessions: [StoredSession]

    let database: DatabaseQueue
    /// The name used in error messages.
    var displayPath: String { path ?? "the in-memory history" }

    /// Opens (creating if needed) the database at `path`, creating its folder too.
    public convenience init(path: String) throws(StoreError) {
        try self.init(path: path, readOnly: false)
    }

    /// `readOnly` opens the file without write access (used by tests to stand for a read-only file,
    /// since permissions do not stop root).
    init(path: String, readOnly: Bool) throws(StoreError) {
        self.path = path
        do {
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            var config = Configuration()
            config.readonly = readOnly
            config.busyMode = .timeout(5)
            config.prepareDatabase { db in
                try db.execute(sql: "PRAGMA foreign_keys = ON")
            }
            database = try DatabaseQueue(path: path, configuration: config)
            try database.writeWithoutTransaction { db in
                // WAL: readers (the views) never block the recorder; NORMAL sync keeps every committed
                // batch across a process crash, which is what matters for a killed session.
                try db.execute(sql: "PRAGMA journal_mode = WAL")
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
            }
            recoveredSessions = try Store.prepare(database)
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    /// A fresh store that lives only as long as this process: the fallback when the file cannot be
    /// used, and handy for tests.
    public init() {
        path = nil
        // An in-memory database cannot fail to open or migrate short of running out of memory.
        database = try! DatabaseQueue()
        recoveredSessions = try! Store.prepare(database)
    }

    /// Opens the file at `path`, or, if it cannot be used, an in-memory store and the one-line warning
    /// to show (the practice then runs and its results are kept in memory only).
    public static func openOrFallback(path: String) -> (store: Store, warning: String?) {
        do {
            return (try Store(path: path), nil)
        } catch {
            return (Store(), "\(error.message); this session's results are kept in memory only")
        }
    }

    /// Migrates, checks the schema is not newer than this build, and recovers interrupted sessions,
    /// all in one write transaction (which also proves the file is writable).
    private static func prepare(_ database: DatabaseQueue) throws -> [StoredSession] {
        let migrator = StoreSchema.migrator
        try database.read { db in try checkNotNewer(db, migrator: migrator) }
        try migrator.migrate(database)
        return try database.write { db in
            try db.execute(sql: "PRAGMA user_version = \(StoreSchema.currentVersion)")
            return try recoverInterruptedSessions(db)
        }
    }

    private static func checkNotNewer(_ db: Database, migrator: DatabaseMigrator) throws {
        let userVersion = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        let superseded = try db.tableExists("grdb_migrations") && migrator.hasBeenSuperseded(db)
        if userVersion > StoreSchema.currentVersion || superseded {
            throw StoreError(.newerSchema, "the history file was written by a newer Woodshed "
                + "(schema \(max(userVersion, StoreSchema.currentVersion + 1)); this one knows up to "
                + "\(StoreSchema.currentVersion)); update woodshed, or set \(DataLocation.directoryVariable) "
                + "to another folder")
        }
    }

    /// Sessions still `running` whose process is gone (or silent for ten minutes) become `aborted`.
    private static func recoverInterruptedSessions(_ db: Database) throws -> [StoredSession] {
        let rows = try Row.fetchAll(db, sql: "SELECT id, pid, heartbeat_at FROM session WHERE status = 'running'")
        var ids: [Int64] = []
        let staleBefore = Date().addingTimeInterval(-600)
        for row in rows {
            let pid: Int32? = row["pid"]
            let heartbeat: Date? = row["heartbeat_at"]
            let alive = pid.map { $0 > 0 && (kill($0, 0) == 0 || errno == EPERM) } ?? false
            if !alive || (heartbeat ?? .distantPast) < staleBefore { ids.append(row["id"]) }
        }
        guard !ids.isEmpty else { return [] }
        for id in ids {
            try db.execute(sql: """
                UPDATE session SET status = 'aborted',
                    notes = (SELECT COUNT(*) FROM drum_event WHERE session_id = :id AND expected_ms IS NOT NULL),
                    perfect = (SELECT COUNT(*) FROM drum_event WHERE session_id = :id AND tier = 'perfect'),
                    great = (SELECT COUNT(*) FROM drum_event WHERE session_id = :id AND tier = 'great'),
                    good = (SELECT COUNT(*) FROM drum_event WHERE session_id = :id AND tier = 'good'),
                    miss = (SELECT COUNT(*) FROM drum_event WHERE session_id = :id AND tier = 'miss'),
                    extra = (SELECT COUNT(*) FROM drum_event WHERE session_id = :id AND tier = 'extra')
                WHERE id = :id AND kind NOT IN ('scale', 'interval')
                """, arguments: ["id": id])
            try db.execute(sql: """
                UPDATE session SET status = 'aborted',
                    questions = (SELECT COUNT(*) FROM quiz_event WHERE session_id = :id),
                    correct = (SELECT COUNT(*) FROM quiz_event WHERE session_id = :id AND correct)
                WHERE id = :id AND kind IN ('scale', 'interval')
                """, arguments: ["id": id])
        }
        return try StoredSession.fetch(db, whereSQL: "s.id IN (\(ids.map(String.init).joined(separator: ",")))", countingEvents: true)
    }

    // MARK: Access helpers

    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try database.read(body) } catch { throw StoreError.from(error, path: displayPath) }
    }

    func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try database.write(body) } catch { throw StoreError.from(error, path: displayPath) }
    }

    /// Runs SQLite's own consistency check; "ok" when the file is sound.
    public func integrityCheck() throws(StoreError) -> String {
        try read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "; ") }
    }
}
