import PostgresWire

/// A row of `PostgresMonsterTable.selectAll` as the server sent it: text
/// columns in PostgreSQL's text format, read in place, for the record
/// writers' fast paths. PostgreSQL prints a bigint as plain decimal
/// digits, so an integer column is read back as the number the file's
/// row gives.
///
/// The bytes are the server's, or those of anyone between roster and it on
/// a connection without TLS: a row is handed on only once `isSound` holds
/// (every integer column a decimal number in range, no NULL where the
/// field has none), as the slow path (`PostgresMonsterTable.monster(from:)`)
/// refuses the same row as damage; and text that is not UTF-8 is read
/// with its bad sequences replaced, as the file's rows are, so that an
/// export never holds bytes no reader can take.
struct PostgresMonsterRow: MonsterRow {
    let columns: DataRowBytes

    func isNull(_ column: Int32) -> Bool { columns.isNull(Int(column)) }

    func int(_ column: Int32) -> Int64 { Self.decimal(columns.bytes(Int(column))) ?? 0 }

    func withUTF8<T, E: Error>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> T) throws(E) -> T {
        let bytes = columns.bytes(Int(column))
        if Row.isValidUTF8(bytes) { return try body(bytes) }
        let repaired = String(decoding: bytes, as: UTF8.self)
        return try withUTF8Bytes(of: repaired) { (valid) throws(E) -> T in try body(valid) }
    }

    func uncheckedUTF8(_ column: Int32) -> UnsafeBufferPointer<UInt8> { columns.bytes(Int(column)) }

    /// Whether `columns`, holding `fields` first in order, may go to a record
    /// writer: each integer column a decimal number that fits 64 bits, and
    /// NULL only in a field that may be unknown.
    static func isSound(_ columns: DataRowBytes, fields: [MonsterField]) -> Bool {
        guard columns.count >= fields.count else { return false }
        for (index, field) in fields.enumerated() {
            if columns.isNull(index) {
                guard field.isNullable else { return false }
            } else if field.kind == .integer, decimal(columns.bytes(index)) == nil {
                return false
            }
        }
        return true
    }

    /// `bytes` as a decimal number (an optional minus sign, then 1 to 19
    /// digits), or nil when they are anything else or do not fit.
    static func decimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        let negative = bytes.first == UInt8(ascii: "-")
        let digits = UnsafeBufferPointer(rebasing: bytes[(negative ? 1 : 0)...])
        guard !digits.isEmpty, digits.count <= 19 else { return nil }
        var value: Int64 = 0
        for byte in digits {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (shifted, over) = value.multipliedReportingOverflow(by: 10)
            let (next, past) = negative ? shifted.subtractingReportingOverflow(Int64(digit)) : shifted.addingReportingOverflow(Int64(digit))
            guard !over, !past else { return nil }
            value = next
        }
        return value
    }
}
