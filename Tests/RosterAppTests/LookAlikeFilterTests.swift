import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// `name=` in the filter means what it means to the command line: of two
/// names that read alike, spelled as neither, it is refused, and the list
/// says so in the command line's sentence naming both.
@Suite("A name= filter reading as two names")
struct LookAlikeFilterTests {
    @Test("/name=cat-bot with Cat-Bot and CAT-BOT: the list names both, as the command line refuses it")
    func namesBoth() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35) { store in
            try store.database.execute("INSERT INTO monster (name, name_key, icon, weapon) VALUES ('CAT-BOT', 'bogus', 'unknown.png', 'smoke')")
        }
        roster.showList().press(.character("/")).type("name=cat-bot").press(.enter)
        #expect(roster.interface.controller.list.expressionRefusal == "2 monsters have names that read as `cat-bot`: "
                + "`Cat-Bot` (id 1) and `CAT-BOT` (id 7); name one by its id or by its exact spelling, or rename one (roster edit '#7' --name NEW)")
        #expect(roster.text.contains("2 monsters have names that"), "the list says it: \(roster.text)")
        #expect(!roster.text.contains("no monsters match"), "\(roster.text)")
        roster.press(.character("/")).press(.escape)
        roster.press(.character("/")).type("name=CAT-BOT").press(.enter)
        #expect(roster.list.lines.contains { $0.contains("CAT-BOT") }, "spelled exactly so, the one: \(roster.text)")
    }
}
