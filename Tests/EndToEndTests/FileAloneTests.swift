import Foundation
import Testing

/// Once roster has ended, the roster file alone is the whole roster: `cp
/// roster.db backup.db` (without the -wal file) once gave a backup that
/// roster filled with the six default monsters. And a file that was there,
/// empty, never gets the default monsters: they go only into a roster
/// roster makes itself.
@Suite("The roster file alone, once roster has ended")
struct FileAloneTests {
    /// Copies the main file alone, as `cp` would, and lists the copy.
    private func listOfCopy(_ sandbox: Sandbox) throws -> (list: RosterRun, copy: String) {
        let copy = sandbox.directory.appendingPathComponent("backup.db").path
        try FileManager.default.copyItem(atPath: sandbox.databasePath, toPath: copy)
        return (try sandbox.roster(["--db", copy, "list", "--format", "ndjson"], useDatabaseOption: false), copy)
    }

    @Test("a copy of the file alone, made after every command ended, lists every change: an add, a new weapon, a removal")
    func copyAfterCommands() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster("add", "Zed-Bot", "--weapon", "fire").status == 0)
        #expect(try sandbox.roster("set-weapon", "Cat-Bot", "smoke").status == 0)
        #expect(try sandbox.roster("remove", "Dog-Bot", "--yes").status == 0)
        let (copied, _) = try listOfCopy(sandbox)
        #expect(copied.status == 0, "\(copied.stderr)")
        #expect(copied.stderr.isEmpty, "\(copied.stderr)")
        let names = try copied.stdout.split(separator: "\n").map { line in
            (try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["name"] as? String
        }
        #expect(names == ["Cat-Bot", "Explode-Bot", "Fire-Bot", "Ice-Bot", "Mini-Tomato-Bot", "Zed-Bot"], "\(copied.stdout)")
        #expect(copied.stdout.hasPrefix("{\"id\":1,\"name\":\"Cat-Bot\",\"description\":\"MEE-OW\",\"icon\":\"meetcatbot.png\",\"name_color\":\"default\",\"weapon\":\"smoke\""),
                "\(copied.stdout)")
        // The WAL is left empty, for the next command to find nothing to replay.
        let wal = try FileManager.default.attributesOfItem(atPath: sandbox.databasePath + "-wal")[.size] as? Int
        #expect(wal == 0)
    }

    @Test("a copy of the file alone, made after an import and an undo, holds the history too")
    func copyAfterImportAndUndo() throws {
        let sandbox = try Sandbox()
        let file = sandbox.directory.appendingPathComponent("in.ndjson")
        try Data("{\"name\":\"Nova\",\"weapon\":\"sword\"}\n".utf8).write(to: file)
        #expect(try sandbox.roster("import", file.path).status == 0)
        #expect(try sandbox.roster("set-weapon", "Nova", "fire").status == 0)
        #expect(try sandbox.roster("undo").status == 0)
        let (copied, copy) = try listOfCopy(sandbox)
        #expect(copied.stdout.contains("\"name\":\"Nova\",\"description\":\"\",\"icon\":\"unknown.png\",\"name_color\":\"default\",\"weapon\":\"sword\""),
                "\(copied.stdout)")
        let history = try sandbox.roster(["--db", copy, "history", "--format", "ndjson"], useDatabaseOption: false)
        #expect(history.status == 0 && history.stdout.contains("Nova"), "\(history.stdout) \(history.stderr)")
    }

    @Test("a change made in the plain roster is in the file alone once the roster has quit")
    func copyAfterPlainRoster() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster("list").status == 0)
        let plain = try sandbox.roster(["browse", "--plain"], stdin: "1\nweapon fire\nq\n", environment: ["TERM": "dumb"])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.contains("Cat-Bot now carries Fire."), "\(plain.stdout)")
        let (copied, _) = try listOfCopy(sandbox)
        let first = copied.stdout.split(separator: "\n").first ?? ""
        #expect(first.hasPrefix("{\"id\":1,\"name\":\"Cat-Bot\"") && first.contains("\"weapon\":\"fire\""), "\(copied.stdout)")
    }

    @Test("an existing 0-byte file becomes a roster with no monsters, and says so once")
    func existingEmptyFile() throws {
        let sandbox = try Sandbox()
        #expect(FileManager.default.createFile(atPath: sandbox.databasePath, contents: Data()))
        let list = try sandbox.roster("list")
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.isEmpty, "\(list.stdout)")
        #expect(list.stderr == "roster: note: \(sandbox.databasePath) was empty, so it is now a roster with no monsters (the default monsters go only into a file roster creates); if it was meant as a copy of a roster, copy that roster again while no roster runs\n",
                "\(list.stderr)")
        let again = try sandbox.roster("list")
        #expect(again.stderr.isEmpty && again.stdout.isEmpty, "\(again.stderr)")
        let add = try sandbox.roster("add", "First-Bot", "--weapon", "fire")
        #expect(add.stderr == "added First-Bot (id 1)\n", "\(add.stderr)")
    }

    @Test("a copy of a roster's file taken while its changes were all in the WAL (a SQLite database with no tables) gets no default monsters")
    func copyTakenWithoutTheWAL() throws {
        let sandbox = try Sandbox()
        // What the first command leaves in the file itself before any
        // checkpoint: the header of a WAL database, and nothing else.
        _ = try sandbox.sqlite("PRAGMA journal_mode = WAL")
        let list = try sandbox.roster("list")
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.isEmpty, "\(list.stdout)")
        #expect(list.stderr.contains("was empty, so it is now a roster with no monsters"), "\(list.stderr)")
    }

    @Test("a roster roster makes itself still starts with the default monsters, and says nothing of an empty file")
    func madeByRoster() throws {
        let sandbox = try Sandbox()
        let list = try sandbox.roster("list")
        #expect(list.stdout.split(separator: "\n").count == 6)
        #expect(list.stderr.isEmpty, "\(list.stderr)")
    }
}
