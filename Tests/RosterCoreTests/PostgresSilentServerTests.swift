import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// A connection that goes silent (no FIN, no RST: a dropped VPN, a NAT
/// that forgot the flow) is told truly within the busy timeout and a
/// margin, never a hang; the server drops the vanished writer's
/// transaction in seconds, so the team's write lock is not held for hours;
/// and the server's own refusals are told as what they are.
@Suite("A PostgreSQL server that goes silent or refuses for its own reasons")
struct PostgresSilentServerTests {
    /// A store behind a proxy that can go silent, with short limits:
    /// busy 300 ms, answer timeout 300 ms + 1.2 s (or `answerMargin`).
    final class Setup {
        let server: PostgresTestServer
        let database: String
        let proxy: CommitLosingProxy
        let admin: PostgresConnection
        var told: [String] = []
        private(set) var store: PostgresRosterStore!

        init(schema: Bool = true, forImport: Bool = false, answerMargin: Int = 1200) throws {
            server = try PostgresTestServer.shared()
            database = try server.makeDatabase(schema: schema)
            proxy = try CommitLosingProxy(server: server)
            admin = try server.adminConnection(database: database)
            let uri = proxy.uri(database: database, server: server, applicationName: "bob")
            store = forImport
                ? try PostgresRosterStore.openForImport(uri: uri, environment: [:]) { [unowned self] in self.told.append($0) }
                : try PostgresRosterStore.open(uri: uri, environment: [:], markerWithFirstRequest: true) { [unowned self] in self.told.append($0) }
            store.answerMarginMilliseconds = answerMargin
            try store.setBusyTimeout(milliseconds: 300)
        }

        deinit {
            admin.close()
            proxy.stop()
        }

        func weapon(of name: String) throws -> String? {
            try admin.query("SELECT weapon FROM roster.monster WHERE name = $1", [name]).firstValue
        }
    }

    private func sentence(_ error: any Error) -> String {
        guard case RosterError.serverUnavailable(let sentence) = error else { return "not serverUnavailable: \(error)" }
        return sentence
    }

    private func seconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    @Test("a write whose lock's answer never comes: told in seconds, nothing changed, and the lock freed by the server")
    func silentBeforeCommit() throws {
        let setup = try Setup()
        setup.proxy.arm(.stall, on: "LOCK TABLE")
        let start = DispatchTime.now().uptimeNanoseconds
        var thrown: (any Error)?
        do {
            _ = try setup.store.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .fire)])
        } catch {
            thrown = error
        }
        let waited = seconds(since: start)
        let told = thrown.map(sentence) ?? "no error"
        #expect(told.contains("stopped answering: nothing came for 1.5 s"), "\(told)")
        #expect(told.hasSuffix("; nothing was changed"), "\(told)")
        #expect(waited < 6, "waited \(waited) s")
        #expect(setup.proxy.cuts == 1)
        #expect(try setup.weapon(of: "Dog-Bot") == "blowgun")
        // The silent session still holds the write lock on the server
        // (the proxy keeps its end open); the server drops it once idle
        // as long as the answer timeout, and another writer gets in.
        let alice = try PostgresRosterStore.open(uri: setup.server.uri(database: setup.database, applicationName: "alice"),
                                                 environment: [:])
        try alice.setBusyTimeout(milliseconds: 4000)
        let changes = try alice.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        #expect(changes.count == 1)
        #expect(seconds(since: start) < 10)
        alice.close()
    }

    @Test("a write whose COMMIT's answer never comes: the look-up finds it saved, and says the server stopped answering")
    func silentAfterCommit() throws {
        let setup = try Setup()
        setup.proxy.arm(.stall)
        let changes = try setup.store.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .smoke)])
        #expect(changes.count == 1)
        #expect(setup.told.count == 1)
        #expect(setup.told.first?.contains("stopped answering: nothing came for 1.5 s") == true, "\(setup.told)")
        #expect(setup.told.first?.contains("but the change was saved (history entry") == true, "\(setup.told)")
        #expect(try setup.weapon(of: "Dog-Bot") == "smoke")
        // The store carries on, on its new connection.
        #expect(try setup.store.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .fire)]).count == 1)
    }

    @Test("a read whose answer never comes ends too, with the same sentence")
    func silentRead() throws {
        let setup = try Setup()
        _ = try setup.store.monsters()
        setup.proxy.arm(.stall, on: "roster.monster")
        let start = DispatchTime.now().uptimeNanoseconds
        #expect { _ = try setup.store.monsters() } throws: {
            self.sentence($0).contains("stopped answering") && !self.sentence($0).contains("nothing was changed")
        }
        #expect(seconds(since: start) < 6)
    }

    @Test("roster's own sessions ask the server to drop an idle transaction and to probe a vanished client")
    func serverSideLimits() throws {
        let setup = try Setup()
        let alice = try PostgresRosterStore.open(uri: setup.server.uri(database: setup.database, applicationName: "alice"),
                                                 environment: [:])
        defer { alice.close() }
        let row = try alice.connection.query("""
            SELECT current_setting('idle_in_transaction_session_timeout'), current_setting('tcp_keepalives_idle'),
                   current_setting('statement_timeout')
            """).rows.first ?? []
        // 5 s busy + 10 s margin. (tcp_keepalives_* read 0 on a unix
        // socket, where they do not apply; they are sent all the same.)
        #expect(row.first == "15s")
        #expect(PostgresRosterStore.startupParameters()["tcp_keepalives_idle"] == "10")
        #expect(PostgresRosterStore.startupParameters()["idle_in_transaction_session_timeout"] == "15000ms")
    }

    @Test("a statement_timeout set for the database does not cut roster's writes short, and cuts a read with its own sentence")
    func statementTimeout() throws {
        let setup = try Setup()
        try setup.admin.simpleQuery("ALTER DATABASE \(setup.database) SET statement_timeout = '50ms'")
        let uri = setup.server.uri(database: setup.database, applicationName: "carol")
        let carol = try PostgresRosterStore.open(uri: uri, environment: [:])
        defer { carol.close() }
        // An import whose statements take longer than 50 ms.
        var text = "name,weapon\n"
        for number in 0..<20_000 { text += "Bulk\(number)-Bot,fire\n" }
        let reader = try MonsterReader(input: ChunkedInput(bytes: Array(text.utf8), name: "bulk.csv"), format: .csv, raw: false)
        #expect(try carol.importMonsters(from: reader, mode: .insert) == ImportSummary(added: 20_000))
        // A read the server cancels is told as that, not as "busy".
        let failure = ServerError(fields: [UInt8(ascii: "C"): "57014", UInt8(ascii: "M"): "canceling statement due to statement timeout"])
        let read = PostgresRosterStore.mapped(.server(failure), settings: carol.settings, writing: false)
        guard case .heldUp(let said) = read else {
            Issue.record("expected heldUp, got \(read)")
            return
        }
        #expect(said == "PostgreSQL at \(carol.settings.serverDescription) cancelled roster's statement (the statement_timeout set for role `postgres` or its database cut it short); ask for a longer one")
    }

    @Test("an import into a database with no roster whose COMMIT is lost: nothing was saved, and it says so")
    func lostImportMadeNoRoster() throws {
        let setup = try Setup(schema: false, forImport: true)
        let reader = try MonsterReader(input: ChunkedInput(bytes: Array("name,weapon\nImp-Bot,fire\n".utf8), name: "imp.csv"),
                                       format: .csv, raw: false)
        setup.proxy.arm(.beforeCommit)
        #expect { _ = try setup.store.importMonsters(from: reader, mode: .insert) } throws: {
            self.sentence($0).hasSuffix("; nothing was changed") && !self.sentence($0).contains("roster history")
        }
        #expect(try setup.admin.query("SELECT count(*) FROM pg_namespace WHERE nspname = 'roster'").firstValue == "0")
    }
}
