import Foundation
import Testing
@testable import PostgresWire

/// Rows read as bytes in place: the same values the ordinary rows give,
/// NULL told from empty, rows larger than the read buffer, and the
/// connection usable after the caller or the server stops part way.
@Suite struct RowBytesIntegrationTests {
    @Test func eachRowsBytesAreTheValuesTheOrdinaryRowsGive() throws {
        let cluster = try TestCluster()
        let connection = try PostgresConnection.connect(cluster.settings())
        defer { connection.close() }
        try connection.simpleQuery("CREATE TABLE t (id bigint, a text, b text)")
        let values: [String?] = ["", nil, "É✓ 🐉", "tab\there\nline", String(repeating: "x", count: 200_000), "\\N"]
        for (index, value) in values.enumerated() {
            try connection.query("INSERT INTO t VALUES ($1, $2, $3)", [String(index - 2), value, value == nil ? "" : nil])
        }
        try connection.query("INSERT INTO t SELECT n, 'row ' || n, NULL FROM generate_series(100, 20099) n")
        let sql = "SELECT id, a, b FROM t WHERE id < $1 ORDER BY id"
        let expected = try connection.query(sql, ["1000000"]).rows
        var received: [[String?]] = []
        let tag = try connection.query(sql, ["1000000"], eachRowBytes: { row in
            received.append((0..<row.count).map { row.isNull($0) ? nil : String(decoding: row.bytes($0), as: UTF8.self) })
        })
        #expect(tag == "SELECT \(expected.count)")
        #expect(received == expected)
        #expect(received.count == values.count + 20_000)
    }

    @Test func aCallerThatStopsOrAServerThatFailsLeavesTheConnectionUsable() throws {
        struct Enough: Error {}
        let cluster = try TestCluster()
        let connection = try PostgresConnection.connect(cluster.settings())
        defer { connection.close() }
        var seen = 0
        #expect(throws: Enough.self) {
            try connection.query("SELECT n FROM generate_series(1, 50000) n", eachRowBytes: { _ in
                seen += 1
                if seen == 10 { throw Enough() }
            })
        }
        #expect(seen == 10, "no row reaches the caller after it threw")
        #expect(throws: PostgresError.self) {
            try connection.query("SELECT 1 / (n - 500) FROM generate_series(1, 1000) n", eachRowBytes: { _ in })
        }
        #expect(try connection.query("SELECT 2").firstValue == "2", "the connection is still usable")
    }
}
