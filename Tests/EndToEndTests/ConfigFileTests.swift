import Foundation
import Testing

/// `~/.config/roster/config.toml` (or under XDG_CONFIG_HOME): read at
/// start, after the options and the environment; a mistake in it is one
/// sentence naming the file and the line.
@Suite("The settings file")
struct ConfigFileTests {
    func write(_ text: String, in sandbox: Sandbox, folder: String = ".config") throws -> String {
        let directory = sandbox.directory.appendingPathComponent("\(folder)/roster")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("config.toml")
        try Data(text.utf8).write(to: file)
        return file.path
    }

    @Test("db names the roster when --db and ROSTER_DB do not, with ~/ as the home folder")
    func databaseSetting() throws {
        let sandbox = try Sandbox()
        _ = try write("# my rosters\ndb = \"~/rosters/team.db\"  # the team's\n\nanimation = false\n", in: sandbox)
        let team = sandbox.directory.appendingPathComponent("rosters/team.db").path
        let run = try sandbox.roster(["list", "--format", "plain"], useDatabaseOption: false)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "roster: made a new roster at \(team)\n")
        #expect(FileManager.default.fileExists(atPath: team))
        // The environment and --db come first.
        let other = sandbox.directory.appendingPathComponent("other.db").path
        #expect(try sandbox.roster(["list"], environment: ["ROSTER_DB": other], useDatabaseOption: false).status == 0)
        #expect(FileManager.default.fileExists(atPath: other))
        let given = sandbox.directory.appendingPathComponent("given.db").path
        #expect(try sandbox.roster(["--db", given, "list"], useDatabaseOption: false).status == 0)
        #expect(FileManager.default.fileExists(atPath: given))
    }

    @Test("XDG_CONFIG_HOME says where the file is")
    func xdgFolder() throws {
        let sandbox = try Sandbox()
        _ = try write("db = \"\(sandbox.directory.path)/xdg.db\"\n", in: sandbox, folder: "xdg")
        let run = try sandbox.roster(["list"], environment: ["XDG_CONFIG_HOME": sandbox.directory.appendingPathComponent("xdg").path],
                                     useDatabaseOption: false)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: sandbox.directory.appendingPathComponent("xdg.db").path))
    }

    @Test("an unknown key or a bad value is one sentence naming the file and the line", arguments: [
        ("db = \"~/x.db\"\ncolour = \"red\"\n", ":2: unknown key `colour`; the keys are db, animation, pictures, accessible, columns, theme (see `roster help config`)"),
        ("dbb = \"x.db\"\n", ":1: unknown key `dbb`; did you mean `db`? the keys are db, animation, pictures, accessible, columns, theme (see `roster help config`)"),
        ("animation = \"no\"\n", ":1: `animation` is true or false, not `\"no\"`"),
        ("pictures = \"jpeg\"\n", ":1: `pictures` is one of kitty, sixel, iterm2, blocks, text, auto, not `jpeg`"),
        ("db = ~/x.db\n", ":1: `db` takes a string in double quotes, such as `db = \"~/rosters/team.db\"`"),
        ("[roster]\n", ":1: roster's settings have no tables; write `key = value` lines without [roster]"),
        ("db\n", ":1: expected `key = value`, such as db = \"~/rosters/team.db\""),
        // A relative path would name another roster in each folder.
        ("db = \"rel.db\"\n", ":1: `db` is a relative path, which would name another roster in each folder; write it from / or ~/, such as `db = \"~/rosters/team.db\"`"),
        ("db = \"~\"\n", ":1: `db` can start with ~/ for your own home folder, not with `~`; write the whole path"),
        ("theme = \"neon\"\n", ":1: `theme` is one of standard, high-contrast, not `neon`"),
        ("theme = high-contrast\n", ":1: `theme` takes a string in double quotes, such as `theme = \"high-contrast\"`"),
        ("columns = \"weapon, hieght\"\n", ":1: `columns` names no column `hieght`; did you mean `height`? the columns are weapon, height, origin, activated, or all, or none"),
        ("columns = \"weapon,,origin\"\n", ":1: `columns` has an empty name between commas in `weapon,,origin`; write names such as \"weapon, origin\""),
        ("db = \"~other/x.db\"\n", ":1: `db` can start with ~/ for your own home folder, not with `~other`; write the whole path"),
        // TOML's \u escape names a character; a NUL is refused for what it is, not as "no string".
        ("columns = \"wea\\u0000pon\"\n", ":1: `columns` holds a NUL character, which no setting can"),
        ("columns = \"wea\\xpon\"\n", ":1: `columns` has the escape `\\x`, which TOML strings do not have; write the character itself"),
        ("columns = \"\"\"weapon\"\"\"\n", ":1: `columns` is written as a TOML string roster does not read; write it on one line in double quotes, such as `columns = \"weapon, origin\"`"),
        ("animation = true\r\ncolumns = \"weapn\"\r\n", ":2: `columns` names no column `weapn`; did you mean `weapon`? the columns are weapon, height, origin, activated, or all, or none"),
        ("columns = \"wea\\uD800pon\"\n", ":1: `columns` has the escape `\\uD800`, which TOML strings do not have; write the character itself"),
    ])
    func refused(_ text: String, _ message: String) throws {
        let sandbox = try Sandbox()
        let file = try write(text, in: sandbox)
        let run = try sandbox.roster(["list"])
        #expect(run.status == 64)
        #expect(run.stderr == "roster: \(file)\(message)\n", "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.databasePath))
    }

    @Test("a byte-order mark before the first key is no part of it")
    func byteOrderMark() throws {
        let sandbox = try Sandbox()
        let roster = sandbox.directory.appendingPathComponent("marked.db").path
        _ = try write("\u{FEFF}db = \"\(roster)\"\n", in: sandbox)
        let run = try sandbox.roster(["list"], useDatabaseOption: false)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: roster))
    }

    @Test("db = \"POSTGRESQL://…\" is told to be written in lower case, not called a relative path")
    func capitalSchemeInConfig() throws {
        let sandbox = try Sandbox()
        _ = try write("db = \"POSTGRESQL://u:S3cretPW@h/r\"\n", in: sandbox)
        let run = try sandbox.roster(["list"], useDatabaseOption: false)
        #expect(run.status == 64)
        #expect(run.stderr.contains("names its scheme in capitals"), "\(run.stderr)")
        #expect(!run.stderr.contains("S3cretPW"))
    }

    @Test("a file with Windows line ends (CRLF) is read line by line")
    func windowsLineEnds() throws {
        let sandbox = try Sandbox()
        let roster = sandbox.directory.appendingPathComponent("crlf.db").path
        _ = try write("# made on Windows\r\ndb = \"\(roster)\"\r\nanimation = false\r\n", in: sandbox)
        let run = try sandbox.roster(["list"], useDatabaseOption: false)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: roster))
    }

    @Test("TOML's escapes in a string are read: \\u and \\U name a character")
    func escapesRead() throws {
        let sandbox = try Sandbox()
        let place = sandbox.directory.appendingPathComponent("caf\u{E9}-\u{1F600}.db").path
        let written = place.replacingOccurrences(of: "\u{E9}", with: "\\u00e9").replacingOccurrences(of: "\u{1F600}", with: "\\U0001F600")
        _ = try write("db = \"\(written)\"\n", in: sandbox)
        let run = try sandbox.roster(["list"], useDatabaseOption: false)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: place))
    }

    @Test("a NUL in a setting is refused: the file system stopped at it, so `db` made one file and checked another")
    func nulRefused() throws {
        let sandbox = try Sandbox()
        let place = sandbox.directory.appendingPathComponent("a").path
        let file = try write("db = \"\(place)\u{0}b.db\"\n", in: sandbox)
        let run = try sandbox.roster(["list"], useDatabaseOption: false)
        #expect(run.status == 64)
        #expect(run.stderr == "roster: \(file):1: `db` holds a NUL character, which no setting can\n", "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: place))
    }

    @Test("a settings folder this user may not look into is no settings file; a file there that cannot be read is 66",
          .enabled(if: getuid() == 0, "needs root to switch to an unprivileged user"))
    func unreadable() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let file = try write("db = \"/nowhere/x.db\"\n", in: sandbox)
        // The sandbox's folder and roster are nobody's to use; its .config is root's alone.
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: sandbox.directory.path)
        for path in [sandbox.databasePath, sandbox.databasePath + "-wal", sandbox.databasePath + "-shm"] {
            try? FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: path)
        }
        let config = sandbox.directory.appendingPathComponent(".config").path
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: config)
        func asNobody() throws -> RosterRun {
            try sandbox.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", Sandbox.binary.path,
                                                  "--db", sandbox.databasePath, "list", "--format", "plain"])
        }
        let hidden = try asNobody()
        #expect(hidden.status == 0, "\(hidden.stderr)")
        #expect(hidden.stdout.split(separator: "\n").count == 6)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: config)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: config + "/roster")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        let unreadable = try asNobody()
        #expect(unreadable.status == 66, "\(unreadable.stderr)")
        #expect(unreadable.stderr == "roster: the settings file \(file) cannot be read: Permission denied\n", "\(unreadable.stderr)")
    }

    @Test("a settings file that is a link to nothing is told (66), not passed over: its db would have named another roster")
    func danglingLink() throws {
        let sandbox = try Sandbox()
        let directory = sandbox.directory.appendingPathComponent(".config/roster")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("config.toml").path
        #expect(symlink("../../dotfiles/roster.toml", file) == 0)
        let run = try sandbox.roster(["list"], environment: ["HOME": sandbox.directory.path])
        #expect(run.status == 66, "\(run.stderr)")
        #expect(run.stderr == "roster: the settings file \(file) is a link to `../../dotfiles/roster.toml`, which is not there\n", "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.databasePath))
    }

    @Test("a settings file that is a FIFO is refused at once, not waited on")
    func fifoRefused() throws {
        let sandbox = try Sandbox()
        let directory = sandbox.directory.appendingPathComponent(".config/roster")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("config.toml").path
        #expect(mkfifo(file, 0o600) == 0)
        // Held by `timeout`: a roster that waits on the FIFO is ended (124).
        let run = try sandbox.run("/usr/bin/timeout", ["-k", "2", "10", Sandbox.binary.path, "--db", sandbox.databasePath, "list"])
        #expect(run.status == 64)
        #expect(run.stderr == "roster: the settings file \(file) is not a regular file; it should hold a few `key = value` lines\n", "\(run.stderr)")
    }

    @Test("roster help config documents every key, even when the file is broken")
    func helpPage() throws {
        let sandbox = try Sandbox()
        _ = try write("nonsense\n", in: sandbox)
        let run = try sandbox.roster(["help", "config"], useDatabaseOption: false)
        #expect(run.status == 0, "\(run.stderr)")
        for key in ["db", "animation", "pictures", "accessible", "columns", "theme"] {
            #expect(run.stdout.contains("\n  \(key) "), "\(key) is not documented")
        }
        #expect(run.stdout.contains("config.toml"))
        #expect(run.stdout.contains("weapon, height, origin and activated"), "columns names its values")
        #expect(run.stdout.contains("high-contrast"), "theme names its values")
    }

    @Test("a bad ROSTER_THEME or ROSTER_COLUMNS is one sentence naming the variable, before the screen is taken", arguments: [
        ("ROSTER_THEME", "neon", "ROSTER_THEME must be standard or high-contrast, not `neon`"),
        ("ROSTER_COLUMNS", "weapon,orgin", "ROSTER_COLUMNS names no column `orgin`; did you mean `origin`? the columns are weapon, height, origin, activated, or all, or none"),
    ])
    func badVariable(_ name: String, _ value: String, _ sentence: String) throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let run = try sandbox.rosterOnTerminalWithErrors(["browse"], environment: [name: value])
        #expect(run.status == 64)
        #expect(run.errors.hasPrefix("roster: \(sentence)"), "\(run.errors)")
        #expect(!run.output.contains("\u{1B}[?1049h"), "the screen was never taken")
    }

    @Test("pictures = \"text\" draws no picture, as ROSTER_PICTURES=text does")
    func picturesSetting() throws {
        let sandbox = try Sandbox()
        _ = try write("pictures = \"text\"\n", in: sandbox)
        _ = try sandbox.roster("list")
        let fromFile = try sandbox.rosterOnTerminal(["show", "Cat-Bot"], columns: 60).output
        let fromVariable = try sandbox.rosterOnTerminal(["show", "Cat-Bot"], environment: ["ROSTER_PICTURES": "text"], columns: 60).output
        #expect(fromFile == fromVariable)
    }

    @Test("a relative HOME is ignored, as a relative XDG_CONFIG_HOME is: no settings file under the working folder is read")
    func relativeHome() throws {
        let sandbox = try Sandbox()
        let folder = sandbox.directory.appendingPathComponent("relative/.config/roster")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("this is not a setting\n".utf8).write(to: folder.appendingPathComponent("config.toml"))
        let run = try sandbox.run("/bin/sh", ["-c", #"cd "$0" && exec "$@""#, sandbox.directory.path, Sandbox.binary.path,
                                              "--db", sandbox.databasePath, "list"], environment: ["HOME": "relative"])
        #expect(run.status == 0, "\(run.stderr)")
    }
}
