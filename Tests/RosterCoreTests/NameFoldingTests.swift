import Foundation
import Testing
@testable import RosterCore

@Suite("Names that read alike are one name")
struct NameFoldingTests {
    @Test("the folding table is in the binary")
    func tableIsLoaded() {
        #expect(NameFolding.isLoaded)
    }

    @Test("look-alikes of Cat-Bot key as Cat-Bot", arguments: [
        "CAT-BOT", "ＣＡＴ-ＢＯＴ", "\u{421}at-Bot", "Cat\u{2010}Bot", "Cat\u{2013}Bot", "Cat-B\u{3BF}t",
        "Cat\u{FE63}Bot", "C\u{430}t-B\u{43E}t",
    ])
    func lookAlikes(_ name: String) {
        #expect(MonsterRules.nameKey(name) == "cat-bot", "\(name.unicodeScalars.map(\.value))")
    }

    /// M13 of issue 23: the scripts the attacker named, each drawn as Cat-Bot.
    @Test("look-alikes from Unicode's confusables key as Cat-Bot, in every script the attacker tried", arguments: [
        "\u{13DF}\u{13AA}\u{13A2}-\u{13F4}o\u{13A2}",  // Cherokee ᏟᎪᎢ-ᏴoᎢ
        "c\u{AB7A}\u{AB72}-Bot",  // Cherokee small letters cꭺꭲ-Bot
        "\u{3F9}at-Bot", "\u{3F2}at-Bot",  // Greek lunate sigma Ϲ, ϲ
        "C\u{15C5}t-\u{1472}ot",  // Canadian syllabics CᗅT-ᑲot
        "\u{A4DA}\u{A4EE}\u{A4D4}-\u{A4D0}\u{A4F3}\u{A4D4}",  // Lisu ꓚꓮꓔ-ꓐꓳꓔ
        "\u{1D04}\u{1D00}\u{1D1B}-\u{299}\u{1D0F}\u{1D1B}",  // small capitals ᴄᴀᴛ-ʙᴏᴛ
    ])
    func confusables(_ name: String) {
        #expect(MonsterRules.nameKey(name) == "cat-bot", "\(name.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test("the zeros of other scripts key as the digit 0, and never as the letter O", arguments: [
        "\u{7C0}", "\u{9E6}", "\u{B66}", "\u{3007}", "\u{118E0}",  // NKo, Bengali, Oriya, ideographic, Warang Citi
    ])
    func zeros(_ zero: String) {
        #expect(MonsterRules.nameKey("Bot-" + zero) == "bot-0")
        #expect(MonsterRules.nameKey("Bot-" + zero) != MonsterRules.nameKey("Bot-O"))
    }

    @Test("a letter folds only where every case of it is drawn alike, and never to a digit: Σ, Γ, Cyrillic б keep their keys")
    func lettersThatStayApart() {
        #expect(MonsterRules.nameKey("\u{3A3}-Bot") != MonsterRules.nameKey("o-Bot"))  // Σ, though σ is drawn as o
        #expect(MonsterRules.nameKey("\u{393}-Bot") != MonsterRules.nameKey("y-Bot"))  // Γ, though γ is drawn as y
        #expect(MonsterRules.nameKey("\u{3A3}-Bot") == MonsterRules.nameKey("\u{3C3}-Bot"))
        #expect(MonsterRules.nameKey("\u{431}\u{431}") != "66")  // Cyrillic бб is not 66
        #expect(MonsterRules.nameKey("Ice-Bot") != MonsterRules.nameKey("lce-Bot"))
    }

    @Test("an accent typed precomposed (NFC) or as a combining mark (NFD, as macOS types it) is one name")
    func canonicalForms() {
        #expect(MonsterRules.nameKey("Caf\u{E9}") == MonsterRules.nameKey("Cafe\u{301}"))
        #expect(MonsterRules.nameKey("CAF\u{C9}") == MonsterRules.nameKey("cafe\u{301}"))
        #expect(MonsterRules.nameKey("Ｃａｆé") == MonsterRules.nameKey("cafe\u{301}"))
    }

    @Test("names a person tells apart keep apart keys")
    func distinct() {
        let names = ["Cat-Bot", "Cat-Bat", "Bot-1", "Bot-l", "Caf\u{E9}", "Cafe", "Cafè", "Ärger", "Arger", "猫-Bot", "犬-Bot"]
        #expect(Set(names.map(MonsterRules.nameKey)).count == names.count)
    }

    @Test("the store refuses a look-alike of a name it has, naming the stored one")
    func storeRefusesLookAlikes() throws {
        let temporary = try TemporaryRoster()
        let store = try temporary.open()
        let cafe = try store.add(Monster(id: 0, name: "Caf\u{E9}", description: "", icon: Monster.defaultIcon,
                                         nameColor: .default, weapon: Weapon(.fire)))
        for name in ["Cafe\u{301}", "ＣＡＴ-ＢＯＴ", "\u{421}at-Bot"] {
            #expect {
                _ = try store.add(Monster(id: 0, name: name, description: "", icon: Monster.defaultIcon,
                                          nameColor: .default, weapon: Weapon(.fire)))
            } throws: { error in
                guard case RosterError.nameTaken(name, let existing?) = error else { return false }
                return existing == "Caf\u{E9}" || existing == "Cat-Bot"
            }
        }
        #expect(try store.find("Cafe\u{301}")?.id == cafe.id)
        #expect(try store.count() == 7)
    }

    @Test("a schema 3 roster is re-keyed: look-alikes stored before are both kept, the later one told of and found by id")
    func migration() throws {
        let temporary = try TemporaryRoster()
        do {
            let database = try Database(path: temporary.path, options: [.readWrite, .create])
            try database.execute("PRAGMA journal_mode = WAL")
            try Schema.migrate(database, to: 3)
            // As roster 3 keyed them: lower case alone.
            try database.execute("""
                INSERT INTO monster (id, name, name_key, icon, weapon) VALUES
                    (7, 'Caf\u{E9}', 'caf\u{E9}', 'unknown.png', 'fire'),
                    (8, 'Cafe\u{301}', 'cafe\u{301}', 'unknown.png', 'smoke'),
                    (9, 'ＣＡＴ-ＢＯＴ', 'ｃａｔ-ｂｏｔ', 'unknown.png', 'sword'),
                    (10, 'Ｚｅｄ', 'ｚｅｄ', 'unknown.png', 'sword');
                CREATE TABLE history_roster_1 AS SELECT * FROM monster;
                """)
        }
        let store = try temporary.open()
        #expect(try store.database.integer("PRAGMA user_version") == Int64(Schema.currentVersion))
        #expect(store.namesReadingAlike == [
            "Cafe\u{301} (id 8) now reads as the same name as Caf\u{E9} (id 7); its id still finds it: rename one (roster edit '#8' --name NEW)",
            "ＣＡＴ-ＢＯＴ (id 9) now reads as the same name as Cat-Bot (id 1); its id still finds it: rename one (roster edit '#9' --name NEW)",
        ])
        #expect(try store.count() == 10)
        // Each is found by its exact spelling; another spelling of the two
        // names them both (see `MonsterRules.oneMonster`).
        #expect(try store.find("Caf\u{E9}")?.id == 7)
        #expect(try store.find("Cafe\u{301}")?.id == 8)
        #expect(throws: RosterError.self) { try store.find("CAF\u{C9}") }
        #expect(try store.find("8")?.weapon.type == .smoke)
        #expect(try store.find("zed")?.id == 10)
        let snapshotKeys = try store.database.prepare("SELECT name_key FROM history_roster_1 WHERE id = 10").rows { $0.text(0) }
        #expect(snapshotKeys == ["zed"])
        // The shadowed one can be renamed, and then is an ordinary monster.
        _ = try store.edit("8", MonsterChanges(name: "Cafe-Two"))
        #expect(try store.find("cafe-two")?.id == 8)
        // Opening again does not tell again.
        #expect(try temporary.open().namesReadingAlike.isEmpty)
    }
}

/// The Turkish dotted İ did not fold to I, though the dotless ı folded to
/// i; and a new fold must re-key rosters keyed by the old one.
@Suite("The fold's revisions")
struct FoldRevisionTests {
    /// FNV-1a of `Data/name-folding.tsv` for each revision: a change to
    /// the table fails here until `NameFolding.revision` is bumped.
    static let digests: [Int64: UInt64] = [2: 0x86eb_a741_65e5_db23, 3: 0x0917_db6b_acf7_45e5, 4: 0x594e_3443_2de2_a84e]

    @Test("the revision names the table the binary carries")
    func revisionNamesTheTable() throws {
        let table = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Data/name-folding.tsv")
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in try Data(contentsOf: table) { digest = (digest ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        #expect(Self.digests[NameFolding.revision] == digest, "the table changed: bump NameFolding.revision and record its digest")
    }

    @Test("İ reads as I, as ı reads as i")
    func turkishI() {
        #expect(MonsterRules.nameKey("İNCİ-Bot") == MonsterRules.nameKey("INCI-Bot"))
        #expect(MonsterRules.nameKey("ılık") == MonsterRules.nameKey("ilik"))
    }

    @Test("two monsters whose names fold 3 makes read alike (Cat-Bot, Cherokee ᏟᎪᎢ-Bot) both stay: each is found by its exact spelling, another spelling names both")
    func namesThatNowReadAlike() throws {
        let roster = try ImportRoster()
        let cherokee = "\u{13DF}\u{13AA}\u{13A2}-Bot"
        // As fold 2 keyed it: Cherokee capitals are their own lower case.
        let other = try Database(path: roster.path, options: [.readWrite])
        try other.execute("""
            PRAGMA busy_timeout = 5000;
            INSERT INTO monster (id, name, name_key, icon, weapon) VALUES (7, '\(cherokee)', '\(cherokee.lowercased())', 'unknown.png', 'fire');
            UPDATE monster_changes SET keys_checked = count, keys_fold = 2;
            """)
        let store = try SQLiteRosterStore.open(path: roster.path)
        #expect(try store.find(cherokee)?.id == 7)
        #expect(try store.find("Cat-Bot")?.id == 1)
        #expect(try store.count() == 7)
        #expect {
            _ = try store.find("CAT-BOT")
        } throws: { error in
            "\(error)".contains("Cat-Bot") && "\(error)".contains(cherokee)
        }
        // The later one is keyed by its id until renamed.
        #expect(try store.database.integer("SELECT count(*) FROM monster WHERE name_key = 'cat-bot'") == 1)
    }

    @Test("a roster keyed by an older fold is keyed again before a lookup")
    func olderFold() throws {
        let roster = try ImportRoster()
        _ = try roster.store.add(Monster(id: 0, name: "İnci-Bot", description: "", icon: "unknown.png", nameColor: .default, weapon: Weapon(.fire)))
        // As revision 1 keyed it: i with a combining dot above.
        let other = try Database(path: roster.path, options: [.readWrite])
        // Only the fold differs: the count is noted as checked.
        try other.execute("""
            PRAGMA busy_timeout = 5000;
            UPDATE monster SET name_key = 'i' || char(775) || 'nci-bot' WHERE name = 'İnci-Bot';
            UPDATE monster_changes SET keys_checked = count, keys_fold = 1;
            """)
        let store = try SQLiteRosterStore.open(path: roster.path)
        #expect(try store.find("Inci-Bot")?.name == "İnci-Bot")
        #expect(throws: RosterError.self) {
            _ = try store.add(Monster(id: 0, name: "INCI-BOT", description: "", icon: "unknown.png", nameColor: .default, weapon: Weapon(.fire)))
        }
    }
}
