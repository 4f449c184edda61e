import CSQLite

/// An error from SQLite, keeping what is needed to understand it later:
/// the extended result code, SQLite's message, and the statement's SQL.
public struct DatabaseError: Error, Sendable, CustomStringConvertible {
    /// SQLite's extended result code (`SQLITE_BUSY_SNAPSHOT`, `SQLITE_CONSTRAINT_UNIQUE`, …).
    public let extendedCode: Int32
    public let message: String
    public let sql: String?
    /// The C library's errno for I/O failures, when SQLite recorded one.
    public let systemErrno: Int32

    public init(_ code: ResultCode, message: String, sql: String? = nil) {
        self.init(extendedCode: code.rawValue, message: message, sql: sql)
    }

    public init(extendedCode: Int32, message: String, sql: String? = nil, systemErrno: Int32 = 0) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
        self.systemErrno = systemErrno
    }

    /// Reads the error state of a connection after a call failed.
    init(connection: OpaquePointer?, code: Int32, sql: String? = nil) {
        let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        self.init(
            extendedCode: (extended & 0xFF) == (code & 0xFF) ? extended : code,
            message: message,
            sql: sql,
            systemErrno: connection.map { sqlite3_system_errno($0) } ?? 0
        )
    }

    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT`, …).
    public var primaryCode: Int32 { extendedCode & 0xFF }

    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    public var isReadOnly: Bool { primaryCode == SQLITE_READONLY || primaryCode == SQLITE_PERM }
    public var isUniqueViolation: Bool {
        extendedCode == ResultCode.SQLITE_CONSTRAINT_UNIQUE.rawValue || extendedCode == ResultCode.SQLITE_CONSTRAINT_PRIMARYKEY.rawValue
    }

    public var description: String {
        var text = "SQLite error \(extendedCode): \(message)"
        if let sql { text += " in \(sql)" }
        return text
    }
}

/// SQLite's result codes the roster names, as GRDB's `ResultCode` does.
/// The extended ones are C macros Swift cannot import, so they are spelt
/// here once, as SQLite defines them (primary code | n << 8).
public struct ResultCode: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    public static let SQLITE_ERROR = ResultCode(rawValue: CSQLite.SQLITE_ERROR)
    public static let SQLITE_CORRUPT = ResultCode(rawValue: CSQLite.SQLITE_CORRUPT)
    public static let SQLITE_FULL = ResultCode(rawValue: CSQLite.SQLITE_FULL)
    public static let SQLITE_CONSTRAINT_PRIMARYKEY = ResultCode(rawValue: CSQLite.SQLITE_CONSTRAINT | 6 << 8)
    public static let SQLITE_CONSTRAINT_UNIQUE = ResultCode(rawValue: CSQLite.SQLITE_CONSTRAINT | 8 << 8)
    public static let SQLITE_READONLY_DBMOVED = ResultCode(rawValue: CSQLite.SQLITE_READONLY | 4 << 8)
    public static let SQLITE_IOERR_SHMSIZE = ResultCode(rawValue: CSQLite.SQLITE_IOERR | 19 << 8)
    /// No folder for temporary files could be found.
    public static let SQLITE_IOERR_GETTEMPPATH = ResultCode(rawValue: CSQLite.SQLITE_IOERR | 25 << 8)
}

extension DatabaseError {
    /// The error `body` throws, if any. A plain do/catch on a typed throw
    /// inside a loop crashes the 6.3 compiler (its ownership checker and
    /// AllocBoxToStack pass), so the import and undo loops ask this instead.
    static func thrown(by body: () throws(DatabaseError) -> Void) -> DatabaseError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }
}
