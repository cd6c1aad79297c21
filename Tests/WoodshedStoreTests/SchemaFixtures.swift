/// Databases as earlier releases of the schema left them, frozen as SQL so that upgrading them keeps
/// being tested after the migrations move on. Never edit one; add a new one per schema version.
enum SchemaFixtures {
    /// Schema v1 ("v1-sessions"): sessions and events only.
    static let v1 = """
        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
        INSERT INTO grdb_migrations VALUES('v1-sessions');
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
        INSERT INTO session (id, kind, status, started_at, duration_ms, chart_id, chart_title, chart_path, speed,
            notes, hits, perfect, great, good, miss, extra, accuracy, hit_rate, score, max_combo)
            VALUES (1, 'drums', 'finished', '2026-10-01 18:00:00.000', 185000, 'rock-steady', 'Rock Steady',
            'songs/rock.dtx', 80, 3, 2, 1, 1, 0, 1, 0, 61.5, 66.7, 4200, 2);
        INSERT INTO drum_event (session_id, voice, measure, beat, position, expected_ms, played_ms, offset_ms, tier, velocity)
            VALUES (1, 'kick', 1, 1.0, 'downbeat', 0, 3, 3, 'perfect', 110),
                   (1, 'snare', 1, 2.0, 'beat', 500, 540, 40, 'great', 90),
                   (1, 'hihat', 1, 2.5, 'upbeat', 750, NULL, NULL, 'miss', NULL);
        INSERT INTO session (id, kind, status, started_at, duration_ms, quiz_root, quiz_mode, questions, correct, errors, accuracy)
            VALUES (2, 'interval', 'finished', '2026-10-02 09:00:00.000', 60000, 'C4', 'ascending', 1, 1, 0, 100);
        INSERT INTO quiz_event (session_id, asked, expected, played, correct, response_ms, interval, semitones)
            VALUES (2, 'M3 above C4', 'E4', 'E4', 1, 1250, 'M3', 4);
        PRAGMA user_version = 1;
        """

    /// Schema v2 ("v2-settings"): v1 plus settings and calibrations.
    static let v2 = v1 + """

        INSERT INTO grdb_migrations VALUES('v2-settings');
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
        INSERT INTO setting VALUES ('count-in', '2', '2026-10-03 10:00:00.000');
        INSERT INTO calibration VALUES ('TD-17', 'hw:1,0', -23.5, '2026-10-03 10:05:00.000');
        PRAGMA user_version = 2;
        """

    /// Every earlier schema, oldest first, with the number of migrations it had applied.
    static let all: [(version: Int, sql: String)] = [(1, v1), (2, v2)]
}
