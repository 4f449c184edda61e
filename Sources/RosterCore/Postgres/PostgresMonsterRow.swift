import PostgresWire

/// A row of `PostgresMonsterTable.selectAll` as the server sent it: text
/// columns in PostgreSQL's text format, read in place, for the record
/// writers' fast paths. PostgreSQL prints a bigint as plain decimal
/// digits, so an integer column is read back as the number the file's
/// row gives. Text the server sends is valid UTF-8 without checking it
/// again: the store opens only databases whose encoding is UTF8 (see
/// `prepare`), whose every text value PostgreSQL verified on the way in,
/// and the connection asks for client_encoding UTF8.
struct PostgresMonsterRow: MonsterRow {
    let columns: DataRowBytes

    func isNull(_ column: Int32) -> Bool { columns.isNull(Int(column)) }

    func int(_ column: Int32) -> Int64 {
        var value: Int64 = 0
        var negative = false
        for byte in columns.bytes(Int(column)) {
            if byte == UInt8(ascii: "-") {
                negative = true
            } else {
                value = value &* 10 &+ Int64(byte &- UInt8(ascii: "0"))
            }
        }
        return negative ? 0 &- value : value
    }

    func withUTF8<T, E: Error>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> T) throws(E) -> T {
        try body(columns.bytes(Int(column)))
    }

    func uncheckedUTF8(_ column: Int32) -> UnsafeBufferPointer<UInt8> { columns.bytes(Int(column)) }
}
