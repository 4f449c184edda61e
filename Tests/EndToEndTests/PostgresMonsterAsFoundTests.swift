import Foundation
import Testing
import TestSupport

/// The interface on a shared PostgreSQL roster, in tmux, with a writer
/// role changing rows in psql: a clash names who made the change now met
/// (never the person himself for an older change of his), and marks hold
/// the monsters as they were found when psql moves them to other ids and
/// puts strangers at the old ones. (On a file: `MonsterAsFoundTests`.)
@Suite("The interface names the right writer and holds the monsters found, on PostgreSQL")
struct PostgresMonsterAsFoundTests {
    let ui = PostgresInterfaceTests()

    /// A new roster, and `writer`, a role that writes the roster's tables
    /// in psql (a role of each test's own: roles are the cluster's, and
    /// tests run side by side).
    func roster(writer: String) throws -> (DisposablePostgres, String, String, Sandbox) {
        let (cluster, database, uri, sandbox) = try ui.newRoster()
        try cluster.psql("""
            DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '\(writer)') THEN CREATE ROLE \(writer) LOGIN; END IF; END $$;
            GRANT USAGE ON SCHEMA roster TO \(writer);
            GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA roster TO \(writer);
            GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA roster TO \(writer);
            """, database: database)
        return (cluster, database, uri, sandbox)
    }

    /// bob's interface, its description editor open on Cat-Bot with his words typed.
    func bobEditsCatBotsDescription(_ uri: String) throws -> TmuxDriver {
        let screen = try ui.open(uri, as: "bob@desk")
        #expect(screen.waitFor("Monsters · 6"))
        try screen.press("Enter", "Down", "Enter", "C-u")
        try screen.type("bob's words")
        return screen
    }

    @Test("bob's own older change to Cat-Bot, then alice in psql changes its description while bob edits it: the clash names psql and alice, not bob")
    func clashNamesTheOutsideWriter() throws {
        let (cluster, database, uri, sandbox) = try roster(writer: "alice_edits")
        #expect(try sandbox.roster(uri: uri, ["set-weapon", "Cat-Bot", "fire"], environment: ["PGAPPNAME": "bob@desk"]).status == 0)
        let screen = try bobEditsCatBotsDescription(uri)
        try cluster.psql("UPDATE roster.monster SET description = 'alice words' WHERE name = 'Cat-Bot'", database: database, user: "alice_edits")
        #expect(ui.says(screen, "Another program (`psql`, logged in as alice_edits) changed the roster."), "\(screen.screen)")
        try screen.press("Enter")
        #expect(ui.says(screen, "After you began, another program (`psql`, logged in as alice_edits) changed Cat-Bot's description to"),
                "\(screen.screen)")
        #expect(!PostgresInterfaceTests.flowing(screen.screen).contains("bob@desk changed"), "\(screen.screen)")
        #expect(try cluster.psql("SELECT description FROM roster.monster WHERE name = 'Cat-Bot'", database: database) == "alice words")
        try screen.press("Escape", "Escape", "q")
        #expect(screen.waitForExit(timeout: 10) == 0, "\(screen.screen)")
    }

    @Test("while bob edits Cat-Bot's description, alice changes its weapon with roster and then olda its description in psql: the clash names psql and olda, not alice")
    func clashNamesTheLastWriterNotANewerEntrysAuthor() throws {
        let (cluster, database, uri, sandbox) = try roster(writer: "olda_edits")
        let screen = try bobEditsCatBotsDescription(uri)
        #expect(try sandbox.roster(uri: uri, ["set-weapon", "Cat-Bot", "smoke"], environment: ["PGAPPNAME": "alice@desk"]).status == 0)
        // Each change seen before the next (a loaded machine may take seconds): alice's, then olda's.
        #expect(ui.says(screen, "set-weapon Cat-Bot: Sword → Smoke", timeout: 20), "\(screen.screen)")
        try cluster.psql("UPDATE roster.monster SET description = 'olda words' WHERE name = 'Cat-Bot'", database: database, user: "olda_edits")
        #expect(ui.says(screen, "logged in as olda_edits) changed the roster", timeout: 20), "\(screen.screen)")
        try screen.press("Enter")
        #expect(ui.says(screen, "After you began, another program (`psql`, logged in as olda_edits) changed Cat-Bot's description to"),
                "\(screen.screen)")
        let flowing = PostgresInterfaceTests.flowing(screen.screen)
        #expect(!flowing.contains("alice@desk changed") && !flowing.contains("alice@desk saved"), "\(screen.screen)")
        #expect(try cluster.psql("SELECT description FROM roster.monster WHERE name = 'Cat-Bot'", database: database) == "olda words")
        try screen.press("Escape", "Escape", "q")
        #expect(screen.waitForExit(timeout: 10) == 0, "\(screen.screen)")
    }

    @Test("three marks, the weapon panel open; alice moves two of them to other ids in psql and puts strangers in their places: the marks drop, told, and Fire goes to Cat-Bot alone")
    func marksHoldTheMonstersFound() throws {
        let (cluster, database, uri, _) = try roster(writer: "alice_marks")
        let screen = try ui.open(uri, as: "bob@desk")
        #expect(screen.waitFor("Monsters · 6"))
        try screen.press("Space", "Space", "Space", "w")
        #expect(screen.waitFor("Weapon for 3 marked monsters"), "\(screen.screen)")
        try cluster.psql("""
            BEGIN;
            UPDATE roster.monster SET id = 400 WHERE id = 2;
            UPDATE roster.monster SET id = 401 WHERE id = 3;
            INSERT INTO roster.monster (id, name, name_key, icon, weapon) VALUES
                (2, 'Bystander-Bot', 'bystander-bot', 'meetcatbot.png', 'sword'),
                (3, 'Bystander3-Bot', 'bystander3-bot', 'meetcatbot.png', 'sword');
            COMMIT;
            """, database: database, user: "alice_marks")
        #expect(ui.says(screen, "Dog-Bot and Explode-Bot are now called Bystander-Bot and Bystander3-Bot, or other monsters took their places, "
                        + "so their marks were dropped"), "\(screen.screen)")
        try screen.press("3")
        #expect(ui.says(screen, "No weapon was changed: after you began, Dog-Bot and Explode-Bot are now called"), "\(screen.screen)")
        func weapons() throws -> String {
            try cluster.psql("SELECT string_agg(name || '=' || weapon, ' ' ORDER BY id) FROM roster.monster WHERE id IN (1, 2, 3, 400, 401)",
                             database: database)
        }
        #expect(try weapons() == "Cat-Bot=sword Bystander-Bot=sword Bystander3-Bot=sword Dog-Bot=blowgun Explode-Bot=smoke")
        try screen.press("3")
        #expect(ui.says(screen, "Gave 1 marked monster Fire."), "\(screen.screen)")
        #expect(try weapons() == "Cat-Bot=fire Bystander-Bot=sword Bystander3-Bot=sword Dog-Bot=blowgun Explode-Bot=smoke")
        try screen.press("q")
        #expect(screen.waitForExit(timeout: 10) == 0, "\(screen.screen)")
    }
}
