import Foundation
import GRDB

extension Store {
    /// Keeps `calibration` as the offset for its (input, output) pair, replacing an older one.
    public func saveCalibration(_ calibration: Calibration) throws(StoreError) {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO calibration (input_source, audio_output, offset_ms, measured_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT(input_source, audio_output) DO UPDATE
                        SET offset_ms = excluded.offset_ms, measured_at = excluded.measured_at
                    """,
                arguments: [calibration.inputSource, calibration.audioOutput, calibration.offsetMs, calibration.measuredAt])
        }
    }

    /// The offset measured for this input heard through this output, if any.
    public func calibration(input: String, output: String) throws(StoreError) -> Calibration? {
        try calibrations().first { $0.inputSource == input && $0.audioOutput == output }
    }

    /// Every stored calibration, newest first.
    public func calibrations() throws(StoreError) -> [Calibration] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM calibration ORDER BY measured_at DESC").map { row in
                Calibration(
                    inputSource: row["input_source"], audioOutput: row["audio_output"],
                    offsetMs: row["offset_ms"], measuredAt: row["measured_at"])
            }
        }
    }
}

extension Store {
    /// Forgets the offset of this pair; says whether there was one.
    @discardableResult
    public func removeCalibration(input: String, output: String) throws(StoreError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM calibration WHERE input_source = ? AND audio_output = ?", arguments: [input, output])
            return db.changesCount > 0
        }
    }
}
