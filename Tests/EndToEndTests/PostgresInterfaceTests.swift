import Foundation
import Testing
import TestSupport

/// The full-screen roster on a shared PostgreSQL roster, as two people
/// see it: each in a tmux pane of its own, running the built binary
/// against a throwaway cluster. One changes a weapon; the other shows it
/// at once, says who did it, and sleeps meanwhile (the server's socket is
/// in its `poll()`, no timer wakes it). The server crashing is told in
/// the footer, writes are refused, and when the server is back the
/// footer clears itself and the changes made meanwhile are read.
@Suite("The interface on a shared PostgreSQL roster")
struct PostgresInterfaceTests {
    /// The roster interface on `uri` in a tmux pane, as `person@machine`;
    /// its standard error to the file `errors`, if given.
    func open(_ uri: String, as person: String, errors: String? = nil) throws -> TmuxDriver {
        let home = NSTemporaryDirectory() + "roster-pg-ui-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        return try TmuxDriver(command: "\(Sandbox.binary.path) --db '\(uri)'" + (errors.map { " 2>'\($0)'" } ?? ""),
                              environment: ["HOME": home, "LANG": "C.UTF-8", "PGAPPNAME": person])
    }

    /// A roster of its own in a new database of the shared throwaway
    /// cluster, made by a first `list`.
    func newRoster() throws -> (DisposablePostgres, String, String, Sandbox) {
        let cluster = try DisposablePostgres.shared()
        let database = try cluster.makeDatabase()
        let uri = cluster.uri(database: database)
        let sandbox = try Sandbox()
        #expect(try sandbox.roster(uri: uri, ["list"]).status == 0)
        return (cluster, database, uri, sandbox)
    }

    /// Waits until the screen says `text`, read as one line: the footer
    /// wraps a long sentence over rows.
    func says(_ screen: TmuxDriver, _ text: String, timeout: TimeInterval = 5) -> Bool {
        screen.waitUntil(timeout: timeout) { Self.flowing($0).contains(text) }
    }

    static func flowing(_ screen: String) -> String {
        screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// The roster process in the pane (the pane runs a shell that waits for it).
    func rosterProcess(in screen: TmuxDriver) throws -> Int32 {
        let shell = try screen.tmux(["display-message", "-p", "-t", screen.target, "#{pane_pid}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        return try #require(children.split(separator: " ").first.flatMap { Int32($0) }, "no roster under the pane's shell")
    }

    /// How many times the process's main thread went to sleep and woke.
    func wakes(of process: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") })
        return try #require(Int(line.split(separator: "\t").last?.trimmingCharacters(in: .whitespaces) ?? ""))
    }

    @Test("two people in tmux: a weapon one chooses shows in the other's roster at once, with who chose it, and an idle roster never wakes")
    func twoInterfaces() throws {
        let cluster = try DisposablePostgres.shared()
        let uri = cluster.uri(database: try cluster.makeDatabase())
        let sandbox = try Sandbox()
        #expect(try sandbox.roster(uri: uri, ["list"]).status == 0)
        let alice = try open(uri, as: "alice@desk")
        let bob = try open(uri, as: "bob@laptop")
        #expect(alice.waitFor("Monsters · 6"))
        #expect(bob.waitFor("Monsters · 6"))
        #expect(bob.screen.contains("† Cat-Bot"), "\(bob.screen)")

        // Bob's roster, left alone, sleeps: it waits on the terminal and the
        // server's socket together, so nothing wakes it (a roster that asked
        // the server every quarter of a second would wake 8 times in 2 s).
        let process = try rosterProcess(in: bob)
        Thread.sleep(forTimeInterval: 0.3)
        let before = try wakes(of: process)
        Thread.sleep(forTimeInterval: 2)
        let idleWakes = try wakes(of: process) - before
        #expect(idleWakes <= 2, "bob's idle roster woke \(idleWakes) times in 2 s")

        // Alice gives Cat-Bot fire in the weapon panel.
        try alice.press("Tab", "Tab", "Tab", "Tab")
        #expect(alice.waitFor("▸ Weapon"))
        try alice.press("Enter")
        #expect(alice.waitFor("✕ Close"))
        try alice.press("3")
        #expect(alice.waitFor("Cat-Bot now carries Fire"), "\(alice.screen)")
        let chosen = Date()
        // Bob sees it, and who did it, within half a second (a little more
        // for tmux to be asked, on a busy machine).
        #expect(bob.waitFor("♨ Cat-Bot", timeout: 1), "\(bob.screen)")
        let seenAfter = Date().timeIntervalSince(chosen)
        #expect(seenAfter < 1, "shown after \(seenAfter) s")
        #expect(says(bob, "The roster was changed by postgres on alice@desk: set-weapon Cat-Bot: Sword → Fire.", timeout: 1), "\(bob.screen)")
        // Alice's own change is hers: her footer does not call it someone else's.
        Thread.sleep(forTimeInterval: 0.3)
        #expect(!alice.screen.contains("was changed by"), "\(alice.screen)")

        // And back the other way, from the command line as a third person.
        #expect(try sandbox.roster(uri: uri, ["set-weapon", "Dog-Bot", "smoke"], environment: ["PGAPPNAME": "carol@ci"]).status == 0)
        // Told after her own answer, which stays: "…; meanwhile the roster was changed by…".
        #expect(says(alice, "the roster was changed by postgres on carol@ci: set-weapon Dog-Bot: Blowgun → Smoke.", timeout: 1), "\(alice.screen)")
        #expect(says(bob, "The roster was changed by postgres on carol@ci: set-weapon Dog-Bot: Blowgun → Smoke.", timeout: 1), "\(bob.screen)")

        for screen in [alice, bob] {
            try screen.press("q")
            #expect(screen.waitForExit(timeout: 10) == 0, "\(screen.screen)")
        }
    }

    @Test("h, then u, on a shared roster: an older change of your own is undone alone; another person's is refused, naming why")
    func historyChooser() throws {
        let cluster = try DisposablePostgres.shared()
        let database = try cluster.makeDatabase()
        let uri = cluster.uri(database: database)
        let sandbox = try Sandbox()
        let alice = ["PGAPPNAME": "alice@desk"]
        #expect(try sandbox.roster(uri: uri, ["set-weapon", "Cat-Bot", "fire"], environment: alice).status == 0)
        #expect(try sandbox.roster(uri: uri, ["set-weapon", "Dog-Bot", "smoke"], environment: alice).status == 0)
        #expect(try sandbox.roster(uri: uri, ["set-weapon", "Ice-Bot", "sword"], environment: ["PGAPPNAME": "bob@laptop"]).status == 0)
        let screen = try open(uri, as: "alice@desk")
        #expect(screen.waitFor("Monsters · 6"))

        // Newest first: bob's Ice-Bot, then alice's Dog-Bot, then her Cat-Bot.
        try screen.press("h")
        #expect(screen.waitFor("set-weapon Cat-Bot: Sword → Fire"), "\(screen.screen)")
        // `u` in the overlay undoes the chosen change alone (Enter would
        // take back every change after it).
        try screen.press("Down", "Down", "u")
        #expect(says(screen, "Undid set-weapon Cat-Bot: Sword → Fire"), "\(screen.screen)")
        #expect(try cluster.psql("SELECT string_agg(weapon, ' ' ORDER BY id) FROM roster.monster WHERE name IN ('Cat-Bot', 'Dog-Bot', 'Ice-Bot')",
                                 database: database) == "sword smoke sword")

        // Bob's change is his to take back: refused, and nothing changes.
        try screen.press("h")
        #expect(screen.waitFor("set-weapon Ice-Bot: Fire → Sword"), "\(screen.screen)")
        try screen.press("Down", "u")
        #expect(says(screen, "Cannot undo #3 set-weapon Ice-Bot: Fire → Sword: someone else made it"), "\(screen.screen)")
        #expect(try cluster.psql("SELECT weapon FROM roster.monster WHERE name = 'Ice-Bot'", database: database) == "sword")
        try screen.press("q")
        #expect(screen.waitForExit(timeout: 10) == 0, "\(screen.screen)")
    }

    @Test("h, then Enter, on a shared roster: every change after the chosen one is taken back, whoever made it, as the question lists them")
    func goBackTakesEveryonesChanges() throws {
        let (cluster, database, uri, sandbox) = try newRoster()
        let alice = ["PGAPPNAME": "alice@desk"], bob = ["PGAPPNAME": "bob@laptop"]
        #expect(try sandbox.roster(uri: uri, ["set-weapon", "Cat-Bot", "fire"], environment: bob).status == 0)
        #expect(try sandbox.roster(uri: uri, ["set-weapon", "Cat-Bot", "smoke"], environment: alice).status == 0)
        #expect(try sandbox.roster(uri: uri, ["edit", "Cat-Bot", "--height", "5ft1"], environment: bob).status == 0)
        let screen = try open(uri, as: "alice@desk")
        #expect(screen.waitFor("Monsters · 6"))
        try screen.press("h")
        #expect(screen.waitFor("set-weapon Cat-Bot: Sword → Fire"), "\(screen.screen)")
        try screen.press("Down", "Down", "Enter")
        #expect(says(screen, "Take back the 2 changes after #1 (#2 and #3)?"), "\(screen.screen)")
        try screen.press("y")
        // Bob's height, then alice's weapon: both undone in one step; bob's Fire stays.
        #expect(says(screen, "Undid edit Cat-Bot"), "\(screen.screen)")
        #expect(try cluster.psql("SELECT weapon FROM roster.monster WHERE name = 'Cat-Bot'", database: database) == "fire")
        #expect(try cluster.psql("SELECT count(*) FROM roster.history WHERE reverses IS NULL AND undone", database: database) == "2")
        try screen.press("q")
        #expect(screen.waitForExit(timeout: 10) == 0, "\(screen.screen)")
    }

    @Test("the server crashes: the footer says so, a write is refused in a sentence, and when it is back the footer clears and shows what changed meanwhile")
    func reconnecting() throws {
        let cluster = try DisposablePostgres(ownedWith: [])
        let database = try cluster.makeDatabase()
        // A password in the URI (the cluster trusts the socket, so it is
        // never asked for) must never reach the screen.
        let uri = cluster.uri(database: database, password: "Opaque-Pw-4711")
        let sandbox = try Sandbox()
        #expect(try sandbox.roster(uri: uri, ["list"]).status == 0)
        let screen = try open(uri, as: "alice@desk")
        #expect(screen.waitFor("Monsters · 6"))

        try cluster.crash()
        let lost = "Lost the server at \(cluster.folder)/.s.PGSQL.\(cluster.port) (database \(database), user postgres); reconnecting…"
        #expect(says(screen, lost, timeout: 2), "\(screen.screen)")
        // The screen stays, and a write is refused in one sentence, asking
        // nothing of the server.
        #expect(screen.screen.contains("Cat-Bot"))
        try screen.press("w")
        #expect(screen.waitFor("✕ Close"))
        try screen.press("3")
        #expect(says(screen, "Weapon not saved: the server at \(cluster.folder)/.s.PGSQL.\(cluster.port) (database \(database), user postgres) is out of reach; roster is reconnecting by itself, so try again in a moment"), "\(screen.screen)")
        try screen.press("Escape")
        // A key clears the refusal; the lost server is still said.
        #expect(says(screen, lost), "\(screen.screen)")

        // Back, with a change made while the interface was away.
        try cluster.restart()
        #expect(try sandbox.roster(uri: uri, ["set-weapon", "Dog-Bot", "smoke"], environment: ["PGAPPNAME": "bob@laptop"]).status == 0)
        // Told as made meanwhile, or as a change after the reconnect, whichever it was.
        #expect(screen.waitUntil(timeout: 20) { Self.flowing($0).contains("by postgres on bob@laptop: set-weapon Dog-Bot: Blowgun → Smoke")
            || Self.flowing($0).contains("The roster was changed by postgres on bob@laptop: set-weapon Dog-Bot: Blowgun → Smoke.") }, "\(screen.screen)")
        #expect(!screen.screen.contains("reconnecting"), "\(screen.screen)")
        #expect(screen.screen.contains("≋ Dog-Bot"), "\(screen.screen)")
        // Writing works again.
        try screen.press("w")
        #expect(screen.waitFor("✕ Close"))
        try screen.press("3")
        #expect(screen.waitFor("Cat-Bot now carries Fire"), "\(screen.screen)")
        #expect(try cluster.psql("SELECT weapon FROM roster.monster WHERE name = 'Cat-Bot'", database: database) == "fire")
        #expect(!screen.screen.contains("Opaque-Pw-4711"))

        // A second crash with nothing changed meanwhile: the footer says it is back, and no more.
        // (The test cluster commits without waiting for the disk: the change is made durable first.)
        try cluster.psql("CHECKPOINT")
        try cluster.crash()
        #expect(screen.waitFor("reconnecting…", timeout: 2), "\(screen.screen)")
        try cluster.restart()
        let server = "\(cluster.folder)/.s.PGSQL.\(cluster.port) (database \(database), user postgres)"
        #expect(says(screen, "Reconnected to \(server); the history has no change made meanwhile", timeout: 20), "\(screen.screen)")
        #expect(!screen.screen.contains("reconnecting…"), "\(screen.screen)")
        #expect(!screen.screen.contains("was changed by"), "\(screen.screen)")
        try screen.press("q")
        #expect(screen.waitForExit(timeout: 10) == 0, "\(screen.screen)")
    }

    @Test("sorted, the server gone: a write refused meanwhile gives way to the reconnection; a filter typed waits, told, and applies once the server is back; a sort is refused, told")
    func sortedFilterWhileLost() throws {
        let cluster = try DisposablePostgres(ownedWith: [])
        let database = try cluster.makeDatabase()
        let uri = cluster.uri(database: database)
        #expect(try Sandbox().roster(uri: uri, ["list"]).status == 0)
        let screen = try open(uri, as: "alice@desk")
        #expect(screen.waitFor("Monsters · 6"))
        try screen.press("s")
        #expect(screen.waitFor("name, A to Z"), "\(screen.screen)")
        try cluster.crash()
        #expect(screen.waitFor("reconnecting…", timeout: 5), "\(screen.screen)")
        try screen.press("w")
        #expect(screen.waitFor("✕ Close"), "\(screen.screen)")
        try screen.press("3")
        #expect(says(screen, "Weapon not saved: the server at"), "\(screen.screen)")
        try cluster.restart()
        // Back: the reconnection takes the place of the refusal told while away, which asked nothing of the server.
        #expect(says(screen, "Reconnected to", timeout: 20), "\(screen.screen)")
        #expect(!Self.flowing(screen.screen).contains("not saved"), "\(screen.screen)")
        try screen.press("Escape")

        // Away again, a filter that some names match, typed while the sorted list cannot be read.
        try cluster.crash()
        #expect(screen.waitFor("reconnecting…", timeout: 5), "\(screen.screen)")
        try screen.press("/", "c", "a", "t")
        // The list stays as it was, and says why: it could not read the rows the filter shows.
        #expect(says(screen, "The list is not filtered yet: the server at"), "\(screen.screen)")
        #expect(screen.exitStatus == nil, "\(screen.screen)")
        #expect(screen.screen.contains("Mini-Tomato-Bot"), "\(screen.screen)")
        try screen.press("Enter", "s")
        #expect(says(screen, "Not sorted: the server at"), "\(screen.screen)")
        #expect(screen.screen.contains("name, A to Z"), "\(screen.screen)")
        try cluster.restart()
        // Back: the filter typed meanwhile applies.
        #expect(screen.waitUntil(timeout: 20) { $0.contains("1 of 6 monsters") && !$0.contains("Mini-Tomato-Bot") }, "\(screen.screen)")
        try screen.press("/", "Escape")
        #expect(screen.waitUntil(timeout: 5) { !$0.contains("1 of 6 monsters") && $0.contains("Mini-Tomato-Bot") }, "\(screen.screen)")
        try screen.press("q")
        #expect(screen.waitForExit(timeout: 10) == 0, "\(screen.screen)")
    }

    @Test("the weapon panel on two marks, another person's set-weapon meanwhile: the first choice is refused naming who and what, the same choice again saves it over theirs")
    func marksClash() throws {
        let (cluster, database, uri, sandbox) = try newRoster()
        let screen = try open(uri, as: "alice@desk")
        #expect(screen.waitFor("Monsters · 6"))
        try screen.press("Space", "Space", "w")
        #expect(screen.waitFor("Weapon for 2 marked monsters"), "\(screen.screen)")
        #expect(try sandbox.roster(uri: uri, ["set-weapon", "Cat-Bot", "smoke"], environment: ["PGAPPNAME": "carol@ci"]).status == 0)
        #expect(says(screen, "The roster was changed by postgres on carol@ci"), "\(screen.screen)")
        func weapons() throws -> String {
            try cluster.psql("SELECT string_agg(weapon, ' ' ORDER BY id) FROM roster.monster WHERE name IN ('Cat-Bot', 'Dog-Bot')", database: database)
        }
        try screen.press("3")
        #expect(says(screen, "After you began, postgres on carol@ci changed Cat-Bot's weapon to Smoke, so yours was not saved"), "\(screen.screen)")
        #expect(try weapons() == "smoke blowgun", "nothing written over carol's change")
        try screen.press("3")
        #expect(says(screen, "Gave 2 marked monsters Fire; saved over Cat-Bot's Smoke from postgres on carol@ci"), "\(screen.screen)")
        #expect(try weapons() == "fire fire")
        try screen.press("q")
        #expect(screen.waitForExit(timeout: 10) == 0, "\(screen.screen)")
    }

    @Test("a remove refused after another person's change names who, for one monster and for marks")
    func removalRefusedNamesWho() throws {
        let (cluster, database, uri, sandbox) = try newRoster()
        let screen = try open(uri, as: "alice@desk")
        #expect(screen.waitFor("Monsters · 6"))
        try screen.press("x")
        #expect(says(screen, "Remove Cat-Bot?"), "\(screen.screen)")
        #expect(try sandbox.roster(uri: uri, ["set-weapon", "Cat-Bot", "smoke"], environment: ["PGAPPNAME": "carol@ci"]).status == 0)
        try screen.press("y")
        #expect(says(screen, "Cat-Bot was not removed: postgres on carol@ci changed it after you were asked"), "\(screen.screen)")
        try screen.press("Space", "Space", "x")
        #expect(says(screen, "Remove 2 marked monsters: Cat-Bot, Dog-Bot?"), "\(screen.screen)")
        #expect(try sandbox.roster(uri: uri, ["set-weapon", "Dog-Bot", "fire"], environment: ["PGAPPNAME": "carol@ci"]).status == 0)
        try screen.press("y")
        #expect(says(screen, "Nothing was removed: postgres on carol@ci changed Dog-Bot after you were asked"), "\(screen.screen)")
        #expect(try cluster.psql("SELECT count(*) FROM roster.monster", database: database) == "6")
        try screen.press("q")
        #expect(screen.waitForExit(timeout: 10) == 0, "\(screen.screen)")
    }

    @Test("a change a writer role makes in psql is told in the footer as one sentence naming the role and the program")
    func psqlChangeNamesTheRole() throws {
        let (cluster, database, uri, _) = try newRoster()
        try cluster.psql("""
            DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'alice') THEN CREATE ROLE alice LOGIN; END IF; END $$;
            GRANT USAGE ON SCHEMA roster TO alice;
            GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA roster TO alice;
            GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA roster TO alice;
            """, database: database)
        let screen = try open(uri, as: "bob@desk")
        #expect(screen.waitFor("Monsters · 6"))
        try cluster.psql("UPDATE roster.monster SET weapon = 'fire' WHERE name = 'Cat-Bot'", database: database, user: "alice")
        #expect(says(screen, "Another program (`psql`, logged in as alice) changed the roster."), "\(screen.screen)")
        try screen.press("q")
        #expect(screen.waitForExit(timeout: 10) == 0, "\(screen.screen)")
    }

    @Test("a refused undo of a change of picture names the pictures as the details do, and who made the later change")
    func refusalNamesPictures() throws {
        let cluster = try DisposablePostgres.shared()
        let database = try cluster.makeDatabase()
        let uri = cluster.uri(database: database)
        let sandbox = try Sandbox()
        #expect(try sandbox.roster(uri: uri, ["list"]).status == 0)
        let screen = try open(uri, as: "alice@desk")
        #expect(screen.waitFor("Monsters · 6"))
        #expect(try sandbox.roster(uri: uri, ["edit", "Dog-Bot", "--icon", "meetcatbot.png"], environment: ["PGAPPNAME": "alice@desk"]).status == 0)
        #expect(try sandbox.roster(uri: uri, ["edit", "Dog-Bot", "--icon", "meetdogbot.png"], environment: ["PGAPPNAME": "carol@ci"]).status == 0)
        #expect(says(screen, "The roster was changed by postgres on carol@ci"), "\(screen.screen)")
        try screen.press("Escape", "h")
        #expect(says(screen, "picture Cat robot → Dog robot"), "\(screen.screen)")
        try screen.press("Down", "u")
        #expect(says(screen, "Cannot undo #1 edit Dog-Bot: picture Dog robot → Cat robot: Dog-Bot has been changed since, "
                     + "by #2 edit Dog-Bot: picture Cat robot → Dog robot (postgres on carol@ci); nothing was undone"), "\(screen.screen)")
        #expect(try cluster.psql("SELECT icon FROM roster.monster WHERE name = 'Dog-Bot'", database: database) == "meetdogbot.png")
        try screen.press("q")
        #expect(screen.waitForExit(timeout: 10) == 0, "\(screen.screen)")
    }

    @Test("the plain roster on a shared roster: a clash names who changed the monster, as the news of their change does")
    func plainClashNamesWho() throws {
        let (_, _, uri, sandbox) = try newRoster()
        let plain = try PlainRosterOnTerminal(uri: uri, sandbox: sandbox)
        _ = plain.answer("1", until: "Command: ")
        _ = plain.answer("weapon", until: "Weapon number: ")
        #expect(try sandbox.roster(uri: uri, ["set-weapon", "Cat-Bot", "smoke"], environment: ["PGAPPNAME": "carol@ci"]).status == 0)
        let refused = plain.answer("3", until: "Weapon number: ")
        #expect(refused.contains("on carol@ci changed Cat-Bot's weapon to"), "\(refused)")
        #expect(!refused.contains("nother program changed Cat-Bot's"), "\(refused)")
        _ = plain.answer("", until: "Command: ")
        _ = plain.answer("quit", until: "Goodbye.")
    }
}
