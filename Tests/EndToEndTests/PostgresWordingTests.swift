import Foundation
import Testing

/// What a command says about the server itself, with the built binary:
/// a server that is not there (every command, in one sentence naming it,
/// exit 75, and no "nothing was changed" where nothing could have been);
/// a database or a role that does not exist (the person named something
/// that is not there: exit 66, naming which); a wrong password (refused,
/// exit 74, never shown); and a database that gets a new roster (said
/// once on stderr, as for a new file).
@Suite("What roster says about its PostgreSQL server")
struct PostgresWordingTests {
    /// Every command that reaches the roster, reading or writing.
    static let commands: [[String]] = [
        ["list"], ["list", "--format", "json"], ["show", "Cat-Bot"], ["weapons"], ["export"], ["export", "--format", "csv"],
        ["history"], ["set-weapon", "Cat-Bot", "fire"], ["set-weapon", "Cat-Bot", "fire", "--dry-run"],
        ["add", "New-Bot", "--weapon", "smoke"], ["edit", "Cat-Bot", "--description", "Purr"], ["remove", "Cat-Bot", "--yes"],
        ["undo"], ["redo"], ["undo", "--dry-run"], ["import", "-", "--mode", "upsert"],
    ]

    static let oneMonster = #"[{"name":"Solo-Bot","description":"","icon":"meetcatbot.png","name_color":"default","weapon":"fire"}]"#

    @Test("no server there: every command is exit 75, one sentence naming where roster looked, and none says nothing was changed")
    func everyCommandWithoutServer() throws {
        let sandbox = try Sandbox()
        let folder = sandbox.directory.appendingPathComponent("gone").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let uri = "postgresql://alice:Opaque-Pw-4711@/roster?host=\(folder)&port=5432"
        for arguments in Self.commands {
            let run = try sandbox.roster(uri: uri, arguments, stdin: Self.oneMonster)
            #expect(run.status == 75, "\(arguments): \(run.status) \(run.stderr)")
            #expect(run.stderr.hasPrefix("roster: cannot connect to PostgreSQL at \(folder)/.s.PGSQL.5432: "), "\(arguments): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(arguments): \(run.stderr)")
            #expect(!run.stderr.contains("nothing was changed"), "\(arguments): \(run.stderr)")
            #expect(!run.stderr.contains("Opaque-Pw-4711") && run.stdout.isEmpty, "\(arguments): \(run.stderr)")
        }
    }

    @Test("a database or a role that does not exist is exit 66, naming which and the server; a wrong password or pg_hba.conf's refusal is exit 77, naming host and role")
    func namesNotThere() throws {
        let cluster = try DisposablePostgres.shared()
        let sandbox = try Sandbox()
        let server = "\(cluster.folder)/.s.PGSQL.\(cluster.port)"
        for arguments in [["list"], ["set-weapon", "Cat-Bot", "fire"]] {
            let database = try sandbox.roster(uri: cluster.uri(database: "no_such_roster", password: "Opaque-Pw-4711"), arguments)
            #expect(database.status == 66, "\(database.stderr)")
            #expect(database.stderr == "roster: database `no_such_roster` does not exist on \(server)\n", "\(database.stderr)")
            let role = try sandbox.roster(uri: cluster.uri(database: "postgres", user: "nobody_here", password: "Opaque-Pw-4711"), arguments)
            #expect(role.status == 66, "\(role.stderr)")
            #expect(role.stderr == "roster: role `nobody_here` does not exist on \(server)\n", "\(role.stderr)")
        }
        // A name with a control character in it is shown harmlessly.
        let odd = try sandbox.roster(uri: cluster.uri(database: "no%1Bsuch"), ["list"])
        #expect(odd.status == 66, "\(odd.stderr)")
        #expect(!odd.stderr.contains("\u{1B}") && odd.stderr.contains("does not exist on \(server)"), "\(odd.stderr)")

        let password = "Right-Pw-2718"
        let guarded = try DisposablePostgres(ownedWith: ["--scram", "alice", password])
        try guarded.psql("CREATE DATABASE shared OWNER alice")
        let wrong = try sandbox.roster(uri: guarded.uri(database: "shared", user: "alice", password: password + "x"), ["list"])
        #expect(wrong.status == 77, "\(wrong.stderr)")
        #expect(wrong.stderr.hasPrefix("roster: PostgreSQL at \(guarded.folder)/.s.PGSQL.\(guarded.port) refused role `alice` (database shared): password authentication failed"),
                "\(wrong.stderr)")
        #expect(wrong.stderr.split(separator: "\n").count == 1 && !wrong.stderr.contains(password), "\(wrong.stderr)")
        // pg_hba.conf rejecting the role, whatever its password.
        let rejecting = try DisposablePostgres(ownedWith: ["--scram", "alice", password, "--auth", "reject"])
        try rejecting.psql("CREATE DATABASE shared OWNER alice")
        let rejected = try sandbox.roster(uri: rejecting.uri(database: "shared", user: "alice", password: password), ["set-weapon", "Cat-Bot", "fire"])
        #expect(rejected.status == 77, "\(rejected.stderr)")
        #expect(rejected.stderr.hasPrefix("roster: PostgreSQL at \(rejecting.folder)/.s.PGSQL.\(rejecting.port) refused role `alice` (database shared): "),
                "\(rejected.stderr)")
        #expect(rejected.stderr.contains("pg_hba.conf") && rejected.stderr.split(separator: "\n").count == 1 && !rejected.stderr.contains(password),
                "\(rejected.stderr)")
    }

    @Test("a database without a roster gets the default one, said once on stderr; an import into one says it made a roster, as into a new file, but nothing of default monsters")
    func newRosterIsTold() throws {
        let cluster = try DisposablePostgres.shared()
        let sandbox = try Sandbox()
        let server = "\(cluster.folder)/.s.PGSQL.\(cluster.port)"
        for command in [["list"], ["set-weapon", "Cat-Bot", "fire"]] {
            let database = try cluster.makeDatabase()
            let first = try sandbox.roster(uri: cluster.uri(database: database), command)
            #expect(first.status == 0, "\(first.stderr)")
            let told = "roster: made a new roster in database \(database) on \(server), with the 6 default monsters\n"
            #expect(first.stderr.hasPrefix(told), "\(command): \(first.stderr)")
            #expect(first.stderr.components(separatedBy: "made a new roster").count == 2, "\(first.stderr)")
            let again = try sandbox.roster(uri: cluster.uri(database: database), command)
            #expect(!again.stderr.contains("made a new roster"), "\(again.stderr)")
        }
        let imported = try cluster.makeDatabase()
        let run = try sandbox.roster(uri: cluster.uri(database: imported), ["import", "-"], stdin: Self.oneMonster)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("default monsters"), "\(run.stderr)")
        #expect(run.stderr.hasPrefix("roster: made a new roster in database \(imported) on \(server)\nimported stdin: 1 added"), "\(run.stderr)")
        let again = try sandbox.roster(uri: cluster.uri(database: imported), ["import", "-", "--mode", "upsert"], stdin: Self.oneMonster)
        #expect(again.status == 0 && !again.stderr.contains("made a new roster"), "\(again.stderr)")
        // A dry run leaves no roster behind, so it made none to tell.
        let rehearsed = try sandbox.roster(uri: cluster.uri(database: try cluster.makeDatabase()), ["import", "-", "--dry-run"], stdin: Self.oneMonster)
        #expect(rehearsed.status == 0 && !rehearsed.stderr.contains("made a new roster"), "\(rehearsed.stderr)")
    }

    @Test("programs starting on a new database at once all succeed, and only the one that made the roster says so")
    func racingFirstRuns() throws {
        let cluster = try DisposablePostgres.shared()
        let sandbox = try Sandbox()
        // The race is narrow (2 rounds in 20 once called the new roster
        // "not roster's" for the one that lost): try it many times.
        for round in 0..<12 {
            let database = try cluster.makeDatabase()
            let script = (0..<4).map { _ in "\"\(Sandbox.binary.path)\" --db '\(cluster.uri(database: database))' list >/dev/null &" }
                .joined(separator: "\n") + "\nfor job in $(jobs -p); do wait $job || echo failed; done"
            let run = try sandbox.run("/bin/bash", ["-c", script])
            #expect(run.stdout.isEmpty, "round \(round): \(run.stdout) \(run.stderr)")
            let made = run.stderr.split(separator: "\n").filter { $0.hasPrefix("roster: made a new roster in database \(database) ") }
            #expect(made.count == 1, "round \(round): \(run.stderr)")
            #expect(try sandbox.roster(uri: cluster.uri(database: database), ["list", "--format", "ndjson"]).stdout.split(separator: "\n").count == 6)
        }
    }
}
