import CSQLite

/// A value bound to a statement parameter.
package enum SQLValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
}

/// SQLite copies transient values before `bind` returns.
let transientDestructor = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement. Values are always bound as parameters, never
/// spliced into SQL. Statements belong to one `Database` and, like it, are
/// not `Sendable`.
package final class Statement {
    let handle: OpaquePointer
    package let sql: String
    private unowned let database: Database

    init(database: Database, sql: String) throws(DatabaseError) {
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v3(database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard code == SQLITE_OK, let handle else {
            throw DatabaseError(connection: database.handle, code: code, sql: sql)
        }
        self.handle = handle
        self.sql = sql
        self.database = database
    }

    deinit {
        sqlite3_finalize(handle)
    }

    // MARK: Binding

    package func bind(_ values: [SQLValue]) throws(DatabaseError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    package func bind(_ value: SQLValue, at index: Int32) throws(DatabaseError) {
        let code: Int32
        switch value {
        case .null: code = sqlite3_bind_null(handle, index)
        case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
        case .real(let number): code = sqlite3_bind_double(handle, index, number)
        case .text(let text): code = bindText(text, at: index)
        }
        try check(code)
    }

    package func bind(_ number: Int64, at index: Int32) throws(DatabaseError) {
        try check(sqlite3_bind_int64(handle, index, number))
    }

    package func bind(_ text: String, at index: Int32) throws(DatabaseError) {
        try check(bindText(text, at: index))
    }

    /// Binds UTF-8 text without SQLite copying it: the bytes must stay
    /// valid and unchanged until the statement is stepped and reset. For
    /// bulk loads, where the copy (a malloc and a free per value) costs
    /// more than the insert itself.
    package func bindBorrowedText(_ bytes: UnsafePointer<UInt8>, count: Int, at index: Int32) throws(DatabaseError) {
        let code = bytes.withMemoryRebound(to: CChar.self, capacity: max(count, 1)) {
            sqlite3_bind_text(handle, index, $0, Int32(count), nil)
        }
        try check(code)
    }

    /// Like `bindBorrowedText` for text ending at its first NUL: SQLite
    /// then knows it is terminated, and functions that read it as a C
    /// string (the CHECKs' `length` and `GLOB`) need no copy of it.
    package func bindBorrowedCString(_ bytes: UnsafePointer<UInt8>, at index: Int32) throws(DatabaseError) {
        let code = bytes.withMemoryRebound(to: CChar.self, capacity: 1) {
            sqlite3_bind_text(handle, index, $0, -1, nil)
        }
        try check(code)
    }

    private func bindText(_ text: String, at index: Int32) -> Int32 {
        withUTF8Bytes(of: text) { bytes in
            guard let base = bytes.baseAddress, bytes.count > 0 else {
                // A nil pointer would bind NULL; an empty string is not NULL.
                return sqlite3_bind_text(handle, index, "", 0, transientDestructor)
            }
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text(handle, index, $0, Int32(bytes.count), transientDestructor)
            }
        }
    }

    // MARK: Stepping

    /// Advances to the next row; false when the statement is done.
    package func step() throws(DatabaseError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            sqlite3_reset(handle)
            throw DatabaseError(connection: database.handle, code: code, sql: sql)
        }
    }

    /// Binds, runs to completion and resets: for statements without rows.
    package func run(_ values: SQLValue...) throws(DatabaseError) {
        try run(values)
    }

    package func run(_ values: [SQLValue]) throws(DatabaseError) {
        try bind(values)
        defer { sqlite3_reset(handle) }
        while try step() {}
    }

    /// Binds, then calls `body` once per row.
    package func forEachRow(_ values: [SQLValue] = [], _ body: (Row) throws -> Void) throws {
        try bind(values)
        defer { sqlite3_reset(handle) }
        let row = Row(handle: handle)
        while try step() {
            try body(row)
        }
    }

    /// Binds, and maps every row.
    package func rows<T>(_ values: [SQLValue] = [], _ transform: (Row) throws -> T) throws -> [T] {
        var results: [T] = []
        try forEachRow(values) { results.append(try transform($0)) }
        return results
    }

    /// Binds, and maps the first row, if any.
    package func firstRow<T>(_ values: [SQLValue] = [], _ transform: (Row) throws -> T) throws -> T? {
        try bind(values)
        defer { sqlite3_reset(handle) }
        guard try step() else { return nil }
        return try transform(Row(handle: handle))
    }

    package func reset() {
        sqlite3_reset(handle)
    }

    private func check(_ code: Int32) throws(DatabaseError) {
        guard code == SQLITE_OK else {
            throw DatabaseError(connection: database.handle, code: code, sql: sql)
        }
    }
}

/// The current row of a statement being stepped. Only valid inside the
/// callback it was passed to.
package struct Row {
    let handle: OpaquePointer

    package func int(_ column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    package func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    /// The column's length in bytes, without reading it as text.
    package func byteCount(_ column: Int32) -> Int {
        Int(sqlite3_column_bytes(handle, column))
    }

    package func text(_ column: Int32) -> String {
        guard let pointer = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    package func optionalText(_ column: Int32) -> String? {
        isNull(column) ? nil : text(column)
    }

    /// The column's UTF-8 bytes without making a `String`, valid until the
    /// row changes: for writers that copy straight to output.
    ///
    /// Another program may have stored bytes that are not UTF-8 (a lone
    /// 0x9B is an 8-bit CSI to a terminal, and breaks JSON): those come
    /// out with each invalid sequence replaced by U+FFFD, as `text` reads
    /// them, so every output holds valid UTF-8 and says the same.
    package func withUTF8<T, E: Error>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> T) throws(E) -> T {
        let pointer = sqlite3_column_text(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        let bytes = UnsafeBufferPointer(start: pointer, count: pointer == nil ? 0 : count)
        if Self.isValidUTF8(bytes) { return try body(bytes) }
        let repaired = String(decoding: bytes, as: UTF8.self)
        return try withUTF8Bytes(of: repaired) { (valid) throws(E) -> T in try body(valid) }
    }

    /// The column's bytes as SQLite holds them, not checked to be UTF-8:
    /// for a writer that checks them itself as it copies, and falls back
    /// to `withUTF8` when they are not.
    package func uncheckedUTF8(_ column: Int32) -> UnsafeBufferPointer<UInt8> {
        let pointer = sqlite3_column_text(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        return UnsafeBufferPointer(start: pointer, count: pointer == nil ? 0 : count)
    }

    /// Whether `bytes` are well-formed UTF-8; ASCII, nearly every cell,
    /// is settled eight bytes at a time without decoding.
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard ByteScan.containsNonASCII(bytes) else { return true }
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
