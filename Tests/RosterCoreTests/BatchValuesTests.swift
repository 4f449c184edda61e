import Testing
@testable import RosterCore

@Suite("Laying out an import batch for SQLite")
struct BatchValuesTests {
    func record(_ monster: Monster) -> ImportedRecord {
        ImportedRecord(monster: monster, hasID: true, given: 0, nameKey: MonsterRules.nameKey(monster.name),
                       idLocation: TextLocation(line: 1, column: 1), nameLocation: TextLocation(line: 1, column: 3))
    }

    /// Each slot of record `index` as what SQLite would read: the text, a number, or nil for NULL.
    func slots(_ batch: BatchValues, _ index: Int) -> [String?] {
        var values: [String?] = []
        batch.forEachSlot(ofRecord: index) { _, slot in
            switch slot {
            case .cString(let bytes): values.append(String(cString: bytes))
            case .text(let bytes, let count): values.append(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
            case .integer(let number): values.append("#\(number)")
            case .null: values.append(nil)
            }
        }
        return values
    }

    @Test("every text is bound as a C string, except one holding a NUL, which keeps its whole length")
    func cStrings() throws {
        var plain = Monster(id: 4, name: "Cat-Bot", description: "炎のロボット 🔥", icon: "meetcatbot.png",
                            nameColor: .red, weapon: Weapon(.fire))
        plain.origin = "FR"
        var withNUL = plain
        withNUL.description = "before\u{0}after"
        let batch = try BatchValues(records: [record(plain), record(withNUL), record(MonsterFields.blank)])
        #expect(slots(batch, 0) == ["Cat-Bot", "炎のロボット 🔥", "meetcatbot.png", "red", "fire", nil, "FR", nil, "cat-bot"])
        #expect(slots(batch, 1)[1] == "before\u{0}after")
        var kinds: [String] = []
        batch.forEachSlot(ofRecord: 1) { _, slot in
            switch slot {
            case .cString: kinds.append("c")
            case .text: kinds.append("text")
            case .integer: kinds.append("integer")
            case .null: kinds.append("null")
            }
        }
        #expect(kinds == ["c", "text", "c", "c", "c", "null", "c", "null", "c"])
        // An empty text is still text, not NULL.
        #expect(slots(batch, 2)[0] == "" && slots(batch, 2)[1] == "")
    }

    @Test("every field is laid out as its value gives it, heights, moments, colours and weapons written without a String")
    func slotsAreTheValues() throws {
        var monsters: [Monster] = []
        for (index, weapon) in WeaponType.allCases.enumerated() {
            var monster = Monster(id: Int64(index), name: "Bot-\(index)", description: "a\tb\nc", icon: "meetcatbot.png",
                                  nameColor: NameColor.allCases[index % NameColor.allCases.count], weapon: Weapon(weapon))
            monster.height = Height(feet: [0, 5, 10, 30, 9][index], inches: [0, 11, 3, 11, 10][index])
            monster.origin = ["FR", "JP", nil, "KE", "NZ"][index]
            // Seconds are dropped where a moment is stored; 1969 and 9999 too.
            monster.activated = [Timestamp(secondsSince1970: 1_764_597_907), Timestamp(secondsSince1970: -1),
                                 nil, Timestamp(secondsSince1970: 253_402_300_799), Timestamp(secondsSince1970: 0)][index]
            monsters.append(monster)
        }
        let batch = try BatchValues(records: monsters.map(record))
        for (index, monster) in monsters.enumerated() {
            var expected: [String?] = MonsterFields.dataFields.map { field in
                switch field.value(monster) {
                case .text(let text): text
                case .integer(let number): "#\(number)"
                case .null: nil
                }
            }
            expected.append(MonsterRules.nameKey(monster.name))
            #expect(slots(batch, index) == expected)
        }
        #expect(slots(batch, 0)[7] == "2025-12-01T14:05:00Z")
        #expect(slots(batch, 1)[7] == "1969-12-31T23:59:00Z")
        #expect(slots(batch, 3)[5] == "30ft11in")
    }
}
