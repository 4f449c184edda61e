import Testing
@testable import RosterCore

/// Names that would look like another name, or like nothing, are refused
/// by Unicode property; emoji keep the joiners and selectors that draw them.
@Suite("Names with characters that show as nothing")
struct InvisibleNameTests {
    /// Every class the hostile sweep found accepted, each hidden in "Cat-Bot".
    static let invisible: [UInt32] = [
        0x200C, 0x200D, 0x2061, 0x2062, 0x2063, 0x2064, 0x180E, 0x034F, 0x115F, 0x3164, 0xFFA0,
        0xE0001, 0xE0020, 0xE0041, 0xE007F, 0xFE0F, 0x2800, 0x1D173, 0x17B4,
        // And the ones refused before, now by the same rule.
        0x00AD, 0x200B, 0x2060, 0xFEFF,
        // A format character that is not default-ignorable, and symbols drawn blank.
        0x13430, 0x13438, 0x1D159, 0xFFFC,
    ]

    @Test("a look-alike of Cat-Bot with an invisible character is refused, naming the character",
          arguments: invisible)
    func lookAlike(_ value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        for name in ["Cat\(Character(scalar))-Bot", "Cat-Bot\(Character(scalar))"] {
            let problem = try #require(MonsterRules.nameProblem(name), "\(MonsterRules.codePoint(scalar))")
            #expect(problem.message.contains(MonsterRules.codePoint(scalar)), "\(problem.message)")
        }
    }

    @Test("a name of only a Hangul filler or a blank braille pattern is refused")
    func blankNames() {
        for name in ["\u{3164}", "\u{2800}", "\u{115F}\u{1160}", "\u{FFA0}"] {
            #expect(MonsterRules.nameProblem(name) != nil, "\(name.unicodeScalars.map { MonsterRules.codePoint($0) })")
        }
    }

    @Test("emoji keep their joiners, selectors and flag tags", arguments: [
        "👨‍👩‍👧 Bot", "❤️ Bot", "❤️‍🔥", "🏳️‍🌈 Bot", "🏴󠁧󠁢󠁥󠁮󠁧󠁿 Bot", "Bot 👍🏽",
    ])
    func emoji(_ name: String) {
        #expect(MonsterRules.nameProblem(name) == nil, "\(name.unicodeScalars.map { MonsterRules.codePoint($0) })")
    }

    @Test("a joiner, selector or tag outside an emoji is refused")
    func strayEmojiParts() {
        for name in ["A\u{200D}B", "Bot\u{FE0F}", "Dog\u{FE0E}-Bot", "Bot\u{FE0E}", "🏴\u{200D}x", "x\u{E0067}\u{E007F}"] {
            #expect(MonsterRules.nameProblem(name) != nil, "\(name.unicodeScalars.map { MonsterRules.codePoint($0) })")
        }
    }
}
