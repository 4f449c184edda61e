import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// What a roster a team shares on PostgreSQL adds to the store's promises:
/// a schema of its own, refused when it is not roster's or is newer; who
/// made each change; undo of your own changes; a write lock that answers
/// busy; a reader role that changes nothing; a server that cannot be
/// reached, told in one sentence without the password.
@Suite("A roster on PostgreSQL")
struct PostgresStoreTests {
    private func store(_ database: String, as person: String = "tester-a") throws -> PostgresRosterStore {
        try PostgresRosterStore.open(uri: PostgresTestServer.shared().uri(database: database, applicationName: person), environment: [:])
    }

    @Test("a database without roster's schema gets it, beside other tables it never touches")
    func makesItsSchema() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase(schema: false)
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        try admin.simpleQuery("CREATE TABLE public.monster (id int); INSERT INTO public.monster VALUES (42)")
        let roster = try store(database)
        #expect(try roster.count() == 6)
        #expect(try admin.query("SELECT application, version FROM roster.roster_schema").rows == [["roster", String(PostgresSchema.currentVersion)]])
        #expect(try admin.query("SELECT id FROM public.monster").rows == [["42"]])
        #expect(try admin.query("SELECT last_value FROM roster.monster_id").firstValue == "6")
    }

    @Test("an import into a database with no roster starts from an empty roster, as a new file's; a failed one or a dry run makes nothing")
    func importIntoNewDatabase() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase(schema: false)
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        func reader(_ text: String) throws -> MonsterReader {
            try MonsterReader(input: ChunkedInput(bytes: Array(text.utf8), name: "new.csv"), format: .csv, raw: false)
        }
        func hasSchema() throws -> Bool { try admin.query("SELECT to_regnamespace('roster') IS NOT NULL").firstValue == "t" }
        let uri = server.uri(database: database)
        let clashing = try PostgresRosterStore.openForImport(uri: uri, environment: [:])
        #expect(throws: RosterError.self) { try clashing.importMonsters(from: reader("name,weapon\nBat-Bot,fire\nbat-bot,fire\n"), mode: .insert) }
        #expect(try clashing.importMonsters(from: reader("name,weapon\nBat-Bot,fire\n"), mode: .insert, dryRun: true) == ImportSummary(added: 1))
        #expect(try clashing.previewImport(from: reader("name,weapon\nBat-Bot,fire\n"), mode: .insert).summary == ImportSummary(added: 1))
        #expect(try !hasSchema())
        let store = try PostgresRosterStore.openForImport(uri: uri, environment: [:])
        #expect(try store.importMonsters(from: reader("name,weapon\nBat-Bot,smoke\nOwl-Bot,fire\n"), mode: .insert) == ImportSummary(added: 2))
        #expect(try store.monsters().map(\.name) == ["Bat-Bot", "Owl-Bot"])
        #expect(try store.monsters().map(\.id) == [1, 2])
        #expect(try store.history().map(\.command) == ["import"])
        #expect(try admin.query("SELECT application, version FROM roster.roster_schema").rows == [["roster", String(PostgresSchema.currentVersion)]])
        // The next import goes into the roster the first one made.
        #expect(try store.importMonsters(from: reader("name,weapon\nCow-Bot,sword\n"), mode: .insert) == ImportSummary(added: 1))
        #expect(try PostgresRosterStore.openForImport(uri: uri, environment: [:]).count() == 3)
    }

    @Test("opened as the command line opens it, the marker rides with the first request: set-weapon is two round trips, and a missing, foreign or newer schema is still found before anything changes")
    func markerWithFirstRequest() throws {
        let server = try PostgresTestServer.shared()
        func lazily(_ database: String) throws -> PostgresRosterStore {
            try PostgresRosterStore.open(uri: server.uri(database: database), environment: [:], markerWithFirstRequest: true)
        }
        let cat = [WeaponAssignment(reference: "Cat-Bot", weapon: .fire)]
        let ready = try lazily(try server.makeDatabase())
        _ = try ready.setWeapons(cat)
        // The lookup (with the marker), then the writes with the COMMIT.
        #expect(ready.connection.requestsSent == 2)
        #expect(try ready.find("Cat-Bot")?.weapon.type == .fire)

        let missing = try lazily(try server.makeDatabase(schema: false))
        _ = try missing.setWeapons(cat)
        #expect(try missing.monsters().count == 6)
        #expect(try missing.find("Cat-Bot")?.weapon.type == .fire)

        let foreign = try server.makeDatabase(schema: false)
        let foreignAdmin = try server.adminConnection(database: foreign)
        defer { foreignAdmin.close() }
        try foreignAdmin.simpleQuery("CREATE SCHEMA roster; CREATE TABLE roster.monster (name_key text, weapon text); INSERT INTO roster.monster VALUES ('cat-bot', 'x')")
        for attempt in [{ _ = try lazily(foreign).setWeapons(cat) }, { _ = try lazily(foreign).monsters() }] as [() throws -> Void] {
            #expect { try attempt() } throws: { error in
                guard case RosterError.foreignSchema = error else { return false }
                return true
            }
        }
        #expect(try foreignAdmin.query("SELECT weapon FROM roster.monster").firstValue == "x")

        let newer = try server.makeDatabase()
        let newerAdmin = try server.adminConnection(database: newer)
        defer { newerAdmin.close() }
        try newerAdmin.simpleQuery("UPDATE roster.roster_schema SET version = 99")
        for attempt in [{ _ = try lazily(newer).setWeapons(cat) }, { _ = try lazily(newer).monsters() }] as [() throws -> Void] {
            #expect { try attempt() } throws: { error in
                guard case RosterError.newerDatabase(_, let version) = error else { return false }
                return version == 99
            }
        }
        #expect(try newerAdmin.query("SELECT weapon FROM roster.monster WHERE name_key = 'cat-bot'").firstValue == "sword")
        #expect(try newerAdmin.query("SELECT count(*) FROM roster.history").firstValue == "0")
    }

    @Test("a schema named roster that is not roster's is refused in one sentence and left as it is")
    func foreignSchema() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase(schema: false)
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        try admin.simpleQuery("CREATE SCHEMA roster; CREATE TABLE roster.notes (body text)")
        #expect {
            try store(database)
        } throws: { error in
            guard case RosterError.foreignSchema = error else { return false }
            return "\(error)".contains("is not roster's")
        }
        #expect(try admin.query("SELECT count(*) FROM pg_class WHERE relnamespace = 'roster'::regnamespace").firstValue == "1")
    }

    @Test("a roster schema from a newer roster is refused and left as it is")
    func newerSchema() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        try admin.simpleQuery("UPDATE roster.roster_schema SET version = 99")
        #expect {
            try store(database)
        } throws: { error in
            guard case RosterError.newerDatabase(_, let version) = error else { return false }
            return version == 99
        }
        #expect(try admin.query("SELECT version FROM roster.roster_schema").firstValue == "99")
    }

    @Test("the history says who made each change, and undo takes back your own, refusing over another's later change")
    func perPersonUndo() throws {
        let database = try PostgresTestServer.shared().makeDatabase()
        let alice = try store(database, as: "alice-laptop")
        let bob = try store(database, as: "bob-desk")
        _ = try alice.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        _ = try bob.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .fire)])
        #expect(try alice.history().map(\.author) == ["postgres on bob-desk", "postgres on alice-laptop"])
        // Alice's undo takes back her change, not Bob's newer one.
        #expect(try alice.undo().sentences == ["undid set-weapon Cat-Bot: Sword → Fire"])
        #expect(try alice.find("Dog-Bot")?.weapon.type == .fire)
        #expect(try alice.undo().shortfall == "nothing of yours to undo")
        // Redone, then changed by Bob: Alice's undo is refused, naming Bob's change and Bob.
        _ = try alice.redo()
        _ = try bob.edit("Cat-Bot", MonsterChanges(description: "Purr"))
        #expect {
            try alice.undo()
        } throws: { error in
            guard case RosterError.historyRefused(let sentence, _) = error else { return false }
            return sentence.hasPrefix("cannot undo #") && sentence.contains("Cat-Bot has been changed since, by #")
                && sentence.contains("edit Cat-Bot") && sentence.contains("(postgres on bob-desk)")
                && sentence.hasSuffix("nothing was undone")
        }
        #expect(try alice.find("Cat-Bot")?.description == "Purr")
        // The team's latest change, whoever made it.
        alice.undoScope = .everyone
        #expect(try alice.undo().sentences.first?.hasPrefix("undid edit Cat-Bot") == true)
    }

    @Test("a write waiting longer than the busy timeout for the write lock is busy, and changes nothing")
    func busy() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let holder = try server.adminConnection(database: database)
        defer { holder.close() }
        try holder.simpleQuery("BEGIN")
        try holder.simpleQuery(PostgresSchema.writeLock)
        let roster = try store(database)
        try roster.setBusyTimeout(milliseconds: 200)
        let started = Date()
        #expect {
            try roster.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        } throws: { error in
            guard case RosterError.busy = error else { return false }
            return true
        }
        #expect(Date().timeIntervalSince(started) < 3)
        try holder.simpleQuery("ROLLBACK")
        #expect(try roster.find("Cat-Bot")?.weapon.type == .sword)
        _ = try roster.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        #expect(try roster.find("Cat-Bot")?.weapon.type == .fire)
    }

    @Test("a role that may only read browses, and every write is refused in one sentence, changing nothing")
    func readerRole() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        try admin.grantReading(to: "reader")
        let reader = try PostgresRosterStore.open(uri: server.uri(database: database, user: "reader"), environment: [:])
        #expect(try reader.count() == 6)
        #expect {
            try reader.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        } throws: { error in
            // Refused permission (exit 77), naming the role.
            guard case RosterError.notPermitted = error else { return false }
            return "\(error)".contains("`reader` may only read it") && "\(error)".contains("nothing was changed")
        }
        #expect(try reader.find("Cat-Bot")?.weapon.type == .sword)
        #expect(try reader.historyCount() == 0)
    }

    @Test("a server that cannot be reached is one sentence naming it, never the password")
    func unreachable() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("no-server-\(UUID().uuidString)").path
        #expect {
            try PostgresRosterStore.open(uri: "postgresql://alice:s3cret-pw@/roster?host=\(folder)&connect_timeout=2", environment: [:])
        } throws: { error in
            guard case RosterError.serverUnavailable(let sentence) = error else { return false }
            return sentence.contains(folder) && !sentence.contains("s3cret-pw") && !sentence.contains("\n")
        }
    }

    @Test("the roster's name is the server, database and user, without the password")
    func nameWithoutPassword() throws {
        let database = try PostgresTestServer.shared().makeDatabase()
        let server = try PostgresTestServer.shared()
        let roster = try PostgresRosterStore.open(
            uri: "postgresql://postgres:never-shown@/\(database)?host=\(server.folder)&port=\(server.port)", environment: [:])
        #expect(roster.name.contains(database) && !roster.name.contains("never-shown"))
        #expect(roster.filePath == nil)
    }

    @Test("the change counter moves with every change anyone makes, announced by NOTIFY")
    func changeCounter() throws {
        let database = try PostgresTestServer.shared().makeDatabase()
        let watching = try store(database)
        let writer = try store(database, as: "tester-b")
        let before = try watching.changeCounter()
        _ = try writer.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        // The change is announced by NOTIFY, which arrives on its own time.
        let deadline = Date().addingTimeInterval(2)
        var now = try watching.changeCounter()
        while now == before, Date() < deadline {
            usleep(5_000)
            now = try watching.changeCounter()
        }
        #expect(now != before)
        // Nothing new, nothing moves.
        #expect(try watching.changeCounter() == now)
    }

    @Test("a file roster and a PostgreSQL roster holding the same monsters export the same bytes in every format")
    func exportsAlike() throws {
        let file = try TestRoster(.sqlite)
        let server = try TestRoster(.postgres)
        let text = """
            id,name,weapon,description,icon,name_color,height,origin,activated
            3,"Comma, Bot",fire,"He said ""hi""; then left",unknown.png,red,5ft11in,DE,2020-01-02T03:04:05Z
            7,=Formula-Bot,smoke,"=1+2 \\N back\\slash",meetcatbot.png,default,,,
            -4,Négative-Bot,sword,"tab\there, ünïcödé ✓ 日本",meetdogbot.png,blue,0ft1in,JP,
            12,<b>Tag-Bot</b>,blowgun,<script>alert(1)</script> & $x$ @3 --,meetfirebot.png,green,,,1999-12-31T23:59:59Z

            """
        for roster in [file, server] {
            let store = try roster.open()
            _ = try store.importMonsters(from: MonsterReader(input: ChunkedInput(bytes: Array(text.utf8), name: "same.csv"),
                                                             format: .csv, raw: false), mode: .replace)
        }
        for format in ExportFormat.allCases {
            #expect(try exported(file.open(), format) == exported(server.open(), format), "\(format)")
        }
        for form in [MonsterRecords.Form.plain, .jsonLine] {
            #expect(try listed(file.open(), form) == listed(server.open(), form))
        }
    }

    private func exported(_ store: any RosterStore, _ format: ExportFormat) throws -> [UInt8] {
        try capture { output in try store.export(format, to: output) }
    }

    private func listed(_ store: any RosterStore, _ form: MonsterRecords.Form) throws -> [UInt8] {
        try capture { output in try store.appendRecords(form, to: output) }
    }

    private func capture(_ write: (ByteOutput) throws -> Void) throws -> [UInt8] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)").path
        defer { unlink(file) }
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let output = ByteOutput(fileDescriptor: descriptor, name: file)
        try write(output)
        try output.flush()
        close(descriptor)
        return [UInt8](FileManager.default.contents(atPath: file) ?? Data())
    }
}

/// A server that goes away under an open store, as under an interface
/// left open: requests are refused in one sentence while it is gone, and
/// the store carries on by itself once it is back.
@Suite("A PostgreSQL roster whose server goes away")
struct PostgresReconnectTests {
    @Test("while the server is down every request is unavailable (exit 75), and once it is back the store reconnects")
    func reconnects() throws {
        let folder = "/tmp/roster-store-reconnect-\(getpid())"
        try PostgresTestServer.script(["start", folder, "--port", "5432"])
        defer { try? PostgresTestServer.script(["stop", folder]) }
        let store = try PostgresRosterStore.open(uri: "postgresql://postgres@/postgres?host=\(folder)&port=5432", environment: [:])
        #expect(try store.count() == 6)
        // The test cluster commits without waiting for its log (synchronous_commit
        // off): the new schema is made durable before the crash.
        let admin = try PostgresConnection.connect(ConnectionSettings(host: folder, port: 5432, user: "postgres", database: "postgres"))
        try admin.simpleQuery("CHECKPOINT")
        admin.close()
        try PostgresTestServer.script(["crash", folder])
        // The write's first request (its lookup) finds the session dead:
        // COMMIT was never sent, so nothing was changed, and it says so.
        #expect {
            try store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        } throws: { error in
            guard case RosterError.serverUnavailable(let sentence) = error else { return false }
            return sentence.contains(folder) && sentence.hasSuffix("nothing was changed")
        }
        #expect(throws: RosterError.self) { try store.count() }
        try PostgresTestServer.script(["start", folder, "--port", "5432"])
        // Tried again after a short, growing delay: within a few seconds.
        let deadline = Date().addingTimeInterval(10)
        var count: Int?
        while count == nil, Date() < deadline {
            count = try? store.count()
            if count == nil { usleep(100_000) }
        }
        #expect(count == 6)
        _ = try store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        #expect(try store.find("Cat-Bot")?.weapon.type == .fire)
    }
}
