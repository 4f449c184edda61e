import Foundation
import Testing

/// The roster binary against a PostgreSQL roster on a throwaway cluster:
/// every command through `--db postgresql://…`, moving a roster from a
/// file and back, who made each change, and a server that is not there.
@Suite("A team's roster on PostgreSQL, from the command line")
struct PostgresRosterTests {
    /// `roster --db URI ARGS…`.
    private func roster(_ sandbox: Sandbox, _ uri: String, _ arguments: [String], stdin: String? = nil,
                        environment: [String: String] = [:]) throws -> RosterRun {
        try sandbox.roster(["--db", uri] + arguments, stdin: stdin, environment: environment, useDatabaseOption: false)
    }

    @Test("every command works on a PostgreSQL roster, and history says who made each change")
    func everyCommand() throws {
        let sandbox = try Sandbox()
        let uri = try PostgresCluster.shared().makeDatabase()
        let environment = ["USER": "alice"]
        func run(_ arguments: String..., stdin: String? = nil) throws -> RosterRun {
            let result = try roster(sandbox, uri, arguments, stdin: stdin, environment: environment)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return result
        }
        #expect(try run("list", "--format", "plain").stdout.split(separator: "\n").count == 6)
        #expect(try run("set-weapon", "Cat-Bot", "fire").stderr.contains("Cat-Bot: Sword → Fire"))
        #expect(try run("add", "Bat-Bot", "--weapon", "smoke", "--description", "Hangs around").stderr.contains("id 7"))
        try run("edit", "Bat-Bot", "--name", "Owl-Bot", "--color", "blue")
        try run("remove", "Dog-Bot", "--yes")
        try run("set-weapon", "--stdin", stdin: "Ice-Bot\tsword\n")
        let listed = try run("list", "--format", "plain").stdout
        #expect(listed.contains("7\tOwl-Bot\tHangs around\tunknown.png\tblue\tsmoke"))
        #expect(!listed.contains("Dog-Bot"))
        #expect(try run("show", "Owl-Bot", "--format", "json").stdout.contains("\"name\":\"Owl-Bot\""))
        let history = try run("history", "--format", "plain").stdout.split(separator: "\n")
        #expect(history.count == 5)
        #expect(history.allSatisfy { $0.contains("\tpostgres on alice@") }, "\(history)")
        #expect(try run("undo").stderr.hasPrefix("undid set-weapon Ice-Bot"))
        #expect(try run("undo", "--dry-run").stderr.hasPrefix("would undo remove Dog-Bot"))
        try run("undo")
        #expect(try run("list", "--format", "plain").stdout.contains("Dog-Bot"))
        #expect(try run("redo").stderr.hasPrefix("redid remove Dog-Bot"))
        // A change that is refused changes nothing, with the file's exit codes.
        let missing = try roster(sandbox, uri, ["set-weapon", "Cat-Bto", "smoke"], environment: environment)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("did you mean `Cat-Bot`?"))
        let taken = try roster(sandbox, uri, ["add", "cat-bot", "--weapon", "fire"], environment: environment)
        #expect(taken.status == 1)
        // Bob changes what Alice changed: her undo is refused, naming his change and him.
        try run("set-weapon", "Cat-Bot", "smoke")
        let bob = try roster(sandbox, uri, ["edit", "Cat-Bot", "--description", "Purr"], environment: ["USER": "bob", "PGAPPNAME": "bob-desk"])
        #expect(bob.status == 0, "\(bob.stderr)")
        let refused = try roster(sandbox, uri, ["undo"], environment: environment)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("Cat-Bot has been changed since, by #") && refused.stderr.contains("(postgres on bob-desk)"),
                "\(refused.stderr)")
        #expect(try run("undo", "--all-users").stderr.hasPrefix("undid edit Cat-Bot"))
        #expect(try run("complete-names").stdout.contains("Owl-Bot"))
    }

    @Test("a roster moves from a file to PostgreSQL and back, exporting the same bytes in every format")
    func movingARoster() throws {
        let sandbox = try Sandbox()
        let uri = try PostgresCluster.shared().makeDatabase()
        #expect(try sandbox.roster("add", "Comma, Bot", "--weapon", "fire", "--description", "say \"hi\"; =1+2").status == 0)
        #expect(try sandbox.roster("edit", "Cat-Bot", "--description", "ünïcödé ✓ 日本").status == 0)
        let moved = try sandbox.roster("export", "--format", "ndjson")
        let imported = try roster(sandbox, uri, ["import", "-", "--mode", "replace"], stdin: moved.stdout)
        #expect(imported.status == 0, "\(imported.stderr)")
        // A database with no roster yet holds only what was imported.
        #expect(imported.stderr.contains("7 added, 0 updated, 0 unchanged, 0 removed"), "\(imported.stderr)")
        for format in ["json", "ndjson", "csv", "markdown", "html"] {
            let fromFile = try sandbox.roster("export", "--format", format)
            let fromServer = try roster(sandbox, uri, ["export", "--format", format])
            #expect(fromServer.status == 0, "\(fromServer.stderr)")
            #expect(fromFile.stdoutBytes == fromServer.stdoutBytes, "\(format)")
        }
        // And back: a dry run changes nothing, then the import is one change, undone whole.
        let back = try roster(sandbox, uri, ["export", "--format", "csv"])
        let dryRun = try sandbox.roster(["import", "-", "--mode", "replace", "--dry-run"], stdin: back.stdout)
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        let undo = try roster(sandbox, uri, ["undo"])
        #expect(undo.stderr.hasPrefix("undid import stdin"), "\(undo.stderr)")
        #expect(try roster(sandbox, uri, ["list", "--format", "plain"]).stdout.isEmpty)
    }

    @Test("a server that is not there is exit 75, one sentence naming it, never the password")
    func lostServer() throws {
        let sandbox = try Sandbox()
        let folder = sandbox.directory.path
        let run = try roster(sandbox, "postgresql://alice:very-secret@/roster?host=\(folder)&connect_timeout=2", ["list"])
        #expect(run.status == 75)
        #expect(run.stderr.hasPrefix("roster: cannot connect to PostgreSQL at \(folder)/.s.PGSQL.5432"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(!run.stderr.contains("very-secret"))
        // ROSTER_DB reaches the same roster as --db.
        let viaEnvironment = try sandbox.roster(["list"], environment: ["ROSTER_DB": "postgres://bob:pw123@/roster?host=\(folder)&connect_timeout=2"],
                                                useDatabaseOption: false)
        #expect(viaEnvironment.status == 75)
        #expect(!viaEnvironment.stderr.contains("pw123"))
    }

    @Test("an import into a database with no roster yet holds only what was imported, as into a new file")
    func importIntoNewDatabase() throws {
        let sandbox = try Sandbox()
        let cluster = try PostgresCluster.shared()
        let file = sandbox.directory.appendingPathComponent("two.csv").path
        try "name,weapon\nBat-Bot,smoke\nOwl-Bot,fire\n".write(toFile: file, atomically: false, encoding: .utf8)
        let fileRoster = sandbox.directory.appendingPathComponent("new.db").path
        #expect(try sandbox.roster(["--db", fileRoster, "import", file, "--mode", "insert"], useDatabaseOption: false).status == 0)
        let uri = try cluster.makeDatabase()
        let imported = try roster(sandbox, uri, ["import", file, "--mode", "insert"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let listed = try roster(sandbox, uri, ["list", "--format", "plain"]).stdout
        #expect(listed.split(separator: "\n").count == 2, "\(listed)")
        #expect(listed == (try sandbox.roster(["--db", fileRoster, "list", "--format", "plain"], useDatabaseOption: false).stdout))
        #expect(try roster(sandbox, uri, ["history", "--format", "plain"]).stdout.split(separator: "\n").count == 1)
    }

    @Test("a role that may only read lists the roster; a write is refused in one sentence and changes nothing")
    func readerRole() throws {
        let sandbox = try Sandbox()
        let cluster = try PostgresCluster.shared()
        let uri = try cluster.makeDatabase()
        #expect(try roster(sandbox, uri, ["list"]).status == 0)
        let database = String(uri.split(separator: "@/").last?.split(separator: "?").first ?? "")
        try cluster.sql("""
            DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'viewer') THEN CREATE ROLE viewer LOGIN; END IF; END $$;
            GRANT USAGE ON SCHEMA roster TO viewer;
            GRANT SELECT ON ALL TABLES IN SCHEMA roster TO viewer;
            GRANT SELECT ON ALL SEQUENCES IN SCHEMA roster TO viewer;
            """, database: database)
        let viewer = cluster.uri(database, user: "viewer")
        #expect(try roster(sandbox, viewer, ["list", "--format", "plain"]).stdout.contains("Cat-Bot"))
        let write = try roster(sandbox, viewer, ["set-weapon", "Cat-Bot", "fire"])
        #expect(write.status == 77, "\(write.stderr)")
        #expect(write.stderr.contains("may only read it"), "\(write.stderr)")
        #expect(write.stderr.split(separator: "\n").count == 1)
        #expect(try roster(sandbox, uri, ["list", "--format", "plain"]).stdout.contains("Cat-Bot\tMEE-OW\tmeetcatbot.png\tdefault\tsword"))
    }
}

/// A server that dies in the middle of a replace import: when it is back,
/// the roster is the old one or the new one, never a mix.
@Suite("A PostgreSQL roster survives its server's crash")
struct PostgresCrashTests {
    @Test("a crash during a replace import of 200,000 monsters leaves the old roster or the new one, and the command exits 75")
    func crashDuringImport() throws {
        let sandbox = try Sandbox()
        let folder = "/tmp/roster-e2e-crash-\(getpid())"
        try PostgresCluster.script(["start", folder, "--port", "5432"])
        defer { try? PostgresCluster.script(["stop", folder]) }
        let uri = "postgresql://postgres@/postgres?host=\(folder)&port=5432"
        #expect(try sandbox.roster(["--db", uri, "list"], useDatabaseOption: false).status == 0)
        var lines = "id,name,weapon\n"
        for index in 1...200_000 { lines += "\(index),Crash-Bot-\(index),fire\n" }
        let file = sandbox.directory.appendingPathComponent("many.csv").path
        try Data(lines.utf8).write(to: URL(fileURLWithPath: file))
        // The import runs in its own process; the server is crashed under it.
        let importing = Process()
        importing.executableURL = Sandbox.binary
        importing.arguments = ["--db", uri, "import", file, "--mode", "replace"]
        importing.environment = ["HOME": sandbox.directory.path, "PATH": "/usr/bin:/bin"]
        importing.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        importing.standardError = errors
        try importing.run()
        usleep(400_000)
        try PostgresCluster.script(["crash", folder])
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        importing.waitUntilExit()
        try PostgresCluster.script(["start", folder, "--port", "5432"])
        let listed = try sandbox.roster(["--db", uri, "list", "--format", "plain"], useDatabaseOption: false)
        #expect(listed.status == 0, "\(listed.stderr)")
        let count = listed.stdout.split(separator: "\n").count
        if importing.terminationStatus == 0 {
            #expect(count == 200_000)
        } else {
            #expect(importing.terminationStatus == 75, "\(complaint)")
            #expect(complaint.contains(folder), "\(complaint)")
            #expect(count == 6 || count == 200_000, "\(count) monsters")
        }
    }
}
