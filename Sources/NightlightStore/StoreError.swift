import Foundation
import GRDB

/// The one error type of `NightlightStore`: what failed, on what, and what to do about it.
///
/// The message reads e.g. `no saved schedule is called "Holidays"; list them to see the names`
/// or `/home/ana/.local/share/nightlight/nightlight.sqlite is not a Nightlight database: it is
/// not an SQLite file; move it aside (or choose another database file)`.
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is; an open set so later versions can add codes.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's name.
        public let rawValue: String
        /// Wraps a code name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The file at the database path is not an SQLite file, is damaged, or belongs to another
        /// application. The store never writes to it.
        public static let notADatabase = Code(rawValue: "notADatabase")
        /// The database was written by a newer version (it holds migrations this version does not
        /// know). The store never writes to it.
        public static let newerDatabase = Code(rawValue: "newerDatabase")
        /// The database file or its folder could not be created, opened or read.
        public static let cannotOpen = Code(rawValue: "cannotOpen")
        /// No paired nightlight matches the address, child name or device name.
        public static let deviceNotFound = Code(rawValue: "deviceNotFound")
        /// More than one paired nightlight matches a child name or device name.
        public static let ambiguousDevice = Code(rawValue: "ambiguousDevice")
        /// No saved schedule has that name.
        public static let scheduleNotFound = Code(rawValue: "scheduleNotFound")
        /// A saved schedule with that name (compared case-insensitively) already exists.
        public static let scheduleExists = Code(rawValue: "scheduleExists")
        /// An argument was empty, out of range, or a stored setting does not have the asked type.
        public static let invalidValue = Code(rawValue: "invalidValue")
        /// The store was closed with ``NightlightStore/close()``.
        public static let closed = Code(rawValue: "closed")
        /// SQLite failed while reading or writing (disk full, read-only file, locked too long…).
        public static let databaseFailure = Code(rawValue: "databaseFailure")

        /// The code's name.
        public var description: String { rawValue }
    }

    /// What kind of failure this is.
    public var code: Code
    /// The detail: what failed and what to do about it.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

extension StoreError {
    /// The file at `path` is not usable as a Nightlight database, for `reason`.
    static func notADatabase(_ path: String, _ reason: String) -> StoreError {
        StoreError(
            .notADatabase,
            "\(path) is not a Nightlight database: \(reason); move it aside (or choose another database file)"
        )
    }

    /// An empty (or all-whitespace) name or text argument.
    static func empty(_ what: String) -> StoreError {
        StoreError(.invalidValue, "\(what) cannot be empty")
    }

    /// A value that cannot be used, for the reason `message` gives.
    static func invalid(_ message: String) -> StoreError {
        StoreError(.invalidValue, message)
    }

    /// A value outside its allowed range.
    static func outOfRange(_ what: String, _ value: some BinaryInteger, _ range: ClosedRange<Int>) -> StoreError {
        StoreError(.invalidValue, "\(what) \(value) is out of range (\(range.lowerBound)…\(range.upperBound))")
    }

    /// Wraps any error thrown while `action` ran against the database at `path`.
    ///
    /// A ``StoreError`` and a task cancellation pass through unchanged.
    static func wrapping(_ error: any Error, while action: String, path: String?) -> any Error {
        if error is StoreError || error is CancellationError { return error }
        guard let error = error as? DatabaseError else {
            return StoreError(.databaseFailure, "\(action) failed: \(error)")
        }
        let detail = error.message ?? "\(error.resultCode)"
        let location = path ?? "the in-memory database"
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return notADatabase(location, "\(action) failed: \(detail)")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return StoreError(
                .databaseFailure,
                "\(action) failed: \(location) stayed locked by another program (\(detail)); try again"
            )
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_CANTOPEN, .SQLITE_AUTH:
            return StoreError(
                .databaseFailure,
                "\(action) failed: \(location) cannot be written (\(detail)); check its permissions"
            )
        case .SQLITE_FULL, .SQLITE_IOERR:
            return StoreError(
                .databaseFailure,
                "\(action) failed: \(detail); check that the disk holding \(location) has room and works"
            )
        default:
            return StoreError(.databaseFailure, "\(action) failed: \(detail) (in \(location))")
        }
    }
}
