import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// What a new user typed in `/` and met: plain words find names the way
/// a person types them (each word a part of the name, in any order); a
/// broken expression keeps the last good filter and says so in one
/// punctuated sentence; an operator a field does not take names those it does.
@Suite("The filter as a new user types it")
struct FilterWordsTests {
    static let sizes = [Size(width: 120, height: 35), Size(width: 80, height: 24), Size(width: 60, height: 20)]

    @Test("/mini tomato, /tomato mini and /bot cat find the names holding every word", arguments: sizes)
    func wordsInAnyOrder(_ size: Size) throws {
        for (typed, found) in [("mini tomato", ["Mini-Tomato-Bot"]), ("tomato mini", ["Mini-Tomato-Bot"]), ("bot cat", ["Cat-Bot"]),
                               ("BOT   ice", ["Ice-Bot"]), ("mini cat", [])] {
            let roster = try RosterScreenHarness(width: size.width, height: size.height)
            roster.showList().press(.character("/")).type(typed)
            if found.isEmpty {
                #expect(roster.listMessage?.hasPrefix("No names hold") == true, "\(typed): \(roster.text)")
            } else {
                #expect(roster.list.lines == found, "\(typed): \(roster.text)")
            }
        }
    }

    @Test("/wepon=fire typed a letter at a time ends with every monster listed and one sentence saying why", arguments: sizes)
    func misspeltFieldKeepsTheList(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        roster.showList().press(.character("/")).type("wepon=fire")
        #expect(roster.list.lines == ["Cat-Bot", "Dog-Bot", "Explode-Bot", "Fire-Bot", "Ice-Bot", "Mini-Tomato-Bot"], "\(roster.text)")
        #expect(roster.footer.message == "`wepon=fire`, column 1: unknown field `wepon`; did you mean `weapon`? — the list still shows every monster",
                "\(roster.footer.message ?? "")")
        #expect(roster.listTitle == "Monsters · 6", "not “found”: \(roster.listTitle ?? "")")
    }

    @Test("height~5 says which operators height takes", arguments: sizes)
    func heightOperators(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        roster.showList().press(.character("/")).type("height~5")
        let message = try #require(roster.footer.message)
        #expect(message.contains("~ looks inside name, description and icon only; for height use =, !=, <, <=, > or >="), "\(message)")
        #expect(roster.list.lines.count == 6, "the list as it was: \(roster.text)")
    }
}
