import Foundation
import Testing
@testable import RosterCore

/// Files made by the rosters that shipped each schema version
/// (`Fixtures/roster-vN.db`, each made by building the last commit at
/// that version and running a few commands: see `Fixtures/README.md`),
/// upgraded by today's roster, must have exactly the schema of a fresh
/// file and keep every value they held. The migrations are frozen SQL
/// (`ShippedMigrations`); a migration built from today's types would
/// make the two differ, and only files made by old versions can see it.
@Suite("Rosters made by every shipped version")
struct ShippedSchemaTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// What a file's schema is: every object's SQL, and the pragmas that shape the file.
    static func schema(_ path: String) throws -> [String] {
        let database = try Database(path: path, options: [.readOnly])
        var lines = try database.prepare("SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_schema ORDER BY type, name")
            .rows { "\($0.text(0)) \($0.text(1)) on \($0.text(2)): \($0.text(3))" }
        for pragma in ["user_version", "application_id", "journal_mode", "auto_vacuum", "encoding", "page_size"] {
            let value = try database.prepare("PRAGMA \(pragma)").firstRow { $0.text(0) } ?? "?"
            lines.append("pragma \(pragma) = \(value)")
        }
        return lines
    }

    /// Every row of `table`, the columns it had then, as text.
    static func rows(_ table: String, in path: String, columns: [String]) throws -> [String] {
        let database = try Database(path: path, options: [.readOnly])
        return try database.prepare("SELECT \(columns.joined(separator: ", ")) FROM \(table) ORDER BY 1, 2")
            .rows { row in (0..<Int32(columns.count)).map { row.isNull($0) ? "NULL" : row.text($0) }.joined(separator: "|") }
    }

    static func columns(_ table: String, in path: String) throws -> [String] {
        let database = try Database(path: path, options: [.readOnly])
        return try database.prepare("SELECT name FROM pragma_table_info('\(table)') ORDER BY cid").rows { $0.text(0) }
    }

    @Test("each version's file upgrades to a fresh file's schema and keeps its data", arguments: [1, 2, 3, 4, 5, 6, 8, 9])
    func upgrade(_ version: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roster-fixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("old.db").path
        try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent("roster-v\(version).db").path, toPath: path)
        #expect(try Self.schema(path).contains("pragma user_version = \(version)"))

        // What the file held, in the columns it had (keys aside: roster's to derive).
        var held: [String: [String]] = [:]
        var tableColumns: [String: [String]] = [:]
        for table in ["monster", "history", "history_row", "monster_changes", "history_sequence"] {
            let columns = try Self.columns(table, in: path).filter { $0 != "name_key" }
            guard !columns.isEmpty else { continue }
            tableColumns[table] = columns
            held[table] = try Self.rows(table, in: path, columns: columns)
        }
        #expect(held["monster"]?.count == 8, "the fixture's roster: six bots, Zap-Bot and Café-Bot")

        do {
            let store = try SQLiteRosterStore.open(path: path)
            #expect(store.namesReadingAlike.isEmpty)
        }
        let freshPath = folder.appendingPathComponent("fresh.db").path
        _ = try SQLiteRosterStore.open(path: freshPath)
        #expect(try Self.schema(path) == Self.schema(freshPath))

        for (table, columns) in tableColumns {
            let now = try Self.rows(table, in: path, columns: columns)
            if table == "monster_changes" {
                continue // counts the upgrade's own re-keying
            }
            #expect(now == held[table], "\(table)")
        }
    }

    @Test("a monster added to an upgraded file never gets the id of one removed before the upgrade", arguments: [3, 4, 5, 6, 8, 9])
    func idsAfterUpgrade(_ version: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roster-fixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("old.db").path
        try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent("roster-v\(version).db").path, toPath: path)
        let store = try SQLiteRosterStore.open(path: path)
        // Gone-Bot had id 9 and was removed; the history says so.
        let added = try store.add(Monster(id: 0, name: "New-Bot", description: "", icon: "unknown.png",
                                          nameColor: .default, weapon: Weapon(.fire)))
        #expect(added.id == 10)
    }

    @Test("schema 9 takes the keys of a file whose count says every key was checked as derived from their names, counting no change; the others are derived again before a lookup")
    func keyedNamesAfterUpgrade() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roster-fixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let checked = folder.appendingPathComponent("checked.db").path
        let renamed = folder.appendingPathComponent("renamed.db").path
        for path in [checked, renamed] {
            try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent("roster-v8.db").path, toPath: path)
        }
        func count(_ sql: String, _ path: String) throws -> Int64? { try Database(path: path, options: [.readOnly]).integer(sql) }
        let stale = "SELECT count(*) FROM monster WHERE keyed_name IS NOT name"
        _ = try SQLiteRosterStore.open(path: checked)
        #expect(try count(stale, checked) == 0)
        #expect(try count("SELECT count FROM monster_changes", checked) == 6)

        try Database(path: renamed, options: [.readWrite]).execute("UPDATE monster SET name = 'Wuf-Bot' WHERE id = 2")
        let store = try SQLiteRosterStore.open(path: renamed)
        #expect(try count(stale, renamed) == 8)
        #expect(try store.find("wuf-bot")?.id == 2)
        #expect(try count(stale, renamed) == 0)
    }

    @Test("a fresh roster holds Data/default-roster.json's monsters, which the frozen first migrations wrote")
    func freshRosterIsTheDefaultRoster() throws {
        let roster = try ImportRoster()
        #expect(try roster.store.monsters() == DefaultRoster.monsters())
    }
}
