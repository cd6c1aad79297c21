import Foundation
import GRDB
import WoodshedCore

/// Why the practice history could not be opened or written, as one line a player can act on.
public struct StoreError: UserFacingError, Hashable {
    /// What kind of trouble it is, so callers can decide whether to fall back to memory.
    public enum Reason: String, Sendable, Hashable {
        /// The file or its folder cannot be written (permissions, read-only disk).
        case readOnly
        /// The file is not a SQLite database or is damaged.
        case damaged
        /// The disk (or the database's size limit) is full.
        case diskFull
        /// The file was written by a newer Woodshed with a schema this one does not know.
        case newerSchema
        /// Another program holds the file locked.
        case busy
        /// Anything else SQLite or the file system reported.
        case other
    }

    public var reason: Reason
    public var message: String

    public init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    /// Turns a SQLite or file-system error about the database at `path` into one actionable line.
    static func from(_ error: any Error, path: String) -> StoreError {
        if let storeError = error as? StoreError { return storeError }
        let variable = DataLocation.directoryVariable
        guard let dbError = error as? DatabaseError else {
            return StoreError(.readOnly, "cannot open \(path) (\(error.localizedDescription)); "
                + "check the folder's permissions or set \(variable) to a writable folder")
        }
        let detail = dbError.message ?? "\(dbError.resultCode)"
        switch dbError.resultCode.primaryResultCode {
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_CANTOPEN, .SQLITE_AUTH:
            return StoreError(.readOnly, "cannot write \(path) (\(detail)); make it and its folder writable "
                + "or set \(variable) to a writable folder")
        case .SQLITE_NOTADB, .SQLITE_CORRUPT, .SQLITE_FORMAT:
            return StoreError(.damaged, "\(path) is damaged (\(detail)); move it aside "
                + "(mv \(path) \(path).broken) and Woodshed starts a new history")
        case .SQLITE_FULL:
            return StoreError(.diskFull, "the disk holding \(path) is full; free some space "
                + "(nothing of this batch was written)")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return StoreError(.busy, "\(path) is locked by another program; close it and try again")
        case .SQLITE_IOERR:
            return StoreError(.other, "could not read or write \(path) (disk I/O error: \(detail)); check the disk")
        default:
            return StoreError(.other, "\(path): \(detail)")
        }
    }
}
