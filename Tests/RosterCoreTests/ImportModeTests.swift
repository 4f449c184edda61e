import Testing
@testable import RosterCore

@Suite("Import modes: insert, upsert and replace")
struct ImportModeTests {
    @Test("insert adds new names with new ids and refuses a name already on the roster")
    func insert() throws {
        let roster = try ImportRoster()
        let summary = try roster.importText("name,weapon\nBat-Bot,smoke\nOwl-Bot,fire\n", mode: .insert)
        #expect(summary == ImportSummary(added: 2))
        #expect(try roster.store.find("Owl-Bot")?.id == 8)
        #expect(roster.importProblems("name,weapon\ncat-bot,fire\n", mode: .insert) == [
            "2:1: name: `cat-bot` reads as `Cat-Bot`, which is already on the roster (names are compared ignoring case, width and look-alike letters); use --mode upsert to update it",
        ])
    }

    @Test("upsert matches names ignoring case, updates what differs and counts what is unchanged")
    func upsert() throws {
        let roster = try ImportRoster()
        let summary = try roster.importText("""
            name,weapon,description,name_color
            CAT-BOT,fire,MEE-OW,default
            Dog-Bot,blowgun,BOW-WOW,blue
            New-Bot,smoke,,
            """, mode: .upsert)
        #expect(summary == ImportSummary(added: 1, updated: 1, unchanged: 1))
        let cat = try roster.store.resolve("cat-bot")
        #expect(cat.id == 1)
        // The name is what the record was matched by: it stays as stored.
        #expect(cat.name == "Cat-Bot")
        #expect(cat.weapon.type == .fire)
        #expect(try roster.store.count() == 7)
    }

    @Test("replace makes the file the whole roster, keeping its ids; a record without an id keeps the old one")
    func replace() throws {
        let roster = try ImportRoster()
        let summary = try roster.importText("""
            id,name,weapon,description,icon,name_color,height,origin,activated
            42,Answer-Bot,sword,,unknown.png,default,,,
            ,Cat-Bot,sword,MEE-OW,meetcatbot.png,default,2ft4in,JP,2019-03-14T09:30:00Z
            ,Ice-Bot,smoke,Has A Chilling Effect,meeticebot.png,blue,5ft5in,FI,
            """, mode: .replace)
        #expect(summary == ImportSummary(added: 1, updated: 1, unchanged: 1, removed: 4))
        #expect(try roster.store.monsters().map(\.id) == [1, 5, 42])
        // The file is the roster: what it leaves blank is unknown.
        #expect(try roster.store.resolve("Ice-Bot").activated == nil)
        #expect(try roster.store.resolve("Ice-Bot").origin == "FI")
    }

    @Test("replace refuses an id used twice, pointing at both ids wherever the column or key is")
    func replaceDuplicateIDs() throws {
        let roster = try ImportRoster()
        #expect(roster.importProblems("id,name,weapon\n3,A,fire\n3,B,fire\n", mode: .replace) == [
            "3:1: id: the id 3 is also used at line 2, column 1",
        ])
        #expect(roster.importProblems("id,name,weapon\n123,A,sword\n123,B,sword\n", mode: .replace) == [
            "3:1: id: the id 123 is also used at line 2, column 1",
        ])
        #expect(roster.importProblems("name,id,weapon\nA,abc,sword\nB,7,sword\nC,7,sword\n\"D\",\"7\",fire\n", mode: .replace) == [
            "2:3: id: an id is a whole number at most 9007199254740991 either side of 0, the largest every JSON reader keeps exact, not `abc`",
            "4:3: id: the id 7 is also used at line 3, column 3",
            "5:5: id: the id 7 is also used at line 3, column 3",
        ])
        // JSON: at the id's value, wherever the key stands in the object.
        #expect(roster.importProblems("[{\"name\":\"A\",\"id\":7,\"weapon\":\"sword\"},\n{\"name\":\"B\",\"weapon\":\"sword\",\"id\":7}]",
                                      mode: .replace) == [
            "2:35: id: the id 7 is also used at line 1, column 19",
        ])
        // NDJSON, by the fast path and (a \u escape) by the strict parser.
        #expect(roster.importProblems("""
            {"name":"A","id":7,"weapon":"sword"}
            {"name":"B","weapon":"sword",  "id": 7}
            {"name":"\\u0043", "weapon":"sword", "id": 7}
            """, mode: .replace) == [
            "2:38: id: the id 7 is also used at line 1, column 18",
            "3:43: id: the id 7 is also used at line 1, column 18",
        ])
        #expect(try roster.store.count() == 6)
    }

    @Test("a name that reads as one on the roster is told in the file's spelling, with the whole rule, as add tells it")
    func lookAlikeOnTheRoster() throws {
        let roster = try ImportRoster()
        // A Cyrillic с, fullwidth letters, and the stored spelling itself.
        #expect(roster.importProblems("name,weapon\nсat-bot,smoke\nＤＯＧ-ＢＯＴ,fire\nFire-Bot,fire\n", mode: .insert) == [
            "2:1: name: `сat-bot` reads as `Cat-Bot`, which is already on the roster (names are compared ignoring case, width and look-alike letters); use --mode upsert to update it",
            "3:1: name: `ＤＯＧ-ＢＯＴ` reads as `Dog-Bot`, which is already on the roster (names are compared ignoring case, width and look-alike letters); use --mode upsert to update it",
            "4:1: name: a monster named `Fire-Bot` is already on the roster; use --mode upsert to update it",
        ])
        // Within the file, the same rule.
        #expect(roster.importProblems("name,weapon\nOwl-Bot,smoke\nОwl-Bot,fire\n", mode: .insert) == [
            "3:1: name: `Оwl-Bot` reads as `Owl-Bot`, which is already used at line 2, column 1 (names are compared ignoring case, width and look-alike letters)",
        ])
        #expect(try roster.store.count() == 6)
    }

    @Test("a look-alike of a name the file used before is told with that earlier spelling, in every mode")
    func lookAlikeWithinTheFile() throws {
        let roster = try ImportRoster()
        // Line 2 updates the roster's Cat-Bot; line 3 spells it in Cyrillic capitals.
        #expect(roster.importProblems("name,weapon\ncat-bot,fire\nСАТ-BOT,smoke\n", mode: .upsert) == [
            "3:1: name: `САТ-BOT` reads as `cat-bot`, which is already used at line 2, column 1 (names are compared ignoring case, width and look-alike letters)",
        ])
        for mode in [ImportMode.insert, .upsert, .replace] {
            #expect(roster.importProblems("name,weapon\nOwl-Bot,smoke\nОwl-Bot,fire\n", mode: mode) == [
                "3:1: name: `Оwl-Bot` reads as `Owl-Bot`, which is already used at line 2, column 1 (names are compared ignoring case, width and look-alike letters)",
            ], "\(mode)")
        }
        #expect(try roster.store.count() == 6)
    }

    @Test("a record whose id and name are both used before reports both problems")
    func replaceDuplicateIDAndName() throws {
        let roster = try ImportRoster()
        #expect(roster.importProblems("id,name,weapon\n1,A,sword\n1,a,sword\n2,B,fire\n2,b,fire\n,B,smoke\n", mode: .replace) == [
            "3:1: id: the id 1 is also used at line 2, column 1",
            "3:3: name: `a` reads as `A`, which is already used at line 2, column 3 (names are compared ignoring case, width and look-alike letters)",
            "5:1: id: the id 2 is also used at line 4, column 1",
            "5:3: name: `b` reads as `B`, which is already used at line 4, column 3 (names are compared ignoring case, width and look-alike letters)",
            "6:2: name: the name `B` is also used at line 4, column 3 (names are compared ignoring case, width and look-alike letters)",
        ])
        // A record without an id is written last, yet reported in file order.
        #expect(roster.importProblems("id,name,weapon\n,Zed,sword\n9,zed,fire\n", mode: .replace) == [
            "3:3: name: `zed` reads as `Zed`, which is already used at line 2, column 2 (names are compared ignoring case, width and look-alike letters)",
        ])
        #expect(try roster.store.count() == 6)
    }

    @Test("a dry run reports what would change and changes nothing")
    func dryRun() throws {
        let roster = try ImportRoster()
        let before = try roster.export(.json)
        let summary = try roster.importBytes(Array("name,weapon\nBat-Bot,smoke\n".utf8), mode: .replace, dryRun: true)
        #expect(summary == ImportSummary(added: 1, removed: 6))
        #expect(try roster.export(.json) == before)
    }

    @Test("a bulk load while another connection is reading still succeeds, in WAL mode")
    func bulkLoadBesideAReader() throws {
        let roster = try ImportRoster()
        _ = try roster.importText("name,weapon\n", mode: .replace)
        let reader = try SQLiteRosterStore.open(path: roster.path)
        try reader.database.execute("BEGIN")
        #expect(try reader.database.integer("SELECT count(*) FROM monster") == 0)
        #expect(try roster.importText("name,weapon\nA,fire\nB,smoke\n", mode: .insert) == ImportSummary(added: 2))
        // The reader's snapshot is unchanged until it ends its transaction.
        #expect(try reader.database.integer("SELECT count(*) FROM monster") == 0)
        try reader.database.execute("COMMIT")
        #expect(try reader.database.integer("SELECT count(*) FROM monster") == 2)
        #expect(try roster.store.database.cached("PRAGMA journal_mode").firstRow { $0.text(0) } == "wal")
    }

    @Test("a monster list as `list --format json` prints it imports too")
    func bareArray() throws {
        let roster = try ImportRoster()
        let summary = try roster.importText("[\n  {\"name\":\"Bat-Bot\",\"weapon\":\"Ninja Star\",\"name_color\":\"Red\"}\n]\n", mode: .insert)
        #expect(summary == ImportSummary(added: 1))
        #expect(try roster.store.resolve("Bat-Bot").weapon.type == .ninjaStar)
    }
}
