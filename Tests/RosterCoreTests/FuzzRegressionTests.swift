import Testing
@testable import RosterCore

/// Inputs the fuzz targets (Fuzz/) found to break an invariant, kept as
/// tests: each is read the way the fuzz check reads it — whole, in small
/// chunks, and without the JSON fast path — and all three must agree.
@Suite("Inputs the fuzzers found", .serialized)
struct FuzzRegressionTests {
    /// FuzzJSON, first final run: a value problem ("unknown weapon") was
    /// logged by the fast path before it met a syntax error later in the
    /// same record, and the strict path then reported the record again.
    static let fastPathReportedTwice: [UInt8] = [
        0x7B, 0x22, 0x6E, 0x61, 0x6D, 0x65, 0x22, 0x3A, 0x22, 0x41, 0x22, 0x2C, 0x22, 0x77, 0x65, 0x61, 0x70, 0x6F, 0x6E, 0xB1, 0x3A, 0x22, 0x66, 0x69, 0x72, 0x65, 0x22, 0x7D, 0x0D, 0x0A, 0x7B, 0x22, 0x69, 0x64, 0x22, 0x3A, 0x37, 0x2C, 0x22, 0x6E, 0x61, 0x6D, 0x65, 0x22, 0x3A, 0x22, 0x42, 0x22, 0x2C, 0x22, 0x77, 0x65, 0x61, 0x70, 0x6F, 0x6E, 0x22, 0x3A, 0x22, 0x4E, 0x69, 0x3A, 0x6E, 0x65, 0x5F, 0x63, 0x6F, 0x6C, 0x6F, 0x72, 0x22, 0x3A, 0x6E, 0x75, 0x6C, 0x6C, 0x7D, 0x0A
    ]

    static func agreeing(_ bytes: [UInt8]) throws -> [String] {
        let whole = try readImport(bytes, chunkSize: max(1, bytes.count), standIns: true)
        for size in [1, 2, 3, 5, 13] {
            let pieces = try readImport(bytes, chunkSize: size, standIns: true)
            #expect(pieces.records.map(\.monster) == whole.records.map(\.monster), "chunk size \(size)")
            #expect(described(pieces.problems) == described(whole.problems), "chunk size \(size)")
        }
        FlatJSONRecord.isEnabled = false
        defer { FlatJSONRecord.isEnabled = true }
        let strict = try readImport(bytes, chunkSize: max(1, bytes.count), standIns: true)
        #expect(strict.records.map(\.monster) == whole.records.map(\.monster))
        #expect(described(strict.problems) == described(whole.problems))
        return described(whole.problems)
    }

    @Test("a record with a bad value and then a syntax error is reported once")
    func fastPathReportsOnce() throws {
        #expect(try Self.agreeing(Self.fastPathReportedTwice) == [
            "1:20: the text is not valid UTF-8",
            "2:42: expected `,` or `}` but found `:`",
        ])
    }
}
