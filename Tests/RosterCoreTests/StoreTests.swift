import Foundation
import Testing
@testable import RosterCore

/// A roster database in a fresh temporary folder, removed when this goes:
/// keep it for as long as a store opened on it is used, or the store
/// writes into a removed file (and is refused, as such a write should be).
final class TemporaryRoster {
    let directory: URL
    var path: String { directory.appendingPathComponent("roster.db").path }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func open() throws -> SQLiteRosterStore { try SQLiteRosterStore.open(path: path) }

    func bytes(_ path: String? = nil) -> Data? { FileManager.default.contents(atPath: path ?? self.path) }
}

@Suite("Opening the roster file")
struct OpeningTests {
    @Test("a missing file, in missing folders, becomes the default roster")
    func createsDefaults() throws {
        let temporary = try TemporaryRoster()
        let nested = temporary.directory.appendingPathComponent("a/b/roster.db").path
        let store = try SQLiteRosterStore.open(path: nested)
        let monsters = try store.monsters()
        #expect(monsters.map(\.name) == ["Cat-Bot", "Dog-Bot", "Explode-Bot", "Fire-Bot", "Ice-Bot", "Mini-Tomato-Bot"])
        #expect(monsters.map(\.weapon.type) == [.sword, .blowgun, .smoke, .ninjaStar, .fire, .ninjaStar])
        #expect(monsters.first?.description == "MEE-OW")
        #expect(monsters.first?.icon == "meetcatbot.png")
        #expect(try store.database.integer("PRAGMA user_version") == Int64(Schema.currentVersion))
        #expect(try store.database.integer("PRAGMA foreign_keys") == 1)
        #expect(try store.database.integer("PRAGMA synchronous") == 2)
        #expect(try store.database.integer("PRAGMA busy_timeout") == Int64(SQLiteRosterStore.busyTimeoutMilliseconds))
    }

    @Test("opening again neither re-seeds nor migrates")
    func reopening() throws {
        let temporary = try TemporaryRoster()
        _ = try temporary.open().remove(["Cat-Bot"])
        #expect(try temporary.open().count() == 5)
    }

    @Test("an empty file that was there becomes a roster without the default monsters, and says so")
    func emptyFile() throws {
        let temporary = try TemporaryRoster()
        _ = FileManager.default.createFile(atPath: temporary.path, contents: Data())
        let store = try temporary.open()
        #expect(try store.count() == 0)
        #expect(store.notesOnOpening.count == 1)
        #expect(try store.database.integer("SELECT last FROM monster_sequence") == 0)
        #expect(try temporary.open().notesOnOpening.isEmpty)
    }

    @Test("a file that is not a database is refused and left as it was")
    func notADatabase() throws {
        let temporary = try TemporaryRoster()
        let text = Data(String(repeating: "not a database at all\n", count: 200).utf8)
        _ = FileManager.default.createFile(atPath: temporary.path, contents: text)
        #expect { try temporary.open() } throws: { error in
            guard case RosterError.notADatabase = error else { return false }
            return true
        }
        #expect(temporary.bytes() == text)
    }

    @Test("a truncated roster is refused and left as it was")
    func truncated() throws {
        let temporary = try TemporaryRoster()
        let store = try temporary.open()
        for index in 0..<2000 {
            _ = try store.add(Monster(id: 0, name: "Bot \(index)", description: String(repeating: "x", count: 200),
                                      icon: "unknown.png", nameColor: .default, weapon: Weapon(.fire)))
        }
        try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let full = try #require(temporary.bytes())
        let half = full.prefix(full.count / 2)
        let copy = temporary.directory.appendingPathComponent("half.db").path
        _ = FileManager.default.createFile(atPath: copy, contents: half)
        #expect { try SQLiteRosterStore.open(path: copy) } throws: { error in
            guard case RosterError.damaged = error else { return false }
            return true
        }
        #expect(temporary.bytes(copy) == half)
    }

    @Test("a SQLite database that is not a roster is refused and left as it was")
    func foreign() throws {
        let temporary = try TemporaryRoster()
        let database = try Database(path: temporary.path, options: [.readWrite, .create])
        try database.execute("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine')")
        let before = temporary.bytes()
        #expect { try temporary.open() } throws: { error in
            guard case RosterError.foreignDatabase = error else { return false }
            return true
        }
        #expect(temporary.bytes() == before)
    }

    @Test("a roster from a newer version is refused and left as it was")
    func newer() throws {
        let temporary = try TemporaryRoster()
        let store = try temporary.open()
        try store.database.execute("PRAGMA user_version = \(Schema.currentVersion + 1)")
        try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let before = temporary.bytes()
        #expect { try temporary.open() } throws: { error in
            guard case RosterError.newerDatabase(_, let version) = error else { return false }
            return version == Schema.currentVersion + 1
        }
        #expect(temporary.bytes() == before)
    }

    @Test("a folder where the file should be is a clear error")
    func folder() throws {
        let temporary = try TemporaryRoster()
        #expect { try SQLiteRosterStore.open(path: temporary.directory.path) } throws: { error in
            guard case RosterError.cannotOpen(_, let reason) = error else { return false }
            return reason.contains("folder")
        }
    }

    @Test("the location follows --db, then ROSTER_DB, then XDG_DATA_HOME, then HOME")
    func location() {
        let environment: [String: String] = ["ROSTER_DB": "/env.db", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]
        #expect(DatabaseLocation.resolve(explicit: "/flag.db") { environment[$0] } == "/flag.db")
        #expect(DatabaseLocation.resolve(explicit: nil) { environment[$0] } == "/env.db")
        #expect(DatabaseLocation.resolve(explicit: nil) { $0 == "ROSTER_DB" ? nil : environment[$0] } == "/xdg/roster/roster.db")
        #expect(DatabaseLocation.resolve(explicit: nil) { $0 == "HOME" ? "/home/u" : nil } == "/home/u/.local/share/roster/roster.db")
        // A relative XDG_DATA_HOME is ignored, as the spec says.
        #expect(DatabaseLocation.resolve(explicit: nil) { ["XDG_DATA_HOME": "rel", "HOME": "/h"][$0] } == "/h/.local/share/roster/roster.db")
        // A relative HOME too: it made a roster under the working folder.
        #expect(DatabaseLocation.resolve(explicit: nil) { ["HOME": "relative"][$0] }?.hasPrefix("/") != false)
    }
}

@Suite("Changing the roster")
struct ChangingTests {
    @Test("set-weapon changes exactly the named monsters, matched ignoring case or by id")
    func setWeapons() throws {
        let temporary = try TemporaryRoster()
        defer { withExtendedLifetime(temporary) {} }
        let store = try temporary.open()
        let changes = try store.setWeapons([
            WeaponAssignment(reference: "cat-bot", weapon: .fire),
            WeaponAssignment(reference: "2", weapon: .fire),
            WeaponAssignment(reference: "Ice-Bot", weapon: .fire),
        ])
        #expect(changes.map(\.isChange) == [true, true, false])
        #expect(try store.monsters(carrying: .fire).map(\.name) == ["Cat-Bot", "Dog-Bot", "Ice-Bot"])
    }

    @Test("a batch with a missing monster changes nothing and reports every problem")
    func allOrNothing() throws {
        let temporary = try TemporaryRoster()
        defer { withExtendedLifetime(temporary) {} }
        let store = try temporary.open()
        let location = TextLocation(line: 2, column: 1)
        #expect { try store.setWeapons([
            WeaponAssignment(reference: "Cat-Bot", weapon: .fire, location: TextLocation(line: 1, column: 1)),
            WeaponAssignment(reference: "Kat-Bot", weapon: .fire, location: location),
            WeaponAssignment(reference: "Nobody", weapon: .fire, location: TextLocation(line: 3, column: 1)),
        ]) } throws: { error in
            guard case RosterError.problems(let problems, _, _) = error else { return false }
            return problems.count == 2 && problems[0].location == location && problems[0].message.contains("Cat-Bot")
        }
        #expect(try store.find("Cat-Bot")?.weapon.type == .sword)
    }

    @Test("a dry run checks everything and changes nothing")
    func dryRun() throws {
        let temporary = try TemporaryRoster()
        defer { withExtendedLifetime(temporary) {} }
        let store = try temporary.open()
        let changes = try store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .smoke)], dryRun: true)
        #expect(changes.first?.isChange == true)
        #expect(try store.find("Cat-Bot")?.weapon.type == .sword)
        _ = try store.add(Monster(id: 0, name: "New", description: "", icon: "unknown.png", nameColor: .red, weapon: Weapon(.fire)), dryRun: true)
        #expect(try store.find("New") == nil)
        _ = try store.remove(["Dog-Bot"], dryRun: true)
        #expect(try store.count() == 6)
    }

    @Test("names are unique ignoring case, beyond ASCII too")
    func uniqueNames() throws {
        let temporary = try TemporaryRoster()
        defer { withExtendedLifetime(temporary) {} }
        let store = try temporary.open()
        let draft = Monster(id: 0, name: "CAT-BOT", description: "", icon: "unknown.png", nameColor: .default, weapon: Weapon(.fire))
        #expect { try store.add(draft) } throws: { error in
            guard case RosterError.nameTaken = error else { return false }
            return true
        }
        var accented = draft
        accented.name = "Éclair"
        let added = try store.add(accented)
        #expect(added.id == 7)
        accented.name = "éCLAIR"
        #expect(throws: RosterError.self) { try store.add(accented) }
        #expect { try store.edit("Dog-Bot", MonsterChanges(name: "cat-bot")) } throws: { error in
            guard case RosterError.nameTaken = error else { return false }
            return true
        }
        // Renaming a monster to another case of its own name is allowed.
        let recased = try store.edit("Dog-Bot", MonsterChanges(name: "DOG-BOT"))
        #expect(recased.after.name == "DOG-BOT")
    }

    @Test("SQL in a name is stored and read back literally")
    func sqlInjection() throws {
        let temporary = try TemporaryRoster()
        defer { withExtendedLifetime(temporary) {} }
        let store = try temporary.open()
        let name = "Robert'); DROP TABLE monster;--"
        _ = try store.add(Monster(id: 0, name: name, description: "\"; DELETE FROM monster; --", icon: "unknown.png",
                                  nameColor: .default, weapon: Weapon(.sword)))
        #expect(try store.find(name)?.name == name)
        #expect(try store.count() == 7)
    }

    @Test("invalid values are refused before anything is written")
    func validation() throws {
        let temporary = try TemporaryRoster()
        defer { withExtendedLifetime(temporary) {} }
        let store = try temporary.open()
        let draft = Monster(id: 0, name: String(repeating: "n", count: 65), description: String(repeating: "d", count: 300),
                            icon: "nope", nameColor: .default, weapon: Weapon(.fire))
        #expect { try store.add(draft) } throws: { error in
            guard case RosterError.invalid(let problems) = error else { return false }
            return problems.map(\.field) == ["name", "description", "icon"]
        }
        #expect(try store.count() == 6)
    }

    @Test("an edit that changes nothing reports no change")
    func noOpEdit() throws {
        let temporary = try TemporaryRoster()
        defer { withExtendedLifetime(temporary) {} }
        let store = try temporary.open()
        let edit = try store.edit("Cat-Bot", MonsterChanges(description: "MEE-OW"))
        #expect(!edit.isChange)
    }

    @Test("removing several is all or nothing")
    func removal() throws {
        let temporary = try TemporaryRoster()
        defer { withExtendedLifetime(temporary) {} }
        let store = try temporary.open()
        #expect(throws: RosterError.self) { try store.remove(["Cat-Bot", "Nobody"]) }
        #expect(try store.count() == 6)
        #expect(try store.remove(["Cat-Bot", "cat-bot", "1"]).count == 1)
        #expect(try store.count() == 5)
    }

    @Test("a close name is suggested for a typo")
    func suggestions() throws {
        let temporary = try TemporaryRoster()
        defer { withExtendedLifetime(temporary) {} }
        let store = try temporary.open()
        #expect(try store.suggestName(for: "Kat-Bot") == "Cat-Bot")
        #expect(try store.suggestName(for: "mini") == "Mini-Tomato-Bot")
        #expect(try store.suggestName(for: "zzzzzzzz") == nil)
    }

    /// A roster of `count` monsters `Mon-0`…, stored in ascending or
    /// descending order of their numbers.
    private func numberedRoster(_ count: Int, descending: Bool) throws -> (TemporaryRoster, SQLiteRosterStore) {
        let temporary = try TemporaryRoster()
        let store = try temporary.open()
        let number = descending ? "\(count - 1) - i" : "i"
        try store.database.execute("""
            DELETE FROM monster;
            INSERT INTO monster (name, name_key, icon, weapon)
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(count - 1))
            SELECT 'Mon-' || (\(number)), 'mon-' || (\(number)), 'meetcatbot.png', 'fire' FROM n;
            """)
        return (temporary, store)
    }

    @Test("on a large roster of names sharing a prefix, the suggestion is the nearest name")
    func suggestionsOnLargeRosters() throws {
        // 30,000 names are looked up by their neighbours in key order; 15,000
        // stored in reverse are indexed whole, where ties once went by row order.
        for (count, descending) in [(30_000, false), (15_000, true)] {
            let (temporary, store) = try numberedRoster(count, descending: descending)
            #expect(try store.suggestName(for: "Mon-5x") == "Mon-5", "\(count)")
            #expect(try store.suggestName(for: "Mon-1x") == "Mon-1", "\(count)")
            #expect(try store.suggestName(for: "Mon-12x") == "Mon-12", "\(count)")
            #expect(try store.suggestName(for: "Mon-1234x") == "Mon-1234", "\(count)")
            #expect(try store.suggestName(for: "Mon-12345x") == "Mon-12345", "\(count)")
            withExtendedLifetime(temporary) {}
        }
    }

    @Test("another connection's change moves the data version")
    func dataVersion() throws {
        let temporary = try TemporaryRoster()
        let watcher = try temporary.open()
        let before = try watcher.changeCounter()
        _ = try temporary.open().setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        #expect(try watcher.changeCounter() != before)
    }
}

@Suite("Reading weapon batches")
struct WeaponBatchTests {
    @Test("tab-separated lines and NDJSON objects mix, blank lines and CRLF are fine")
    func mixed() {
        let input = "Cat-Bot\tfire\r\n\n{\"name\":\"Dog-Bot\",\"weapon\":\"Ninja Star\",\"id\":2}\n"
        let parsed = WeaponBatch.parse(Array(input.utf8))
        #expect(parsed.problems.isEmpty)
        #expect(parsed.assignments.map(\.reference) == ["Cat-Bot", "Dog-Bot"])
        #expect(parsed.assignments.map(\.weapon) == [.fire, .ninjaStar])
        #expect(parsed.assignments.map { $0.location?.line } == [1, 3])
    }

    @Test("every bad line is reported with its line number")
    func problems() {
        let input = "no tab here\nCat-Bot\tswrod\n{\"name\": 5, \"weapon\": \"fire\"}\n{broken\nA\tB\tC\n"
        let parsed = WeaponBatch.parse(Array(input.utf8))
        #expect(parsed.problems.map { $0.location?.line } == [1, 2, 3, 4, 5])
        #expect(parsed.problems[1].message.contains("did you mean `sword`"))
        #expect(parsed.problems[1].location?.column == 9)
        #expect(parsed.assignments.isEmpty)
    }

    @Test("the name and the weapon of a line are checked each on its own")
    func nameAndWeaponBothChecked() {
        let input = "X\ty\n{\"name\":\"\",\"weapon\":\"q\"}\n{\"name\":\"Z\"}\n{\"name\":3,\"weapon\":\"laser\"}\n"
        let parsed = WeaponBatch.parse(Array(input.utf8))
        #expect(parsed.assignments.isEmpty)
        #expect(parsed.problems.map { "\($0.location?.description ?? ""): \($0.field ?? "")" }
                == ["1:3: weapon", "2:9: name", "2:21: weapon", "3:1: weapon", "4:9: name", "4:20: weapon"])
        #expect(parsed.namesWithoutWeapon == [
            WeaponBatch.NameReference(reference: "X", location: TextLocation(line: 1, column: 1)),
            WeaponBatch.NameReference(reference: "Z", location: TextLocation(line: 3, column: 9)),
        ])
    }

    @Test("a batch with unreadable lines still looks up every name, and reports in input order")
    func batchLooksUpEveryName() throws {
        let temporary = try TemporaryRoster()
        defer { withExtendedLifetime(temporary) {} }
        let store = try temporary.open()
        let parsed = WeaponBatch.parse(Array("Cat-Bot\tfire\nX\ty\nDog-Bot\tswrod\n".utf8))
        #expect { try store.setWeapons(parsed) } throws: { error in
            guard case RosterError.problems(let problems, _, _) = error else { return false }
            return problems.map(\.location) == [TextLocation(line: 2, column: 1), TextLocation(line: 2, column: 3),
                                                TextLocation(line: 3, column: 9)]
                && problems[0].kind == .notFound && problems[0].message == "no monster is named `X`"
        }
        #expect(try store.find("Cat-Bot")?.weapon.type == .sword)
    }

    @Test("invalid UTF-8 is a problem, not a crash")
    func invalidUTF8() {
        let parsed = WeaponBatch.parse([0xFF, 0xFE, 0x09, 0x66, 0x0A])
        #expect(parsed.problems.count == 1)
    }
}

@Suite("Schema version 2: height, origin, activation")
struct MigrationTests {
    @Test("a version 1 roster with data in it is upgraded in place, the default bots get their values, others stay blank")
    func upgradesVersionOne() throws {
        let temporary = try TemporaryRoster()
        let database = try Database(path: temporary.path, options: [.readWrite, .create])
        try database.execute("PRAGMA journal_mode = WAL")
        try Schema.migrate(database, to: 1)
        #expect(try database.integer("PRAGMA user_version") == 1)
        try database.execute("""
            INSERT INTO monster (name, name_key, description, icon, name_color, weapon)
            VALUES ('Bat-Bot', 'bat-bot', 'Hangs around', 'unknown.png', 'blue', 'smoke');
            UPDATE monster SET name = 'Kitty-Bot', name_key = 'kitty-bot' WHERE id = 1;
            UPDATE monster SET weapon = 'fire' WHERE id = 2;
            """)
        let store = try temporary.open()
        #expect(try store.database.integer("PRAGMA user_version") == Int64(Schema.currentVersion))
        let rows = try store.database.prepare("SELECT name, weapon, height, origin, activated FROM monster ORDER BY id")
            .rows { [$0.text(0), $0.text(1), $0.optionalText(2) ?? "-", $0.optionalText(3) ?? "-", $0.optionalText(4) ?? "-"] }
        #expect(rows[0] == ["Kitty-Bot", "sword", "-", "-", "-"], "a renamed default bot is left alone")
        #expect(rows[1] == ["Dog-Bot", "fire", "3ft1in", "GB", "2018-07-02T16:45:00Z"], "the user's change survives")
        #expect(rows[6] == ["Bat-Bot", "smoke", "-", "-", "-"])
        #expect(rows.count == 7)
    }

    @Test("the new columns refuse values of the wrong shape")
    func checks() throws {
        let temporary = try TemporaryRoster()
        defer { withExtendedLifetime(temporary) {} }
        let store = try temporary.open()
        for statement in ["UPDATE monster SET height = 'tall' WHERE id = 1",
                          "UPDATE monster SET origin = 'France' WHERE id = 1",
                          "UPDATE monster SET activated = 'yesterday' WHERE id = 1"] {
            #expect(throws: DatabaseError.self) { try store.database.execute(statement) }
        }
    }
}

@Suite("Heights, countries and timestamps")
struct NewFieldTests {
    @Test("heights are read in the usual spellings", arguments: [
        ("5ft11", 5, 11), ("5ft11in", 5, 11), ("5 ft 11 in", 5, 11), ("5'11\"", 5, 11), ("6ft", 6, 0),
        ("71in", 5, 11), ("0ft0in", 0, 0), ("30ft11in", 30, 11), ("5′11″", 5, 11),
        ("180cm", 5, 11), ("170.5 cm", 5, 7), ("1m", 3, 3), ("1.8m", 5, 11), ("1,75 m", 5, 9), ("2 metres", 6, 7),
    ])
    func heights(_ text: String, _ feet: Int, _ inches: Int) throws {
        let height = try #require(Height(parsing: text))
        #expect(height.feet == feet && height.inches == inches)
        #expect(Height(parsing: height.key) == height)
    }

    @Test("impossible heights are refused", arguments: ["31ft", "5ft12", "tall", "", "5", "-1ft", "5ft11ft", "-1", "-0", "5-", "ft5",
                                                        "1.8", "1.m", "1.2.3m", "10m", "1.8mm", "m"])
    func badHeights(_ text: String) {
        #expect(Height(parsing: text) == nil)
    }

    @Test("countries are found by name or code in any case, with a suggestion for a typo")
    func countries() {
        #expect(Countries.all.count >= 249)
        #expect(Countries.find("France")?.code == "FR")
        #expect(Countries.find("fr")?.code == "FR")
        #expect(Countries.find("FRA")?.code == "FR")
        #expect(Countries.find("united kingdom")?.code == "GB")
        #expect(Countries.find("UK")?.code == "GB", "the code people use, though ISO's is GB")
        #expect(Countries.find("Frnace") == nil)
        #expect(Countries.suggestion(for: "Frnace")?.code == "FR")
        #expect(MonsterRules.originProblem("XX") != nil)
        #expect(MonsterRules.originProblem("FR") == nil)
    }

    @Test("timestamps are stored in UTC and read with or without a zone")
    func timestamps() throws {
        let exact = try #require(Timestamp(parsing: "2026-11-29T14:05:00Z"))
        #expect(exact.iso8601 == "2026-11-29T14:05:00Z")
        #expect(Timestamp(parsing: "2026-11-29T15:05+01:00") == exact)
        #expect(Timestamp(iso8601: "2026-11-29T14:05:00Z") == exact)
        #expect(Timestamp(iso8601: "2026-11-29T14:05") == nil)
        #expect(Timestamp(parsing: "2026-02-30T10:00Z") == nil)
        #expect(Timestamp(parsing: "2026-11-29")?.localFields.hour == 0)
        #expect(Timestamp(parsing: "soon") == nil)
        #expect(Timestamp(parsing: "now") != nil)
    }
}
