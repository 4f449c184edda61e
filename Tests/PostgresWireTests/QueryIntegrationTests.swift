import Foundation
import Testing
@testable import PostgresWire

/// Queries against a real throwaway server: values always bound, COPY
/// both ways, LISTEN/NOTIFY, SQLSTATEs, transactions.
@Suite struct QueryIntegrationTests {
    @Test func aConnectionOverTheSocketIsReadyAndSaysWhoServesIt() throws {
        let cluster = try TestCluster()
        let started = Deadline.now()
        let connection = try PostgresConnection.connect(cluster.settings())
        let connectMilliseconds = Double(Deadline.now() - started) / 1e6
        defer { connection.close() }
        print("connect over the unix socket: \(connectMilliseconds) ms")
        #expect(connection.serverParameters["server_version"]?.hasPrefix("15") == true)
        #expect(connection.serverParameters["client_encoding"] == "UTF8")
        #expect(connection.processID > 0)
        #expect(connection.fileDescriptor >= 0)
        #expect(connection.tlsVersion == nil)
        #expect(connection.transactionStatus == .idle)
        #expect(try connection.query("SELECT pg_backend_pid()").firstValue == String(connection.processID))
        let results = try connection.simpleQuery("CREATE TABLE t (a int); INSERT INTO t VALUES (1), (2); SELECT a FROM t ORDER BY a;")
        #expect(results.map(\.commandTag) == ["CREATE TABLE", "INSERT 0 2", "SELECT 2"])
        #expect(try connection.simpleQuery(" ") == [QueryResult()], "an empty query has an empty result")
        #expect(results[2].columns == ["a"] && results[2].rows == [["1"], ["2"]])
    }

    @Test func hostileValuesTravelAsParametersAndComeBackUnchanged() throws {
        let cluster = try TestCluster()
        let connection = try PostgresConnection.connect(cluster.settings())
        defer { connection.close() }
        try connection.simpleQuery("CREATE TABLE monsters (name text PRIMARY KEY, weapon text)")
        let hostile: [String?] = ["'; DROP TABLE monsters; --", "Robert'); DROP TABLE students;--", "back\\slash\\", "$1 $2 ?",
                                  "\"quoted\"", "line\nbreak\r\ttab", "", "É✓ 🐉 \u{202E}rtl", "\u{1b}[31mred", nil,
                                  String(repeating: "x", count: 1_000_000)]
        for (index, value) in hostile.enumerated() {
            try connection.query("INSERT INTO monsters (name, weapon) VALUES ($1, $2)", ["m\(index)", value])
        }
        let rows = try connection.query("SELECT weapon FROM monsters ORDER BY length(name), name").rows.map { $0[0] }
        #expect(rows == hostile)
        #expect(try connection.query("SELECT count(*) FROM monsters WHERE weapon = $1", ["'; DROP TABLE monsters; --"]).firstValue == "1")
        let echoed = try connection.query("SELECT $1::text AS a, $2::text AS b, $3::int + 1 AS c", ["'", nil, "41"])
        #expect(echoed.columns == ["a", "b", "c"] && echoed.rows == [["'", nil, "42"]])
        #expect(throws: PostgresError.misuse("A value holds a NUL character, which PostgreSQL's text cannot hold.")) {
            try connection.query("SELECT $1::text", ["a\u{0}b"])
        }
        #expect(try connection.query("SELECT 1").firstValue == "1", "the connection is still usable")
    }

    @Test func aUniqueViolationCarriesItsSQLSTATEAndTheConnectionGoesOn() throws {
        let cluster = try TestCluster()
        let connection = try PostgresConnection.connect(cluster.settings())
        defer { connection.close() }
        try connection.simpleQuery("CREATE TABLE monsters (name text CONSTRAINT monsters_name_key UNIQUE)")
        try connection.query("INSERT INTO monsters VALUES ($1)", ["Ogre"])
        do {
            try connection.query("INSERT INTO monsters VALUES ($1)", ["Ogre"])
            Issue.record("a duplicate was accepted")
        } catch .server(let error) {
            #expect(error.sqlState == .uniqueViolation)
            #expect(error.constraintName == "monsters_name_key")
            #expect(error.detail?.contains("(name)=(Ogre)") == true)
            #expect(error.severity == "ERROR")
        } catch {
            Issue.record("unexpected error \(error)")
        }
        #expect(throws: PostgresError.self) { try connection.simpleQuery("SELECT * FROM nowhere") }
        #expect(try connection.query("SELECT count(*) FROM monsters").firstValue == "1")
    }

    @Test func aBatchRunsInOneRoundTripAndIsAllOrNothing() throws {
        let cluster = try TestCluster()
        let connection = try PostgresConnection.connect(cluster.settings())
        defer { connection.close() }
        try connection.simpleQuery("CREATE TABLE t (n int PRIMARY KEY)")
        let results = try connection.execute((1...100).map { BoundStatement("INSERT INTO t VALUES ($1)", [String($0)]) }
                                             + [BoundStatement("SELECT count(*) FROM t")])
        #expect(results.count == 101 && results[0].rowCount == 1 && results[100].firstValue == "100")
        #expect(throws: PostgresError.self) {
            try connection.execute([BoundStatement("INSERT INTO t VALUES (1000)"), BoundStatement("INSERT INTO t VALUES (1)")])
        }
        #expect(try connection.query("SELECT count(*) FROM t").firstValue == "100", "the batch's first insert was rolled back")
    }

    @Test func aTransactionRollsBackOnAThrowAndCommitsOtherwise() throws {
        struct Stop: Error {}
        let cluster = try TestCluster()
        let connection = try PostgresConnection.connect(cluster.settings())
        defer { connection.close() }
        try connection.simpleQuery("CREATE TABLE t (n int)")
        #expect(throws: Stop.self) {
            try connection.transaction {
                try connection.query("INSERT INTO t VALUES (1)")
                #expect(connection.transactionStatus == .inTransaction)
                throw Stop()
            }
        }
        #expect(connection.transactionStatus == .idle)
        #expect(try connection.query("SELECT count(*) FROM t").firstValue == "0")
        try connection.transaction { try connection.query("INSERT INTO t VALUES (2)") }
        #expect(try connection.query("SELECT count(*) FROM t").firstValue == "1")
        #expect(throws: PostgresError.self) {
            try connection.transaction { _ = try? connection.query("SELECT 1/0") }
        }
        #expect(connection.transactionStatus == .idle)
    }

    @Test func copyMovesAHundredThousandRowsEachWay() throws {
        let cluster = try TestCluster()
        let connection = try PostgresConnection.connect(cluster.settings())
        defer { connection.close() }
        try connection.simpleQuery("CREATE TABLE monsters (id int, name text, weapon text)")
        let rowCount = 100_000
        var sent: [UInt8] = []
        for id in 0..<rowCount { sent.append(contentsOf: "\(id)\tMonster \(id) «\\\\»\tweapon-\(id % 97)\n".utf8) }
        let copyInStart = Deadline.now()
        let copiedIn = try connection.copyIn("COPY monsters FROM STDIN") { writer in
            var offset = 0
            while offset < sent.count {  // deliberately ragged chunks, not aligned to rows
                let end = min(offset + 7_919, sent.count)
                try writer.write(sent[offset..<end])
                offset = end
            }
        }
        let copyInSeconds = Double(Deadline.now() - copyInStart) / 1e9
        #expect(copiedIn == rowCount)
        var received: [UInt8] = []
        var chunks = 0
        let copyOutStart = Deadline.now()
        let copiedOut = try connection.copyOut("COPY (SELECT * FROM monsters ORDER BY id) TO STDOUT") { chunk in
            received.append(contentsOf: chunk)
            chunks += 1
        }
        let copyOutSeconds = Double(Deadline.now() - copyOutStart) / 1e9
        print("COPY of \(rowCount) rows (\(sent.count) bytes): in \(copyInSeconds) s, out \(copyOutSeconds) s")
        #expect(copiedOut == rowCount && chunks == rowCount)
        #expect(received == sent)
        #expect(try connection.query("SELECT name FROM monsters WHERE id = 5").firstValue == "Monster 5 «\\»")
    }

    @Test func aCopyTheServerRefusesOrTheCallerAbandonsLeavesTheTableAsItWas() throws {
        struct Abandon: Error {}
        let cluster = try TestCluster()
        let connection = try PostgresConnection.connect(cluster.settings())
        defer { connection.close() }
        try connection.simpleQuery("CREATE TABLE t (n int)")
        do {
            try connection.copyIn("COPY t FROM STDIN") { writer in
                try writer.write("1\n2\nnot a number\n")
                for n in 3..<200_000 { try writer.write("\(n)\n") }
            }
            Issue.record("a bad row was accepted")
        } catch PostgresError.server(let error) {
            #expect(error.sqlState == SQLState("22P02"))
        }
        #expect(throws: Abandon.self) {
            try connection.copyIn("COPY t FROM STDIN") { writer in
                try writer.write("1\n2\n")
                throw Abandon()
            }
        }
        #expect(try connection.query("SELECT count(*) FROM t").firstValue == "0")
        #expect(throws: PostgresError.self) { try connection.copyIn("SELECT 1") { _ in } }
        #expect(try connection.query("SELECT 1").firstValue == "1")
    }

    @Test func aNotificationReachesAnIdleListenerWithItsChannelPayloadAndSender() throws {
        let cluster = try TestCluster()
        let listener = try PostgresConnection.connect(cluster.settings())
        let notifier = try PostgresConnection.connect(cluster.settings())
        defer {
            listener.close()
            notifier.close()
        }
        try listener.listen("roster changes")
        #expect(try listener.readPendingNotifications().isEmpty)
        try notifier.notify("roster changes", payload: "alice set Ogre's weapon")
        try notifier.simpleQuery("NOTIFY \"roster changes\", 'second'")
        let started = Deadline.now()
        var entry = pollfd(fd: listener.fileDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&entry, 1, 5_000) == 1, "the listener's socket became readable")
        var received = try listener.readPendingNotifications()
        if received.count < 2 { received += try listener.waitForNotifications(milliseconds: 5_000) }
        print("NOTIFY latency: \(Double(Deadline.now() - started) / 1e6) ms")
        #expect(received == [PostgresNotification(processID: notifier.processID, channel: "roster changes", payload: "alice set Ogre's weapon"),
                             PostgresNotification(processID: notifier.processID, channel: "roster changes", payload: "second")])
        #expect(try listener.readPendingNotifications().isEmpty)
    }
}

/// Prepared statements: parsed once, run many times, in batches.
@Suite struct PreparedStatementTests {
    @Test func aPreparedStatementKnowsItsShapeAndRunsInBatches() throws {
        let cluster = try TestCluster()
        let connection = try PostgresConnection.connect(cluster.settings())
        defer { connection.close() }
        try connection.simpleQuery("CREATE TABLE monsters (name text PRIMARY KEY, weapon text)")
        let insert = try connection.prepare("INSERT INTO monsters VALUES ($1, $2)")
        #expect(insert.parameterCount == 2 && insert.columns.isEmpty)
        let results = try connection.execute(insert, batch: (0..<500).map { ["m\($0)", $0 % 2 == 0 ? "sword" : nil] })
        #expect(results.count == 500 && results.allSatisfy { $0.rowCount == 1 })
        let select = try connection.prepare("SELECT name, weapon FROM monsters WHERE name = $1")
        #expect(select.columns == ["name", "weapon"])
        #expect(try connection.query(select, ["m2"]).rows == [["m2", "sword"]])
        #expect(try connection.query(select, ["'; DROP TABLE monsters; --"]).rows.isEmpty)
        #expect(throws: PostgresError.self, "a wrong number of values") { try connection.query(select, []) }
        #expect(throws: PostgresError.self, "a duplicate in the batch undoes it all") {
            try connection.execute(insert, batch: [["new", nil], ["m1", nil]])
        }
        #expect(try connection.query("SELECT count(*) FROM monsters").firstValue == "500")
        try connection.deallocate(select)
        #expect(throws: PostgresError.self, "a deallocated statement is gone") { try connection.query(select, ["m2"]) }
        #expect(try connection.query(insert, ["later", "axe"]).rowCount == 1)
    }
}

/// A running query stopped from another thread.
@Suite struct CancelTests {
    @Test func aCancelledQueryFailsWithQueryCanceledAndTheConnectionGoesOn() throws {
        let cluster = try TestCluster()
        let connection = try PostgresConnection.connect(cluster.settings())
        defer { connection.close() }
        let token = connection.cancelToken
        // The cancel is sent once the server runs the query (another
        // connection sees it active), never after a guessed time: sent
        // before it, a cancel finds nothing to stop.
        nonisolated(unsafe) let watcher = try PostgresConnection.connect(cluster.settings())
        defer { watcher.close() }
        let canceller = Thread {
            let running = "SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND query = 'SELECT pg_sleep(20)'"
            let deadline = Deadline.now() + 15_000_000_000
            while (try? watcher.query(running).firstValue) != "1", Deadline.now() < deadline { usleep(5_000) }
            try? token.cancel()
        }
        canceller.start()
        let started = Deadline.now()
        let refused = thrownError { try connection.query("SELECT pg_sleep(20)") }
        guard case .server(let error)? = refused else {
            Issue.record("the query was not cancelled: \(String(describing: refused))")
            return
        }
        #expect(error.sqlState == .queryCanceled)
        #expect(Double(Deadline.now() - started) / 1e9 < 10)
        #expect(try connection.query("SELECT 1").firstValue == "1")
    }
}
