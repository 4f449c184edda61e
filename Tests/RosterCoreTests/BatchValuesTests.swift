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
}
