import Foundation
import Testing

@Suite("Reading the roster from the command line")
struct ReadingCommandsTests {
    @Test("the first run creates the database with the six default bots")
    func firstRunCreatesDefaults() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.roster("list")
        #expect(run.status == 0)
        let names = run.stdout.split(separator: "\n").map { $0.split(separator: "\t")[1] }
        #expect(names == ["Cat-Bot", "Dog-Bot", "Explode-Bot", "Fire-Bot", "Ice-Bot", "Mini-Tomato-Bot"])
        #expect(try sandbox.sqlite("PRAGMA application_id") == String(0x524F_5354))
        #expect(try sandbox.sqlite("PRAGMA journal_mode") == "wal")
    }

    @Test("the database is found by ROSTER_DB, then XDG_DATA_HOME, then HOME")
    func locations() throws {
        let sandbox = try Sandbox()
        let viaEnv = sandbox.directory.appendingPathComponent("env/r.db").path
        #expect(try sandbox.roster(["list"], environment: ["ROSTER_DB": viaEnv], useDatabaseOption: false).status == 0)
        #expect(FileManager.default.fileExists(atPath: viaEnv))
        let xdg = sandbox.directory.appendingPathComponent("xdg").path
        #expect(try sandbox.roster(["list"], environment: ["XDG_DATA_HOME": xdg], useDatabaseOption: false).status == 0)
        #expect(FileManager.default.fileExists(atPath: xdg + "/roster/roster.db"))
        #expect(try sandbox.roster(["list"], useDatabaseOption: false).status == 0)
        #expect(FileManager.default.fileExists(atPath: sandbox.directory.path + "/.local/share/roster/roster.db"))
    }

    @Test("piped output is tab-separated with every field; JSON and NDJSON keep a fixed key order")
    func machineFormats() throws {
        let sandbox = try Sandbox()
        let plain = try sandbox.roster("list", "--weapon", "NinjaStar")
        #expect(plain.stdout == "4\tFire-Bot\tWill Make You Steamed\tmeetfirebot.png\tred\tninja-star\t5ft9in\tIS\t2021-06-21T12:00:00Z\n"
            + "6\tMini-Tomato-Bot\tExtremely Handsome\tmeetminitomatobot.png\tgreen\tninja-star\t1ft3in\tIT\t2022-08-24T10:10:00Z\n")
        let json = try sandbox.roster("list", "--format", "json")
        let decoded = try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [[String: Any]]
        #expect(decoded?.count == 6)
        #expect(json.stdout.contains(#"{"id":1,"name":"Cat-Bot","description":"MEE-OW","icon":"meetcatbot.png","name_color":"default","weapon":"sword","height":"2ft4in","origin":"JP","activated":"2019-03-14T09:30:00Z"}"#))
        #expect(try sandbox.roster("list", "--format", "json").stdoutBytes == json.stdoutBytes)
        let ndjson = try sandbox.roster("list", "--format", "ndjson")
        #expect(ndjson.stdout.split(separator: "\n").count == 6)
        let csv = try sandbox.roster("list", "--format", "csv")
        #expect(csv.stdout.hasPrefix("id,name,description,icon,name_color,weapon,height,origin,activated\r\n1,Cat-Bot,MEE-OW,"))
    }

    @Test("an empty list is success, and empty JSON is []")
    func emptyList() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        _ = try sandbox.sqlite("DELETE FROM monster")
        let run = try sandbox.roster("list", "--format", "json")
        #expect(run.status == 0)
        #expect(run.stdout == "[]\n")
        #expect(try sandbox.roster("list").stdout == "")
    }

    @Test("on a terminal, list is an aligned table with a swatch of each name's colour, and NO_COLOR turns colour off")
    func terminalTable() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("add", "猫ボット", "--weapon", "fire", "--color", "red")
        let (status, output) = try sandbox.rosterOnTerminal(["list"])
        #expect(status == 0)
        // The colour is a swatch; the name is in the terminal's own text
        // colour, readable on any background (red on black is 3.6:1 in kitty).
        #expect(output.contains("\u{1B}[0;31m■\u{1B}[0m 猫ボット"))
        #expect(!output.contains("31m猫ボット"))
        let ice = try #require(output.split(separator: "\n").first { $0.contains("Ice-Bot") })
        #expect(ice.contains("\u{1B}[0;94m■\u{1B}[0m Ice-Bot"), "Ice-Bot is blue")
        let cat = try #require(output.split(separator: "\n").first { $0.contains("Cat-Bot") })
        #expect(cat.contains("    Cat-Bot") && !cat.contains("\u{1B}"), "a default name has no swatch and lines up")
        let plain = try sandbox.rosterOnTerminal(["list"], environment: ["NO_COLOR": "1"]).output
        #expect(!plain.contains("\u{1B}["))
        let lines = plain.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("ID  NAME") == true)
        // The weapon column starts at the same display column on every row,
        // the CJK row included (each CJK character is two columns wide).
        let catRow = try #require(lines.first { $0.contains("Cat-Bot") })
        let cjkRow = try #require(lines.first { $0.contains("猫ボット") })
        let catPrefix = String(catRow[..<catRow.range(of: "†")!.lowerBound])
        let cjkPrefix = String(cjkRow[..<cjkRow.range(of: "♨")!.lowerBound])
        #expect(catPrefix.count == cjkPrefix.count + 4)
    }

    @Test("on a terminal, show draws the name in the text colour and its colour as a swatch, with pictures or without")
    func showSwatch() throws {
        let sandbox = try Sandbox()
        for environment in [[:], ["ROSTER_PICTURES": "text"]] {
            let output = try sandbox.rosterOnTerminal(["show", "Ice-Bot"], environment: environment).output
            #expect(output.contains("\u{1B}[0;1mIce-Bot\u{1B}[0m"), "\(environment)")
            #expect(output.contains("name colour  \u{1B}[0;94m■\u{1B}[0m Blue"), "\(environment)")
            #expect(!output.contains("94mIce-Bot") && !output.contains("94;1mIce-Bot") && !output.contains("1;94mIce-Bot"))
        }
        let plain = try sandbox.rosterOnTerminal(["show", "Ice-Bot"], environment: ["NO_COLOR": "1"]).output
        #expect(plain.contains("  name colour  Blue\n") && !plain.contains("■") && !plain.contains("\u{1B}["))
        #expect(try sandbox.roster("show", "Ice-Bot").stdout.contains("name_color\tblue\n"), "piped: the stored form, no escapes")
    }

    @Test("show prints one monster, by name in any case or by id")
    func show() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.roster("show", "ICE-BOT", "--format", "json")
        #expect(run.stdout == #"{"id":5,"name":"Ice-Bot","description":"Has A Chilling Effect","icon":"meeticebot.png","name_color":"blue","weapon":"fire","height":"5ft5in","origin":"FI","activated":"2017-12-21T06:15:00Z"}"# + "\n")
        #expect(try sandbox.roster("show", "5").stdout.contains("name\tIce-Bot"))
        let missing = try sandbox.roster("show", "Ise-Bot")
        #expect(missing.status == 1)
        #expect(missing.stderr == "roster: no monster is named `Ise-Bot`; did you mean `Ice-Bot`?\n")
    }

    @Test("weapons lists each weapon with how many carry it")
    func weapons() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.roster("weapons")
        #expect(run.stdout.split(separator: "\n").map { $0.split(separator: "\t").last! } == ["1", "2", "1", "1", "1"])
        #expect(run.stdout.hasPrefix("blowgun\tBlowgun\t"))
    }

    @Test("hostile names in the database reach the terminal only as visible escapes")
    func hostileText() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        // Written behind roster's back, as another program could.
        _ = try sandbox.sqlite("""
            INSERT INTO monster (name, name_key, description, icon, name_color, weapon) VALUES
            ('Evil' || char(27) || ']0;pwned' || char(7) || char(27) || '[2J', 'evil1', 'clip' || char(27) || ']52;c;aGk=' || char(7), 'unknown.png', 'red', 'fire'),
            ('Bidi' || char(8238) || 'gnp.exe' || char(155) || '31m', 'evil2', 'a' || char(13) || char(10) || 'b', 'unknown.png', 'default', 'fire')
            """)
        // By id: the keys planted here are not roster's, and are derived again.
        for arguments in [["list"], ["list", "--format", "plain"], ["show", "7"], ["show", "8", "--format", "plain"]] {
            let run = try sandbox.roster(arguments)
            #expect(run.status == 0)
            #expect(!run.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{9B}" || $0 == "\u{202E}" || $0 == "\r" },
                    "\(arguments) leaked a control character")
        }
        let plain = try sandbox.roster("list", "--weapon", "fire").stdout
        #expect(plain.contains(#"Evil\e]0;pwned\x07\e[2J"#))
        #expect(plain.contains(#"Bidi\u{202e}gnp.exe\u{9b}31m"#))
        #expect(plain.contains(#"a\r\nb"#))
        // A real backslash is doubled in piped rows, so `\n` cannot pass for a newline.
        _ = try sandbox.roster("edit", "Cat-Bot", "--description", #"back\slash \n"#)
        #expect(try sandbox.roster("list").stdout.contains(#"back\\slash \\n"#))
        #expect(try sandbox.roster("show", "cat-bot", "--format", "plain").stdout.contains("description\t" + #"back\\slash \\n"#))
        for arguments in [["list"], ["list", "--format", "csv"], ["export", "--format", "csv"]] {
            let terminal = try sandbox.rosterOnTerminal(arguments).output
            #expect(!terminal.contains("\u{1B}]"), "\(arguments)")
            #expect(!terminal.unicodeScalars.contains { $0 == "\u{07}" || $0 == "\u{9B}" || $0 == "\u{202E}" }, "\(arguments)")
        }
        #expect(try sandbox.rosterOnTerminal(["export", "--format", "csv"]).output.contains(#"Evil\e]0;pwned\x07\e[2J"#))
        // A real backslash is doubled there too, so `\n` as text and a newline differ.
        _ = try sandbox.roster("edit", "Dog-Bot", "--description", #"text \n"#)
        #expect(try sandbox.rosterOnTerminal(["list", "--format", "csv"]).output.contains(#"text \\n"#))
        // Into a file or a pipe, CSV keeps every character: it is data, losslessly.
        #expect(try sandbox.roster("export", "--format", "csv").stdout.contains("Evil\u{1B}]0;pwned\u{07}"))
        // Error messages quote the name safely too.
        let error = try sandbox.roster("set-weapon", "Evil\u{1B}]0;x\u{07}", "sword")
        #expect(error.status == 1)
        #expect(!error.stderr.unicodeScalars.contains("\u{1B}"))
        // JSON escapes them as JSON does, losslessly.
        let json = try sandbox.roster("list", "--format", "json")
        #expect(json.stdout.contains(#"Evil\u001b]0;pwned\u0007\u001b[2J"#))
        #expect(!json.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" || $0 == "\u{202E}" })
    }

    @Test("roster copied anywhere still works from any directory")
    func copiedBinary() throws {
        let sandbox = try Sandbox()
        let copy = sandbox.directory.appendingPathComponent("elsewhere/roster")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Sandbox.binary, to: copy)
        // A process forked by a test running alongside can briefly hold the
        // copy open for writing ("Text file busy"): try again a few times.
        var attempt = 0
        var run = try? sandbox.run(copy.path, ["--db", sandbox.databasePath, "list", "--format", "ndjson"])
        while run == nil, attempt < 20 {
            attempt += 1
            Thread.sleep(forTimeInterval: 0.05)
            run = try? sandbox.run(copy.path, ["--db", sandbox.databasePath, "list", "--format", "ndjson"])
        }
        let result = try #require(run)
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").count == 6)
    }

    @Test("the default roster's data lives in Data/ and nowhere else")
    func dataIsData() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let sources = try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent("Sources").path)
        // The frozen migrations are the exception: they are what the
        // versions that shipped ran, and ShippedSchemaTests checks that a
        // fresh roster holds exactly Data/default-roster.json's monsters.
        for file in sources where file.hasSuffix(".swift") && !file.hasSuffix("ShippedMigrations.swift") {
            let text = try String(contentsOf: root.appendingPathComponent("Sources").appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("Will Make You Steamed"), "\(file) repeats the default roster instead of reading Data/")
        }
    }
}
