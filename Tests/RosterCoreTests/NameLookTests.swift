import Testing
@testable import RosterCore

/// Names that show as another name or as nothing: code points with no
/// agreed look drew exactly as `Cat-Bot` in tmux (seven of them), and a
/// lone combining mark drew blank.
@Suite("Names whose look no terminal agrees on")
struct NameLookTests {
    @Test("noncharacters, unassigned and private-use code points are refused, naming the code point",
          arguments: [("Cat-Bot", 0xFFFF), ("Cat-Bot", 0xFDD0), ("Cat-Bot", 0x0378), ("", 0xE000), ("Cat-Bot", 0x10FFFF), ("Cat-Bot", 0xF8FF)])
    func noAgreedLook(_ text: String, _ value: UInt32) throws {
        // Swift refuses some of these in a literal; made from the scalar.
        var name = text
        name.unicodeScalars.append(try #require(Unicode.Scalar(value)))
        if text.isEmpty { name += "Cat-Bot" }
        let problem = try #require(MonsterRules.nameProblem(name))
        #expect(problem.message.hasPrefix("a name cannot contain code points that have no agreed look"), "\(problem.message)")
        let scalar = try #require(name.unicodeScalars.first { !$0.isASCII })
        #expect(problem.message.hasSuffix(MonsterRules.codePoint(scalar)))
    }

    @Test("a name made of or starting with a combining mark is refused", arguments: ["\u{301}", "\u{301}\u{302}", "\u{301}Cat-Bot", "\u{20DD}", "\u{903}Bot"])
    func leadingMark(_ name: String) throws {
        let problem = try #require(MonsterRules.nameProblem(name))
        #expect(problem.message.hasPrefix("a name cannot start with a combining mark"), "\(problem.message)")
    }

    @Test("marks on a letter, other scripts and emoji stay welcome", arguments: ["Cafe\u{301}", "Café", "ネコ-Bot", "Кот", "🐱-Bot", "👩‍🚀 Bot", "नमस्ते"])
    func stillWelcome(_ name: String) {
        #expect(MonsterRules.nameProblem(name) == nil)
    }
}
