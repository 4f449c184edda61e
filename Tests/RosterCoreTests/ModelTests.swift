import Testing
@testable import RosterCore

@Suite("Weapons and their spellings")
struct WeaponTypeTests {
    @Test("any reasonable spelling names the same weapon", arguments: [
        "ninja-star", "NinjaStar", "ninjastar", "ninja_star", "Ninja Star", "NINJA-STAR", " ninja star ",
    ])
    func spellings(_ text: String) {
        #expect(WeaponType(parsing: text) == .ninjaStar)
    }

    @Test("unknown words are not weapons")
    func unknown() {
        #expect(WeaponType(parsing: "swrod") == nil)
        #expect(WeaponType(parsing: "") == nil)
        #expect(WeaponType(parsing: "--") == nil)
    }

    @Test("text holding what no spelling has names no weapon, but is still told what it meant")
    func notText() {
        // An argument's byte that is not UTF-8 arrives as U+FFFD.
        for text in ["fi\u{FFFD}re", "fi\u{200B}re", "fire\u{1B}", "s\u{0301}word"] {
            #expect(WeaponType(parsing: text) == nil, "\(text.unicodeScalars.map(\.value))")
        }
        #expect(WeaponType.suggestion(for: "fi\u{FFFD}re") == .fire)
        #expect(WeaponType.suggestion(for: "fi\u{200B}re") == .fire)
    }

    @Test("a misspelling gets a suggestion, nonsense gets none")
    func suggestions() {
        #expect(WeaponType.suggestion(for: "swrod") == .sword)
        #expect(WeaponType.suggestion(for: "blowgn") == .blowgun)
        #expect(WeaponType.suggestion(for: "ninja") == .ninjaStar)
        #expect(WeaponType.suggestion(for: "fier") == .fire)
        #expect(WeaponType.suggestion(for: "banana") == nil)
        // "s" could be sword or smoke: no guess.
        #expect(WeaponType.suggestion(for: "s") == nil)
    }

    @Test("each weapon knows its key, name, picture and glyph")
    func attributes() {
        #expect(WeaponType.allCases.map(\.key) == ["blowgun", "ninja-star", "fire", "sword", "smoke"])
        #expect(WeaponType.ninjaStar.displayName == "Ninja Star")
        #expect(WeaponType.allCases.map(\.imageAssetName) == ["blowgun.png", "ninjastar.png", "fire.png", "sword.png", "smoke.png"])
        #expect(Weapon(.sword).imageAssetName == "sword.png")
        #expect(Set(WeaponType.allCases.map(\.glyph)).count == 5)
    }

    @Test("name colours parse in any case and suggest on a typo")
    func colors() {
        #expect(NameColor(parsing: "Red") == .red)
        #expect(NameColor(parsing: "DEFAULT") == .default)
        #expect(NameColor(parsing: "purple") == nil)
        #expect(NameColor.suggestion(for: "bleu") == .blue)
    }
}

@Suite("The rules a monster's fields obey")
struct MonsterRulesTests {
    @Test("good names pass", arguments: ["Cat-Bot", "X", "猫ボット", "Robert'); DROP TABLE monster;--", String(repeating: "é", count: 64),
                                         "R2-D2", "007 Bot", "#Bot", "1e3"])
    func goodNames(_ name: String) {
        #expect(MonsterRules.nameProblem(name) == nil)
    }

    @Test("bad names are refused with one sentence each", arguments: [
        ("", "empty"),
        (String(repeating: "a", count: 65), "at most 64"),
        ("Cat\u{1B}]0;pwned\u{07}", "U+001B"),
        ("evil\u{202E}txt", "U+202E"),
        ("line\nbreak", "U+000A"),
        ("c1\u{85}", "U+0085"),
        ("Cat\u{200B}-Bot", "U+200B"),
        ("soft\u{00AD}hyphen", "U+00AD"),
        (" padded", "space"),
        ("42", "only digits"),
        ("#42", "only digits"),
        ("007", "only digits"),
        ("１２", "only digits"),
        ("#１", "only digits"),
        ("١٢", "only digits"),
    ])
    func badNames(_ name: String, _ expected: String) throws {
        let problem = try #require(MonsterRules.nameProblem(name))
        #expect(problem.field == "name")
        #expect(problem.message.contains(expected))
        #expect(!problem.message.contains("\n"))
    }

    @Test("an id is written as digits, with or without #; anything else is a name")
    func idReferences() {
        #expect(MonsterRules.id(in: "8") == 8)
        #expect(MonsterRules.id(in: "#8") == 8)
        #expect(MonsterRules.id(in: "1234567") == 1234567)
        // 0 and `#-8` name the ids below 1 another program may store.
        #expect(MonsterRules.id(in: "0") == 0)
        #expect(MonsterRules.id(in: "#-8") == -8)
        // A name is never digits alone, so leading zeros can only mean the id.
        #expect(MonsterRules.id(in: "008") == 8)
        for name in ["+8", "-8", "#", "", "8a", "#-0", "#-08", "99999999999999999999", "Cat-Bot"] {
            #expect(MonsterRules.id(in: name) == nil, "\(name)")
        }
    }

    @Test("names are counted in characters, not bytes or scalars")
    func characterCounting() {
        // 64 family emoji are 64 characters, far more scalars and bytes.
        #expect(MonsterRules.nameProblem(String(repeating: "👨‍👩‍👧", count: 64)) == nil)
        #expect(MonsterRules.nameProblem(String(repeating: "👨‍👩‍👧", count: 65)) != nil)
    }

    @Test("descriptions may hold newlines and tabs but not other controls, and at most 280 characters")
    func descriptions() {
        #expect(MonsterRules.descriptionProblem("two\nlines\tand a tab") == nil)
        #expect(MonsterRules.descriptionProblem("") == nil)
        #expect(MonsterRules.descriptionProblem("bell\u{07}") != nil)
        #expect(MonsterRules.descriptionProblem(String(repeating: "x", count: 280)) == nil)
        #expect(MonsterRules.descriptionProblem(String(repeating: "x", count: 281)) != nil)
    }

    @Test("icons are asset names ending in .png")
    func icons() {
        #expect(MonsterRules.iconProblem("meetcatbot.png") == nil)
        #expect(MonsterRules.iconProblem("../etc/passwd") != nil)
        #expect(MonsterRules.iconProblem("cat.gif") != nil)
        #expect(MonsterRules.iconProblem(".png") != nil)
    }

    @Test("name keys ignore case, including beyond ASCII")
    func nameKeys() {
        #expect(MonsterRules.nameKey("Cat-Bot") == MonsterRules.nameKey("cAT-bOT"))
        #expect(MonsterRules.nameKey("ÉCLAIR") == MonsterRules.nameKey("éclair"))
    }

    @Test("edit distance counts a transposition as one edit")
    func editDistance() {
        #expect(EditDistance.between("swrod", "sword") == 1)
        #expect(EditDistance.between("", "abc") == 3)
        #expect(EditDistance.closest(to: "lst", among: ["list", "show", "add"]) == "list")
        #expect(EditDistance.closest(to: "zzzzzz", among: ["list", "show"]) == nil)
    }
}
