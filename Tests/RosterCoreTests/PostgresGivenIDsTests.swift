import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// The ids roster gives new monsters on PostgreSQL, whatever another
/// program does to the id sequence or takes from under it: past every id
/// the roster and its history have held (schema 14), and never an id
/// another program inserted while roster was writing.
@Suite("PostgreSQL ids never given twice, whatever the sequence says")
struct PostgresGivenIDsTests {
    private func rosterWithWriter() throws -> (roster: PostgresRosterStore, psql: PostgresConnection, admin: PostgresConnection) {
        // The older recipe's grants: UPDATE on the sequences, with which a writer can wind them back.
        let made = try PostgresTestServer.rosterWithWriter("numberer")
        try made.admin.simpleQuery("GRANT UPDATE ON ALL SEQUENCES IN SCHEMA roster TO numberer")
        return made
    }

    private func monster(_ name: String) -> Monster {
        Monster(id: 0, name: name, description: "", icon: "meetcatbot.png", nameColor: .default, weapon: Weapon(.fire))
    }

    private func records(_ text: String) throws -> MonsterReader {
        try MonsterReader(input: ChunkedInput(bytes: Array(text.utf8), name: "new.json"), format: .json, raw: false)
    }

    @Test("a writer winding the sequence back: add, its dry run and every import mode give ids past the removed monster's, whose history stays its own")
    func windBack() throws {
        let (roster, psql, admin) = try rosterWithWriter()
        defer { psql.close(); admin.close() }
        #expect(try roster.add(monster("X-Bot")).id == 7)
        #expect(try roster.remove(["X-Bot"], dryRun: false, confirmed: nil).map(\.id) == [7])
        try psql.simpleQuery("SELECT setval('roster.monster_id', 1)")
        #expect(try roster.add(monster("Y-Bot"), dryRun: true).id == 8)
        #expect(try roster.add(monster("Y-Bot")).id == 8)
        let touching = "SELECT monster, count(*) FROM roster.history_row WHERE monster >= 7 GROUP BY monster ORDER BY monster"
        #expect(try admin.query(touching).rows == [["7", "2"], ["8", "1"]])
        #expect(try roster.add(monster("Z-Bot")).id == 9)

        try psql.simpleQuery("SELECT setval('roster.monster_id', 1)")
        #expect(try roster.importMonsters(from: records(#"[{"name":"I-Bot","icon":"meetcatbot.png","weapon":"fire"}]"#), mode: .insert,
                                          dryRun: true) == ImportSummary(added: 1))
        #expect(try roster.importMonsters(from: records(#"[{"name":"I-Bot","icon":"meetcatbot.png","weapon":"fire"}]"#), mode: .insert)
                == ImportSummary(added: 1))
        #expect(try roster.find("I-Bot")?.id == 10)
        try psql.simpleQuery("SELECT setval('roster.monster_id', 3)")
        #expect(try roster.importMonsters(from: records(#"[{"name":"U-Bot","icon":"meetcatbot.png","weapon":"fire"}]"#), mode: .upsert)
                == ImportSummary(added: 1))
        #expect(try roster.find("U-Bot")?.id == 11)
        // A replace import keeps the roster it replaced for undo: those ids too.
        try psql.simpleQuery("SELECT setval('roster.monster_id', 1)")
        #expect(try roster.importMonsters(from: records(#"[{"name":"R-Bot","icon":"meetcatbot.png","weapon":"fire"}]"#), mode: .replace)
                == ImportSummary(added: 1, removed: 10))
        #expect(try roster.find("R-Bot")?.id == 12)
        try psql.simpleQuery("SELECT setval('roster.monster_id', 1)")
        #expect(try roster.add(monster("W-Bot")).id == 13)
        #expect(try admin.query("SELECT last_value FROM roster.monster_id").firstValue == "13")
    }

    @Test("the highest ids held, past the largest: add says in one sentence that no id is left, not the server's overflow")
    func windBackAtTheEnd() throws {
        let (roster, psql, admin) = try rosterWithWriter()
        defer { psql.close(); admin.close() }
        try psql.simpleQuery("""
            INSERT INTO roster.monster (id, name, name_key, icon, weapon) VALUES (9223372036854775807, 'Last-Bot', 'uuid-last', 'meetcatbot.png', 'fire');
            SELECT setval('roster.monster_id', 1)
            """)
        #expect { try roster.add(monster("Late-Bot")) } throws: { error in
            "\(error)".contains("has no monster id left to give") && !"\(error)".contains("range")
        }
        #expect(try roster.find("Late-Bot") == nil)
    }

    @Test("a writer moving the ids given to the largest: add names that cause and the owner's repair, which sharing.md's statement makes")
    func idsMovedToTheEnd() throws {
        let made = try PostgresTestServer.rosterWithWriter("mover")
        defer { made.psql.close(); made.admin.close() }
        #expect(try made.roster.add(monster("X-Bot")).id == 7)
        _ = try made.roster.remove(["X-Bot"], dryRun: false, confirmed: nil)
        try made.psql.simpleQuery("SELECT roster.monster_ids_given(9223372036854775807)")
        #expect { try made.roster.add(monster("Late-Bot")) } throws: { error in
            let text = "\(error)"
            return text.contains("has no monster id left to give") && text.contains("another program moving the ids given there")
                && text.contains("the roster's owner can give the ids past the highest one held again") && text.contains("When no id is left")
                && text.contains("nothing was changed")
        }
        #expect(try made.roster.find("Late-Bot") == nil)
        // The owner's statement, as docs/sharing.md gives it: ids past those held (7, in X-Bot's history) again.
        let docs = try String(contentsOfFile: PostgresTestServer.repositoryRoot + "/docs/sharing.md", encoding: .utf8)
        let repair = try #require(docs.components(separatedBy: "```sql\nWITH held AS").dropFirst().first?.components(separatedBy: "```").first)
        try made.admin.simpleQuery("WITH held AS" + repair)
        #expect(try made.roster.add(monster("Late-Bot")).id == 8)
    }

    @Test("a script inserting the id roster drew while roster's add waits to write it: the add is made again with the next id, once")
    func takenMeanwhile() throws {
        let (roster, psql, admin) = try rosterWithWriter()
        defer { psql.close(); admin.close() }
        // The add's last round trip (its history entry, its monster, the
        // commit) waits behind this lock, after its id was drawn.
        let server = try PostgresTestServer.shared()
        guard let database = try admin.query("SELECT current_database()").firstValue else { return }
        let holder = try server.adminConnection(database: database)
        defer { holder.close() }
        // Keys checked first, so that the add writes nothing the script's commit would wait for.
        _ = try roster.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .sword)])
        try psql.simpleQuery("SET statement_timeout = '10s'")
        try holder.simpleQuery("BEGIN; LOCK TABLE roster.history IN SHARE MODE")
        final class Outcome: @unchecked Sendable { var id: Int64?; var error: (any Error)? }
        let outcome = Outcome()
        nonisolated(unsafe) let store = roster
        let added = monster("Mx-Bot")
        let done = DispatchSemaphore(value: 0)
        Thread {
            do { outcome.id = try store.add(added).id } catch { outcome.error = error }
            done.signal()
        }.start()
        var drawn: String?
        for _ in 0..<200 where drawn == nil {
            drawn = try admin.query("SELECT last_value FROM roster.monster_id WHERE is_called AND last_value > 6").firstValue
            if drawn == nil { Thread.sleep(forTimeInterval: 0.02) }
        }
        #expect(drawn == "7")
        // What a script numbering by max(id) + 1 inserts: the drawn id, not past the sequence.
        try psql.simpleQuery("""
            INSERT INTO roster.monster (id, name, name_key, icon, weapon)
            SELECT max(id) + 1, 'Max-Bot', 'uuid-max', 'meetcatbot.png', 'fire' FROM roster.monster
            """)
        try holder.simpleQuery("COMMIT")
        #expect(done.wait(timeout: .now() + 20) == .success)
        #expect(outcome.error == nil)
        #expect(outcome.id == 8)
        #expect(try admin.query("SELECT id, name FROM roster.monster WHERE id >= 7 ORDER BY id").rows == [["7", "Max-Bot"], ["8", "Mx-Bot"]])
        #expect(try admin.query("SELECT count(*), min(monster) FROM roster.history_row WHERE monster >= 7").rows == [["1", "8"]])
    }

    /// Runs `mode`'s import of `text` while another program's open
    /// transaction holds a row with id 7, the id the sequence gives next
    /// (its trigger off, as `session_replication_role` does for a
    /// replica's writes, so that the sequence does not move past it),
    /// committed once the import waits on it; what the import said.
    private func importBesideHeldRow(_ mode: ImportMode, _ text: String,
                                     _ roster: PostgresRosterStore, _ admin: PostgresConnection) throws -> Result<ImportSummary, any Error>? {
        _ = try roster.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .sword)])
        let server = try PostgresTestServer.shared()
        guard let database = try admin.query("SELECT current_database()").firstValue else { return nil }
        let other = try server.adminConnection(database: database)
        defer { other.close() }
        try other.simpleQuery("""
            SET session_replication_role = replica; BEGIN;
            INSERT INTO roster.monster (id, name, name_key, icon, weapon) VALUES (7, 'Held-Bot', 'uuid-held', 'meetcatbot.png', 'fire')
            """)
        final class Outcome: @unchecked Sendable { var result: Result<ImportSummary, any Error>? }
        let outcome = Outcome()
        nonisolated(unsafe) let store = roster
        nonisolated(unsafe) let reader = try records(text)
        let done = DispatchSemaphore(value: 0)
        Thread {
            outcome.result = Result { try store.importMonsters(from: reader, mode: mode) }
            done.signal()
        }.start()
        var waiting = "0"
        for _ in 0..<250 where waiting == "0" {
            waiting = try admin.query("""
                SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
                """).firstValue ?? "0"
            if waiting == "0" { Thread.sleep(forTimeInterval: 0.02) }
        }
        #expect(waiting == "1")
        try other.simpleQuery("COMMIT")
        #expect(done.wait(timeout: .now() + 20) == .success)
        return outcome.result
    }

    @Test("an insert import whose drawn id another program's open transaction holds: the import waits, then numbers its rows again past it")
    func importTakenMeanwhile() throws {
        let (roster, psql, admin) = try rosterWithWriter()
        defer { psql.close(); admin.close() }
        let result = try importBesideHeldRow(.insert, #"[{"name":"I1-Bot","icon":"meetcatbot.png","weapon":"fire"},{"name":"I2-Bot","icon":"meetcatbot.png","weapon":"fire"}]"#,
                                             roster, admin)
        #expect(try result?.get() == ImportSummary(added: 2))
        #expect(try admin.query("SELECT id, name FROM roster.monster WHERE id >= 7 ORDER BY id").rows
                == [["7", "Held-Bot"], ["8", "I1-Bot"], ["9", "I2-Bot"]])
    }

    @Test("a replace import whose counted id another program's open transaction holds: the import waits, then says so in a sentence, nothing changed")
    func replaceTakenMeanwhile() throws {
        let (roster, psql, admin) = try rosterWithWriter()
        defer { psql.close(); admin.close() }
        let result = try importBesideHeldRow(.replace, #"[{"name":"R-Bot","icon":"meetcatbot.png","weapon":"fire"}]"#, roster, admin)
        #expect(throws: RosterError.self) { try result?.get() }
        if case .failure(let error) = result {
            #expect("\(error)".contains("another program inserted a monster with an id the import gives"), "\(error)")
            #expect(!"\(error)".contains("SQLSTATE"))
        }
        #expect(try admin.query("SELECT count(*) FROM roster.monster").firstValue == "7")
        #expect(try roster.importMonsters(from: records(#"[{"name":"R-Bot","icon":"meetcatbot.png","weapon":"fire"}]"#), mode: .replace)
                == ImportSummary(added: 1, removed: 7))
        #expect(try admin.query("SELECT count(*) FROM roster.history_roster").firstValue == "7")
    }

    @Test("a writer granted only USAGE on the sequences adds and imports, and cannot wind them back")
    func usageOnly() throws {
        let (roster, psql, admin) = try rosterWithWriter()
        defer { psql.close(); admin.close() }
        try admin.simpleQuery("REVOKE UPDATE ON ALL SEQUENCES IN SCHEMA roster FROM numberer")
        #expect(throws: PostgresError.self) { try psql.simpleQuery("SELECT setval('roster.monster_id', 1)") }
        #expect(try roster.add(monster("A-Bot")).id == 7)
        #expect(try roster.importMonsters(from: records(#"[{"name":"B-Bot","icon":"meetcatbot.png","weapon":"fire"}]"#), mode: .insert)
                == ImportSummary(added: 1))
        #expect(try roster.importMonsters(from: records(#"[{"id":50,"name":"C-Bot","icon":"meetcatbot.png","weapon":"fire"},{"name":"D-Bot","icon":"meetcatbot.png","weapon":"fire"}]"#),
                                          mode: .replace) == ImportSummary(added: 2, removed: 8))
        #expect(try roster.find("D-Bot")?.id == 51)
        #expect(try roster.add(monster("E-Bot")).id == 52)
    }

    @Test("a reader, or a role that may only connect, cannot move the ids given nor draw one; a writer still adds")
    func onlyWritersMoveIDs() throws {
        let (roster, psql, admin) = try rosterWithWriter()
        defer { psql.close(); admin.close() }
        let server = try PostgresTestServer.shared()
        let database = try admin.query("SELECT current_database()").firstValue ?? ""
        try admin.grantReading(to: "ci_reader")
        try admin.makeLoginRole("conn")
        for role in ["ci_reader", "conn"] {
            let other = try server.connection(as: role, database: database)
            defer { other.close() }
            for call in ["SELECT roster.monster_ids_given(9223372036854775000)", "SELECT roster.draw_monster_id()"] {
                #expect(throws: PostgresError.self, "\(role): \(call)") { try other.simpleQuery(call) }
            }
        }
        #expect(try admin.query("SELECT last_id FROM roster.monster_id_given").firstValue == "6")
        #expect(try roster.add(monster("After-Bot")).id == 7)
    }

    @Test("a writer through a group it does not inherit from (its role set at each login), and one granted columns, add monsters")
    func writersThroughRolesAndColumns() throws {
        let (roster, psql, admin) = try rosterWithWriter()
        defer { psql.close(); admin.close() }
        let server = try PostgresTestServer.shared()
        let database = try admin.query("SELECT current_database()").firstValue ?? ""
        try admin.grantWriting(to: "writers_group")
        try admin.simpleQuery("""
            ALTER ROLE writers_group NOLOGIN;
            DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'noinherit_member') THEN
                CREATE ROLE noinherit_member LOGIN NOINHERIT IN ROLE writers_group; END IF; END $$;
            ALTER ROLE noinherit_member SET role = 'writers_group';
            """)
        try admin.makeLoginRole("column_writer")
        try admin.simpleQuery("""
            GRANT USAGE ON SCHEMA roster TO column_writer;
            GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA roster TO column_writer;
            REVOKE INSERT ON roster.monster FROM column_writer;
            GRANT INSERT (id, name, name_key, keyed_name, description, icon, name_color, weapon, height, origin, activated)
                ON roster.monster TO column_writer;
            REVOKE INSERT, UPDATE, DELETE ON roster.roster_schema FROM column_writer;
            GRANT UPDATE (keys_checked, keys_fold) ON roster.roster_schema TO column_writer;
            GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA roster TO column_writer;
            """)
        var ids: [Int64] = [try roster.add(monster("Owner-Bot")).id]
        for role in ["noinherit_member", "column_writer"] {
            let writer = try PostgresRosterStore.open(uri: server.uri(database: database, user: role), environment: [:])
            ids.append(try writer.add(monster("\(role)-Bot")).id)
            writer.close()
        }
        #expect(ids == [7, 8, 9])
        // A reader still may not.
        try admin.grantReading(to: "ci_reader")
        let reader = try server.connection(as: "ci_reader", database: database)
        defer { reader.close() }
        #expect(throws: PostgresError.self) { try reader.simpleQuery("SELECT roster.draw_monster_id()") }
    }
}
