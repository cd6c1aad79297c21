import GRDB

/// The database schema as numbered migrations, oldest first.
///
/// A migration, once released, never changes: old files are upgraded in place by running the ones
/// they lack, in order, each in its own transaction, and no migration drops or rewrites rows. GRDB
/// records applied migrations in `grdb_migrations`; we also set `PRAGMA user_version` to the number of
/// applied migrations so that a file from a newer Woodshed is recognised even by tools like `sqlite3`.
enum StoreSchema {
    /// Migration identifiers in order. Append only.
    static let versions = ["v1-sessions", "v2-settings", "v3-progress-indexes", "v4-session-input", "v5-recordings"]

    /// The schema version this build writes (the number of known migrations).
    static var currentVersion: Int { versions.count }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(versions[0]) { db in
            try db.execute(sql: """
                CREATE TABLE session (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    kind TEXT NOT NULL,
                    status TEXT NOT NULL DEFAULT 'running',
                    started_at TEXT NOT NULL,
                    duration_ms REAL NOT NULL DEFAULT 0,
                    heartbeat_at TEXT,
                    pid INTEGER,
                    chart_id TEXT, chart_title TEXT, chart_path TEXT,
                    quiz_root TEXT, quiz_mode TEXT, quiz_set TEXT,
                    speed REAL, loop_from INTEGER, loop_to INTEGER, level TEXT, voices TEXT, offset_ms REAL,
                    notes INTEGER, hits INTEGER, perfect INTEGER, great INTEGER, good INTEGER,
                    miss INTEGER, extra INTEGER, accuracy REAL, hit_rate REAL, score INTEGER,
                    max_combo INTEGER, mean_offset_ms REAL, sd_offset_ms REAL,
                    questions INTEGER, correct INTEGER, errors INTEGER, mean_response_ms REAL
                );
                CREATE TABLE drum_event (
                    id INTEGER PRIMARY KEY,
                    session_id INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
                    voice TEXT NOT NULL,
                    measure INTEGER, beat REAL, position TEXT,
                    expected_ms REAL, played_ms REAL, offset_ms REAL,
                    tier TEXT NOT NULL,
                    velocity INTEGER
                );
                CREATE INDEX drum_event_by_session ON drum_event(session_id);
                CREATE TABLE quiz_event (
                    id INTEGER PRIMARY KEY,
                    session_id INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
                    asked TEXT NOT NULL,
                    expected TEXT NOT NULL,
                    played TEXT,
                    correct INTEGER NOT NULL,
                    response_ms REAL,
                    interval TEXT,
                    semitones INTEGER
                );
                CREATE INDEX quiz_event_by_session ON quiz_event(session_id);
                """)
        }
        migrator.registerMigration(versions[1]) { db in
            try db.execute(sql: """
                CREATE TABLE setting (
                    key TEXT PRIMARY KEY NOT NULL,
                    value TEXT NOT NULL,
                    updated_at TEXT NOT NULL
                );
                CREATE TABLE calibration (
                    input_source TEXT NOT NULL,
                    audio_output TEXT NOT NULL,
                    offset_ms REAL NOT NULL,
                    measured_at TEXT NOT NULL,
                    PRIMARY KEY (input_source, audio_output)
                );
                """)
        }
        migrator.registerMigration(versions[2]) { db in
            try db.execute(sql: """
                CREATE INDEX session_by_chart ON session(chart_id, started_at);
                CREATE INDEX session_by_kind ON session(kind, started_at);
                """)
        }
        migrator.registerMigration(versions[3]) { db in
            // Where the notes came from (SessionInput); NULL for sessions stored before it was kept.
            try db.execute(sql: "ALTER TABLE session ADD COLUMN input TEXT")
        }
        migrator.registerMigration(versions[4]) { db in
            // The practice player's recordings, by content (a renamed file keeps its place).
            try db.execute(sql: """
                CREATE TABLE recording (
                    id TEXT PRIMARY KEY NOT NULL,
                    path TEXT NOT NULL,
                    title TEXT NOT NULL,
                    artist TEXT,
                    length_ms REAL NOT NULL,
                    position_ms REAL,
                    position_at TEXT,
                    speed REAL, pitch REAL, linked INTEGER,
                    loop_from_ms REAL, loop_to_ms REAL,
                    favorite_at TEXT,
                    plays INTEGER NOT NULL DEFAULT 0,
                    last_played_at TEXT
                );
                CREATE INDEX recording_by_favorite ON recording(favorite_at) WHERE favorite_at IS NOT NULL;
                """)
        }
        return migrator
    }
}
