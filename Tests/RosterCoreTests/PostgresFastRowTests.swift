import Testing
@testable import PostgresWire
@testable import RosterCore

/// The record writers' fast path copies a server's row bytes as they came:
/// a row a hostile server (or anyone between, without TLS) sends is
/// checked first, so that an export never writes a made-up id, a field
/// the model has no way to leave out, or bytes that are not UTF-8.
@Suite("A PostgreSQL row is checked before an export copies its bytes")
struct PostgresFastRowTests {
    /// Calls `body` with a row holding `values` (nil for NULL), as a DataRow would.
    private func withRow<T>(_ values: [[UInt8]?], _ body: (DataRowBytes) -> T) -> T {
        var bytes: [UInt8] = [0]
        var starts: [Int] = []
        var lengths: [Int] = []
        for value in values {
            starts.append(bytes.count)
            lengths.append(value?.count ?? -1)
            bytes += value ?? []
        }
        return bytes.withUnsafeBufferPointer { base in
            starts.withUnsafeBufferPointer { starts in
                lengths.withUnsafeBufferPointer { lengths in body(DataRowBytes(base: base.baseAddress!, starts: starts, lengths: lengths)) }
            }
        }
    }

    /// A sound row of every field, with `change` made to it.
    private func isSound(_ change: (inout [[UInt8]?]) -> Void) -> Bool {
        var values: [[UInt8]?] = MonsterFields.all.map { $0.kind == .integer ? Array("7".utf8) : $0.isNullable ? nil : Array("x".utf8) }
        change(&values)
        return withRow(values) { PostgresMonsterRow.isSound($0, fields: MonsterFields.all) }
    }

    private var idColumn: Int { MonsterFields.all.firstIndex { $0.kind == .integer }! }

    @Test("ids in range are sound; a number too long, not a number, or empty is damage")
    func ids() {
        #expect(isSound { _ in })
        for id in ["9223372036854775807", "-9223372036854775808", "0", "1"] {
            #expect(isSound { $0[idColumn] = Array(id.utf8) }, "\(id)")
        }
        for id in ["99999999999999999999999999", "9223372036854775808", "-9223372036854775809", "not-a-number", "", "-", "12a", " 1"] {
            #expect(!isSound { $0[idColumn] = Array(id.utf8) }, "\(id)")
        }
        #expect(!isSound { $0[idColumn] = nil })
    }

    @Test("NULL only where a field may be unknown, and no fewer columns than fields")
    func nulls() {
        for (index, field) in MonsterFields.all.enumerated() where field.kind != .integer {
            #expect(isSound { $0[index] = nil } == field.isNullable, "\(field.key)")
        }
        #expect(!isSound { $0.removeLast() })
    }

    @Test("text that is not UTF-8 reaches a writer with its bad bytes replaced, as a file's does")
    func badText() {
        let text = withRow([[0xFF, 0xFE, UInt8(ascii: "A")]]) { row in PostgresMonsterRow(columns: row).withUTF8(0) { Array($0) } }
        #expect(text == Array("\u{FFFD}\u{FFFD}A".utf8))
        let valid = withRow([Array("Zoë-Bot".utf8)]) { row in PostgresMonsterRow(columns: row).withUTF8(0) { Array($0) } }
        #expect(valid == Array("Zoë-Bot".utf8))
    }
}
