import Foundation
import Testing

/// Who may do what on a shared roster, and how roster reaches it safely:
/// a role that may only read lists and exports, and every write it tries
/// is refused in one sentence that changes nothing; TLS with a
/// certificate made by `openssl` here passes `verify-full` and refuses a
/// certificate from another authority and a wrong password; a password
/// given in the URI shows nowhere (messages, history, the process title,
/// the files roster writes).
@Suite("Who may use a shared roster, and how safely")
struct PostgresAccessTests {
    @Test("a reader role lists, exports and makes dry runs of imports and undo; every write is refused in one sentence, changing nothing")
    func readerRole() throws {
        let cluster = try DisposablePostgres.shared()
        let database = try cluster.makeDatabase()
        let sandbox = try Sandbox()
        let owner = cluster.uri(database: database)
        #expect(try sandbox.roster(uri: owner, ["set-weapon", "Cat-Bot", "fire"]).status == 0)
        let reader = "reader_\(database)"
        try cluster.psql("""
            CREATE ROLE \(reader) LOGIN;
            GRANT USAGE ON SCHEMA roster TO \(reader);
            GRANT SELECT ON ALL TABLES IN SCHEMA roster TO \(reader);
            GRANT SELECT ON ALL SEQUENCES IN SCHEMA roster TO \(reader);
            """, database: database)
        let asReader = cluster.uri(database: database, user: reader)
        let exported = try sandbox.roster(uri: owner, ["export", "--format", "json"]).stdout
        let history = try cluster.psql("SELECT count(*) FROM roster.history", database: database)

        let export = try sandbox.roster(uri: asReader, ["export", "--format", "json"])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout == exported)
        let list = try sandbox.roster(uri: asReader, ["list"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("Cat-Bot"))
        #expect(try sandbox.roster(uri: asReader, ["show", "Cat-Bot"]).status == 0)
        #expect(try sandbox.roster(uri: asReader, ["history"]).status == 0)

        let importFile = sandbox.directory.appendingPathComponent("one.ndjson").path
        try #"{"id":1,"name":"Solo-Bot","description":"","icon":"meetcatbot.png","name_color":"red","weapon":"fire"}"#
            .appending("\n").write(toFile: importFile, atomically: false, encoding: .utf8)
        let writes: [[String]] = [
            ["set-weapon", "Cat-Bot", "sword"],
            ["set-weapon", "--stdin"],
            ["add", "Reader-Bot", "--weapon", "fire"],
            ["edit", "Dog-Bot", "--description", "changed"],
            ["remove", "Ice-Bot", "--yes"],
            ["import", importFile, "--mode", "replace"],
        ]
        for arguments in writes {
            let run = try sandbox.roster(uri: asReader, arguments, stdin: "Dog-Bot\tfire\n")
            #expect(run.status == 77, "\(arguments): \(run.status) \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains(reader) && run.stderr.contains("nothing was changed"), "\(arguments): \(run.stderr)")
        }
        // Dry runs only read: a reader asks what an import or an undo would do.
        let dryRuns: [([String], String)] = [
            (["import", importFile, "--mode", "replace", "--dry-run"], "0 added, 1 updated, 0 unchanged, 5 removed; nothing was changed"),
            (["import", importFile, "--mode", "insert", "--dry-run"], "1 added, 0 updated, 0 unchanged, 0 removed; nothing was changed"),
            (["import", importFile, "--mode", "upsert", "--dry-run"], "1 added, 0 updated, 0 unchanged, 0 removed; nothing was changed"),
            (["undo", "--all-users", "--dry-run"], "would undo set-weapon Cat-Bot: Sword → Fire"),
            // Several steps: made on copies of the tables, thrown away.
            (["undo", "2", "--all-users", "--dry-run"], "would undo set-weapon Cat-Bot: Sword → Fire"),
            (["undo", "--dry-run"], "nothing of yours to undo"),
            (["redo", "--all-users", "--dry-run"], "nothing to redo"),
        ]
        for (arguments, said) in dryRuns {
            let run = try sandbox.roster(uri: asReader, arguments)
            #expect(run.status == 0, "\(arguments): \(run.status) \(run.stderr)")
            #expect(run.stderr.contains(said), "\(arguments): \(run.stderr)")
        }
        #expect(try sandbox.roster(uri: owner, ["export", "--format", "json"]).stdout == exported)
        #expect(try cluster.psql("SELECT count(*) FROM roster.history", database: database) == history)
        #expect(try cluster.psql("SELECT last_value FROM roster.monster_id", database: database) == "6")
    }

    @Test("a role given exactly the grants docs/sharing.md lists for writing makes every change, undo and redo included")
    func writerRole() throws {
        let cluster = try DisposablePostgres.shared()
        let database = try cluster.makeDatabase()
        let sandbox = try Sandbox()
        #expect(try sandbox.roster(uri: cluster.uri(database: database), ["list"]).status == 0)
        let writer = "writer_\(database)"
        try cluster.psql("""
            CREATE ROLE \(writer) LOGIN;
            GRANT USAGE ON SCHEMA roster TO \(writer);
            GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA roster TO \(writer);
            GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA roster TO \(writer);
            """, database: database)
        let asWriter = cluster.uri(database: database, user: writer)
        let importFile = sandbox.directory.appendingPathComponent("two.ndjson").path
        try """
            {"id":1,"name":"Solo-Bot","description":"","icon":"meetcatbot.png","name_color":"red","weapon":"fire"}
            {"id":2,"name":"Duo-Bot","description":"","icon":"meetdogbot.png","name_color":"blue","weapon":"smoke"}

            """.write(toFile: importFile, atomically: false, encoding: .utf8)
        for arguments in [["set-weapon", "Cat-Bot", "fire"], ["add", "Writer-Bot", "--weapon", "sword"],
                          ["edit", "Dog-Bot", "--description", "changed"], ["remove", "Ice-Bot", "--yes"],
                          ["undo"], ["redo"], ["import", importFile, "--mode", "upsert", "--dry-run"],
                          ["import", importFile, "--mode", "replace"], ["undo"], ["set-weapon", "--stdin"]] {
            let run = try sandbox.roster(uri: asWriter, arguments, stdin: "Fire-Bot\tsmoke\n")
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
        #expect(try cluster.psql("SELECT weapon FROM roster.monster WHERE name = 'Fire-Bot'", database: database) == "smoke")
        #expect(try cluster.psql("SELECT count(*) FROM roster.history WHERE database_user = '\(writer)'", database: database) == "9")
    }

    @Test("TLS with a certificate made here: verify-full passes; another authority's certificate and a wrong password are refused")
    func transportSecurity() throws {
        let sandbox = try Sandbox()
        let certificates = try TestCertificates(in: sandbox)
        let cluster = try DisposablePostgres(ownedWith: ["--tls", certificates.serverCertificate, certificates.serverKey,
                                                      "--scram", "alice", "Tls-Pw-9931"])
        try cluster.psql("CREATE DATABASE shared OWNER alice")
        func uri(password: String, rootCertificate: String, mode: String = "verify-full") -> String {
            "postgresql://alice:\(password)@127.0.0.1:\(cluster.port)/shared?sslmode=\(mode)&sslrootcert=\(rootCertificate)&connect_timeout=5"
        }
        let trusted = try sandbox.roster(uri: uri(password: "Tls-Pw-9931", rootCertificate: certificates.authority),
                                         ["set-weapon", "Cat-Bot", "fire"])
        #expect(trusted.status == 0, "\(trusted.stderr)")
        // The cluster's pg_hba.conf lets TCP in only as hostssl: a change made over TCP came over TLS.
        #expect(try cluster.psql("SELECT weapon FROM roster.monster WHERE name = 'Cat-Bot'", database: "shared") == "fire")
        // The server's certificate was signed by another authority.
        let stranger = try sandbox.roster(uri: uri(password: "Tls-Pw-9931", rootCertificate: certificates.otherAuthority),
                                          ["set-weapon", "Cat-Bot", "sword"])
        #expect(stranger.status != 0, "\(stranger.stderr)")
        #expect(stranger.stderr.split(separator: "\n").count == 1, "\(stranger.stderr)")
        #expect(stranger.stderr.contains("certificate"), "\(stranger.stderr)")
        #expect(!stranger.stderr.contains("Tls-Pw-9931"))
        // verify-ca with the wrong authority is refused too; require alone encrypts without checking.
        #expect(try sandbox.roster(uri: uri(password: "Tls-Pw-9931", rootCertificate: certificates.otherAuthority, mode: "verify-ca"),
                                   ["list"]).status != 0)
        let wrong = try sandbox.roster(uri: uri(password: "Not-The-Pw-5170", rootCertificate: certificates.authority), ["list"])
        #expect(wrong.status != 0, "\(wrong.stderr)")
        #expect(wrong.stderr.split(separator: "\n").count == 1, "\(wrong.stderr)")
        #expect(wrong.stderr.contains("password"), "\(wrong.stderr)")
        #expect(!wrong.stderr.contains("Not-The-Pw-5170") && !wrong.stderr.contains("Tls-Pw-9931"))
        #expect(try cluster.psql("SELECT weapon FROM roster.monster WHERE name = 'Cat-Bot'", database: "shared") == "fire")
        // A root certificate "file" that is a FIFO nobody writes: refused at once, never waited on.
        let fifo = sandbox.directory.appendingPathComponent("root.crt").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let piped = try sandbox.roster(uri: uri(password: "Tls-Pw-9931", rootCertificate: fifo), ["list"])
        #expect(piped.status == 74 && piped.stderr.contains("is not a plain file"), "\(piped.status) \(piped.stderr)")
    }

    @Test("SCRAM on a unix socket never reads OpenSSL's configuration file, which could load shared libraries into the static program")
    func noOpenSSLConfiguration() throws {
        let password = "Cnf-Pw-4417"
        let cluster = try DisposablePostgres(ownedWith: ["--scram", "alice", password])
        try cluster.psql("CREATE DATABASE shared OWNER alice")
        let sandbox = try Sandbox()
        let log = sandbox.directory.appendingPathComponent("trace.log").path
        let uri = cluster.uri(database: "shared", user: "alice", password: password)
        let run = try sandbox.run("/usr/bin/strace", ["-f", "-o", log, "-e", "trace=open,openat",
                                                       Sandbox.binary.path, "--db", uri, "list"])
        #expect(run.status == 0, "\(run.stderr)")
        let trace = try String(contentsOfFile: log, encoding: .utf8)
        #expect(!trace.contains("openssl.cnf"), "\(trace.split(separator: "\n").filter { $0.contains("ssl") })")
    }

    @Test("a password in the URI shows nowhere: messages, history, the process title, the files roster writes")
    func passwordNeverShows() throws {
        let password = "Hush-Pw-31337"
        let cluster = try DisposablePostgres(ownedWith: ["--scram", "alice", password])
        try cluster.psql("CREATE DATABASE shared OWNER alice")
        let sandbox = try Sandbox()
        let uri = cluster.uri(database: "shared", user: "alice", password: password)
        let exportFile = sandbox.directory.appendingPathComponent("out.json").path
        var said: [String] = []
        for arguments in [["list"], ["set-weapon", "Cat-Bot", "fire"], ["set-weapon", "Cat-Bot", "fire"],
                          ["set-weapon", "Nobody-Bot", "fire"], ["set-weapon", "Cat-Bot", "swrod"], ["add", "Pw-Bot", "--weapon", "smoke"],
                          ["history"], ["history", "--format", "json"], ["export", "-o", exportFile], ["undo"],
                          ["import", "/nonexistent.json"], ["--version"]] {
            let run = try sandbox.roster(uri: uri, arguments)
            said.append(run.stdout + run.stderr)
        }
        // The same URI in ROSTER_DB, and a wrong password.
        let fromEnvironment = try sandbox.roster(["list"], environment: ["ROSTER_DB": uri], useDatabaseOption: false)
        #expect(fromEnvironment.status == 0, "\(fromEnvironment.stderr)")
        said.append(fromEnvironment.stdout + fromEnvironment.stderr)
        let wrong = try sandbox.roster(uri: cluster.uri(database: "shared", user: "alice", password: password + "x"), ["list"])
        #expect(wrong.status != 0)
        said.append(wrong.stderr)
        for text in said { #expect(!text.contains(password), "shown: \(text)") }
        #expect(try cluster.psql("SELECT count(*) FROM roster.history", database: "shared") != "0")
        let stored = try cluster.psql("SELECT h::text FROM roster.history h", database: "shared")
        #expect(!stored.contains(password), "in the history: \(stored)")

        // The process title, while roster waits for its input.
        try expectTitleHides(password, uri: uri, sandbox: sandbox)

        // Every file roster wrote (its home, its settings, the export).
        let files = FileManager.default.enumerator(atPath: sandbox.directory.path)
        var read = 0
        while let relative = files?.nextObject() as? String {
            let path = sandbox.directory.appendingPathComponent(relative).path
            guard let bytes = FileManager.default.contents(atPath: path) else { continue }
            read += 1
            #expect(!String(decoding: bytes, as: UTF8.self).contains(password), "in \(relative)")
        }
        #expect(read >= 1 && FileManager.default.fileExists(atPath: exportFile))
    }

    @Test("a password parameter whose key is percent-encoded stays out of ps, and out of a message")
    func encodedPasswordKeyNeverShows() throws {
        let password = "Key-Pw-27182"
        let cluster = try DisposablePostgres(ownedWith: ["--scram", "alice", password])
        try cluster.psql("CREATE DATABASE shared OWNER alice")
        let sandbox = try Sandbox()
        for key in ["%70assword", "pass%77ord", "%70%61%73%73%77%6F%72%64"] {
            let uri = cluster.uri(database: "shared", user: "alice", extra: "\(key)=\(password)")
            let listed = try sandbox.roster(uri: uri, ["list"])
            #expect(listed.status == 0, "the password under \(key) was not used: \(listed.stderr)")
            try expectTitleHides(password, uri: uri, sandbox: sandbox)
        }
        // An encoded '=': the whole parameter is its key, and is refused.
        let refused = try sandbox.roster(uri: cluster.uri(database: "shared", user: "alice", extra: "password%3D\(password)"), ["list"])
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr.contains("has no value") && !refused.stderr.contains(password), "\(refused.stderr)")
    }

    @Test("a password with an unencoded / or ? is refused before connecting, quoting none of it, and hidden from ps until then")
    func strayPasswordNeverShows() throws {
        let sandbox = try Sandbox()
        for password in ["Sl/ash-Pw-4242", "5453/Digits-Pw-77", "Qu?estion-Pw-88"] {
            let uri = "postgresql://alice:\(password)@127.0.0.1:5453/shared"
            let run = try sandbox.roster(uri: uri, ["list"])
            #expect(run.status == 64, "\(password): \(run.status) \(run.stderr)")
            #expect(run.stderr.contains("percent-encode"), "\(password): \(run.stderr)")
            for piece in password.split(whereSeparator: { $0 == "/" || $0 == "?" }) {
                #expect(!run.stderr.contains(piece), "\(password): \(run.stderr)")
            }
            try expectTitleHides(password, uri: uri, sandbox: sandbox)
        }
    }

    @Test("a password file others can read is not read: said once, in the sentence about the missing password")
    func passwordFileOthersCanRead() throws {
        let password = "File-Pw-6021"
        let cluster = try DisposablePostgres(ownedWith: ["--scram", "alice", password])
        try cluster.psql("CREATE DATABASE shared OWNER alice")
        let sandbox = try Sandbox()
        let file = sandbox.directory.appendingPathComponent("pg\u{1B}[31mpass").path
        try "*:*:*:alice:\(password)\n".write(toFile: file, atomically: false, encoding: .utf8)
        chmod(file, 0o644)
        let uri = cluster.uri(database: "shared", user: "alice")
        let refused = try sandbox.roster(uri: uri, ["list"], environment: ["PGPASSFILE": file])
        #expect(refused.status == 64, "\(refused.status) \(refused.stderr)")
        let lines = refused.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(refused.stderr)")
        #expect(lines.filter { $0.contains("others can read or write it") }.count == 1, "\(refused.stderr)")
        #expect(lines.last?.contains("none was given in the URI or PGPASSWORD, and the password file") == true, "\(refused.stderr)")
        #expect(!refused.stderr.contains(password) && !refused.stderr.contains("\u{1B}"), "\(refused.stderr)")
        // A role the server trusts needs no password: it connects, and the file set aside is told once.
        let trusted = try sandbox.roster(uri: cluster.uri(database: "postgres", user: "postgres"), ["list"], environment: ["PGPASSFILE": file])
        #expect(trusted.status == 0, "\(trusted.stderr)")
        #expect(trusted.stderr.split(separator: "\n").filter { $0.hasPrefix("roster: warning: the password file ") }.count == 1,
                "\(trusted.stderr)")
        chmod(file, 0o600)
        let listed = try sandbox.roster(uri: uri, ["list"], environment: ["PGPASSFILE": file])
        #expect(listed.status == 0 && !listed.stderr.contains("warning"), "\(listed.stderr)")
    }

    /// Starts `roster --db URI import -` and, while it waits for its input,
    /// reads its /proc/PID/cmdline and its line in ps: neither holds `password`.
    private func expectTitleHides(_ password: String, uri: String, sandbox: Sandbox) throws {
        let process = Process()
        process.executableURL = Sandbox.binary
        process.arguments = ["--db", uri, "import", "-", "--mode", "upsert"]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": sandbox.directory.path, "LANG": "C.UTF-8"]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // roster reads all its input before it connects: once it waits
        // for more, it is well past start-up.
        let waiting = "/proc/\(process.processIdentifier)/wchan"
        func wchan() -> String { FileManager.default.contents(atPath: waiting).map { String(decoding: $0, as: UTF8.self) } ?? "" }
        let deadline = Date().addingTimeInterval(20)
        while !wchan().hasSuffix("pipe_read"), Date() < deadline { usleep(10_000) }
        #expect(wchan().hasSuffix("pipe_read"), "roster never waited for its input: \(wchan())")
        let commandLine = FileManager.default.contents(atPath: "/proc/\(process.processIdentifier)/cmdline")
            .map { String(decoding: $0, as: UTF8.self) } ?? ""
        let title = try sandbox.run("/bin/ps", ["-o", "args=", "-p", String(process.processIdentifier)]).stdout
        #expect(commandLine.contains("import"), "the process was not read: \(commandLine)")
        #expect(!commandLine.contains(password), "in /proc/PID/cmdline: \(commandLine)")
        #expect(!title.contains(password), "in ps: \(title)")
        try input.fileHandleForWriting.write(contentsOf: Data("Pw-Bot\tsword\n".utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    @Test("a server with no connection free (53300) is passing: exit 75, the way busy is, not 74")
    func noConnectionFree() throws {
        let cluster = try DisposablePostgres.shared()
        let database = try cluster.makeDatabase()
        let sandbox = try Sandbox()
        // A role allowed no connection gets the server's "too many connections" (53300),
        // as every role does when max_connections is reached.
        let role = "full_\(database)"
        try cluster.psql("CREATE ROLE \(role) LOGIN CONNECTION LIMIT 0", database: database)
        let run = try sandbox.roster(uri: cluster.uri(database: database, user: role), ["list"])
        #expect(run.status == 75, "\(run.stderr)")
        #expect(run.stderr.contains("every connection it allows is in use"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }
}

/// A certificate authority, a server certificate it signs for 127.0.0.1,
/// and a second authority that signed nothing of the server's: all made
/// by `openssl` in the sandbox, for one test.
struct TestCertificates {
    let authority: String
    let otherAuthority: String
    let serverCertificate: String
    let serverKey: String

    init(in sandbox: Sandbox) throws {
        let folder = sandbox.directory.appendingPathComponent("tls").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        func path(_ name: String) -> String { folder + "/" + name }
        authority = path("ca.crt")
        otherAuthority = path("other-ca.crt")
        serverCertificate = path("server.crt")
        serverKey = path("server.key")
        func openssl(_ arguments: [String]) throws {
            let run = try sandbox.run("/usr/bin/openssl", arguments)
            guard run.status == 0 else {
                throw DisposablePostgres.Failure(description: "openssl \(arguments.first ?? "") failed: \(run.stderr)")
            }
        }
        let curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        for (name, subject) in [("ca", "/CN=roster test authority"), ("other-ca", "/CN=someone else's authority")] {
            try openssl(["req", "-x509"] + curve + ["-keyout", path("\(name).key"), "-out", path("\(name).crt"),
                                                    "-days", "2", "-subj", subject])
        }
        try openssl(["req"] + curve + ["-keyout", serverKey, "-out", path("server.csr"), "-subj", "/CN=127.0.0.1"])
        try "subjectAltName=IP:127.0.0.1\n".write(toFile: path("server.ext"), atomically: false, encoding: .utf8)
        try openssl(["x509", "-req", "-in", path("server.csr"), "-CA", authority, "-CAkey", path("ca.key"),
                     "-CAcreateserial", "-out", serverCertificate, "-days", "2", "-extfile", path("server.ext")])
    }
}
