import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// `name=` in the filter reads as `list --where` reads it: of two names
/// that read alike, spelled as neither, the list shows both (and `!=`
/// neither); spelled exactly as one, that one.
@Suite("A name= filter reading as two names")
struct LookAlikeFilterTests {
    @Test("/name=cat-bot with Cat-Bot and CAT-BOT: the list shows both; name!=cat-bot neither; name=CAT-BOT the one spelled so")
    func showsBoth() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35) { store in
            try store.database.execute("INSERT INTO monster (name, name_key, icon, weapon) VALUES ('CAT-BOT', 'bogus', 'unknown.png', 'smoke')")
        }
        func listed() -> [String] { roster.list.lines.filter { $0.contains("Cat-Bot") || $0.contains("CAT-BOT") } }
        roster.showList().press(.character("/")).type("name=cat-bot").press(.enter)
        #expect(listed().count == 2, "both read as cat-bot: \(roster.text)")
        #expect(roster.interface.controller.list.count == 2)
        roster.press(.character("/")).press(.escape)
        roster.press(.character("/")).type("name!=cat-bot").press(.enter)
        #expect(listed().isEmpty, "neither is left in: \(roster.text)")
        #expect(roster.interface.controller.list.count == 5)
        roster.press(.character("/")).press(.escape)
        roster.press(.character("/")).type("name=CAT-BOT").press(.enter)
        #expect(listed().count == 1 && listed()[0].contains("CAT-BOT"), "spelled exactly so, the one: \(roster.text)")
    }
}
