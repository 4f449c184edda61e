import Foundation
import Testing
import TerminalKit
import TextSafety
@testable import RosterApp
@testable import RosterCore

/// The status line and the plain roster show each message as one complete
/// sentence, as DESIGN.md asks of the plain roster (screen readers and
/// braille displays read a line as a sentence): a capital first and a full
/// stop last, before the key that follows it up. A value that begins the
/// message (a monster called `eve`, a quoted name, a path) keeps its case.
@Suite("Messages shown as complete sentences")
struct FooterSentenceTests {
    @Test("a first word of lowercase letters takes a capital; quoted values, paths, names with hyphens and capitals keep theirs; a stop ends each")
    func completed() {
        #expect(Sentence.completed("nothing to undo") == "Nothing to undo.")
        #expect(Sentence.completed("saved: it is so") == "Saved: it is so.")
        #expect(Sentence.completed("is it?") == "Is it?")
        #expect(Sentence.completed("lost the server; reconnecting…") == "Lost the server; reconnecting…")
        #expect(Sentence.completed("`cat-bot` may begin a field's name") == "`cat-bot` may begin a field's name.")
        #expect(Sentence.completed("“cat-bot” is taken") == "“cat-bot” is taken.")
        #expect(Sentence.completed("roster.db is not a roster") == "roster.db is not a roster.")
        #expect(Sentence.completed("eve-bot now carries Fire") == "eve-bot now carries Fire.")
        #expect(Sentence.completed("eve's weapon stays Fire", beginningWith: "eve") == "eve's weapon stays Fire.")
        #expect(Sentence.completed("iPad-Bot now carries Fire") == "iPad-Bot now carries Fire.")
        #expect(Sentence.completed("eve now carries Fire", beginningWith: "eve") == "eve now carries Fire.")
        // A name of several words keeps its case whole, not only its first word.
        #expect(Sentence.completed("bob the bot now carries Fire", beginningWith: "bob the bot") == "bob the bot now carries Fire.")
        #expect(Sentence.completed("nothing to undo", beginningWith: "bob the bot") == "Nothing to undo.")
        #expect(Sentence.completed("") == "")
    }

    @Test("the status line: a capital and a full stop, the undo offer after the stop; empty history said as a sentence",
          arguments: [(120, 35), (80, 24), (60, 20)])
    func statusLine(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        roster.press(.character("w")).type("3")
        #expect(roster.footer.message == "Cat-Bot now carries Fire")
        #expect(roster.footerText.contains("Cat-Bot now carries Fire. · u undo"), "\(size): \(roster.footerText)")
        roster.press(.character("u"))
        #expect(roster.footerText.hasPrefix("Undid set-weapon Cat-Bot"), "\(size): \(roster.footerText)")
        #expect(roster.footerText.contains("Fire. · U redo"), "\(size): \(roster.footerText)")
    }

    @Test("a monster called eve, in lowercase, begins the status line as it is spelled, not as Eve")
    func lowercaseName() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35) { store in
            _ = try store.edit("Cat-Bot", MonsterChanges(name: "eve"))
        }
        roster.press(.character("w")).type("3")
        #expect(roster.footerText.contains("eve now carries Fire. · u undo"), "\(roster.footerText)")
        #expect(!roster.footerText.contains("Eve"), "\(roster.footerText)")
    }

    @Test("the plain roster says the same messages as sentences, a lowercase name as it is spelled")
    func plainRoster() throws {
        let conversation = try PlainSessionTests.Conversation(["1", "weapon", "3", "undo", "redo", "redo"]) { store in
            _ = try store.edit("Cat-Bot", MonsterChanges(name: "eve"))
        }
        try conversation.run()
        #expect(conversation.lines.contains("eve now carries Fire."), "\(conversation.lines)")
        #expect(conversation.lines.contains { $0.hasPrefix("Undid set-weapon eve: Sword to Fire") && $0.hasSuffix(".") }, "\(conversation.lines)")
        #expect(conversation.lines.contains("Nothing to redo."), "\(conversation.lines)")
    }

    @Test("a name of several words in lowercase begins the footer and the plain roster as it is spelled, every word of it")
    func lowercaseNameOfSeveralWords() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35) { store in
            _ = try store.edit("Cat-Bot", MonsterChanges(name: "bob the bot"))
        }
        roster.press(.character("w")).type("3")
        #expect(roster.footerText.contains("bob the bot now carries Fire. · u undo"), "\(roster.footerText)")
        let conversation = try PlainSessionTests.Conversation(["1", "weapon", "3"]) { store in
            _ = try store.edit("Cat-Bot", MonsterChanges(name: "bob the bot"))
        }
        try conversation.run()
        #expect(conversation.lines.contains("bob the bot now carries Fire."), "\(conversation.lines)")
    }
}
