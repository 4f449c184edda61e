import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// A removal removes the monster the question named, as the question showed
/// it: another program's change made between the question and the yes
/// keeps the monster, and says so, in the full-screen roster and in the
/// plain one, as `roster remove` does on a terminal.
@Suite("No lost updates from a removal")
struct RemovalLostUpdateTests {
    typealias Conversation = PlainSessionTests.Conversation

    /// Another connection to the same file, as a script would have.
    private func otherProgram(_ path: String, _ change: (SQLiteRosterStore, Monster) throws -> Void) throws {
        let other = try SQLiteRosterStore.open(path: path)
        let dog = try #require(try other.find("Dog-Bot"))
        try change(other, dog)
    }

    @Test("a monster changed elsewhere after x is not removed by y; the footer says so, and x y again removes it",
          arguments: [true, false])
    func changedAfterTheQuestion(pollFirst: Bool) throws {
        let roster = try RosterScreenHarness()
        roster.press(.down, .character("x"))
        #expect(roster.overlay?.shows("Remove Dog-Bot?") == true)
        try otherProgram(roster.path) { other, dog in
            _ = try other.edit(monsterID: dog.id, MonsterChanges(weapon: .smoke))
        }
        if pollFirst { roster.interface.poll() }
        roster.press(.character("y"))
        #expect(try roster.monster("Dog-Bot")?.weapon.type == .smoke, "nothing was removed")
        #expect(roster.footer.message == "Dog-Bot was not removed: another program changed it after you were asked")
        #expect(!roster.footerText.contains("u undo"), "nothing was done, so no undo is offered")
        #expect(roster.details.field("Name")?.value == "Dog-Bot")
        #expect(roster.details.field("Weapon")?.value.contains("Smoke") == true, "the details show it as it is now")

        roster.press(.character("x"), .character("y"))
        #expect(try roster.monster("Dog-Bot") == nil, "asked again, the yes removes it")
        #expect(roster.footer.message == "removed Dog-Bot")
    }

    @Test("marked monsters, one changed elsewhere after x: y removes none, and the footer says so in one sentence, once")
    func markedChangedAfterTheQuestion() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        roster.press(.character(" "), .character(" "), .character("x"))
        #expect(roster.text.contains("Remove 2 marked monsters: Cat-Bot, Dog-Bot?"), "\(roster.text)")
        try otherProgram(roster.path) { other, dog in
            _ = try other.edit(monsterID: dog.id, MonsterChanges(weapon: .smoke))
        }
        roster.press(.character("y"))
        #expect(try roster.store.count() == 6, "nothing was removed")
        #expect(roster.footer.message == "nothing was removed: another program changed Dog-Bot after you were asked",
                "\(roster.footer.message ?? "")")
    }

    @Test("a monster renamed elsewhere after x is not removed by y")
    func renamedAfterTheQuestion() throws {
        let roster = try RosterScreenHarness()
        roster.press(.down, .character("x"))
        try otherProgram(roster.path) { other, dog in
            _ = try other.edit(monsterID: dog.id, MonsterChanges(name: "Pup-Bot"))
        }
        roster.interface.poll()
        roster.press(.character("y"))
        #expect(try roster.store.count() == 6)
        #expect(try roster.monster("Pup-Bot") != nil)
        #expect(roster.footer.message == "Dog-Bot was not removed: another program changed it after you were asked")
        #expect(roster.details.field("Name")?.value == "Pup-Bot")
    }

    @Test("a monster removed elsewhere after x: y removes nothing else, although the selection moved on")
    func removedAfterTheQuestion() throws {
        let roster = try RosterScreenHarness()
        roster.press(.down, .character("x"))
        try otherProgram(roster.path) { other, dog in
            _ = try other.remove(monsterID: dog.id)
        }
        // The poll moves the selection to the monster after Dog-Bot.
        roster.interface.poll()
        roster.press(.character("y"))
        #expect(try roster.store.count() == 5, "only the other program's removal")
        #expect(try roster.monster("Explode-Bot") != nil, "the monster selected after the poll stays")
        #expect(roster.footer.message == "another program removed Dog-Bot")
    }

    @Test("the plain roster: a monster changed elsewhere after the question stays, and asking again removes it")
    func plainChangedAfterTheQuestion() throws {
        let session = try Conversation(["2", "remove", "y", "details", "remove", "y"])
        session.beforeEachAnswer = { answered in
            guard answered == 2, let other = try? SQLiteRosterStore.open(path: session.store.name),
                  let dog = try? other.find("Dog-Bot") else { return }
            _ = try? other.edit(monsterID: dog.id, MonsterChanges(description: "Theirs"))
        }
        var afterFirstYes: Monster?
        let first = session.beforeEachAnswer
        session.beforeEachAnswer = { answered in
            first(answered)
            if answered == 3 { afterFirstYes = try? session.store.find("Dog-Bot") }
        }
        try session.run()
        #expect(afterFirstYes?.description == "Theirs", "the first yes removed nothing")
        #expect(session.lines.contains("Dog-Bot was not removed: another program changed it after you were asked."),
                "\(session.lines)")
        #expect(session.lines.contains("Type details to hear it as it is now, and remove to be asked again."))
        #expect(session.lines.contains { $0.contains("Theirs") && !$0.contains("changed") }, "details read out the newer description")
        #expect(try session.store.find("Dog-Bot") == nil, "asked again, yes removes it")
        #expect(session.lines.contains("Removed Dog-Bot."))
    }
}
