import Testing
@testable import RosterApp
@testable import RosterCore

/// The plain roster saves by compare-and-set from the monster as its
/// question showed it: another program's change made after the question
/// is told, kept, and written over only when the person answers again.
@Suite("No lost updates from the plain roster")
struct PlainLostUpdateTests {
    typealias Conversation = PlainSessionTests.Conversation

    /// A session whose third answer is preceded by another program's change
    /// to Cat-Bot (after the question was asked, before the answer).
    static func conversation(_ answers: [String], otherProgram changes: MonsterChanges) throws -> Conversation {
        let session = try Conversation(answers)
        session.beforeEachAnswer = { answered in
            guard answered == 2, let other = try? SQLiteRosterStore.open(path: session.store.name),
                  let cat = try? other.find("Cat-Bot") else { return }
            _ = try? other.edit(monsterID: cat.id, changes)
        }
        return session
    }

    @Test("an answer to a field changed elsewhere since the question is not saved; the same answer again saves it",
          arguments: ["description", "weapon", "colour", "height", "origin", "activation"])
    func answerAgainSaves(_ field: String) throws {
        let (theirs, answer, holdsTheirs, holdsOwn): (MonsterChanges, String, (Monster) -> Bool, (Monster) -> Bool) = switch field {
        case "description": (MonsterChanges(description: "Theirs"), "Mine", { $0.description == "Theirs" }, { $0.description == "Mine" })
        case "weapon": (MonsterChanges(weapon: .smoke), "3", { $0.weapon.type == .smoke }, { $0.weapon.type == .fire })
        case "colour": (MonsterChanges(nameColor: .green), "2", { $0.nameColor == .green }, { $0.nameColor == .red })
        case "height": (MonsterChanges(height: .some(Height(feet: 6, inches: 0))), "5ft11",
                        { $0.height == Height(feet: 6, inches: 0) }, { $0.height == Height(feet: 5, inches: 11) })
        case "origin": (MonsterChanges(origin: .some("DE")), "France", { $0.origin == "DE" }, { $0.origin == "FR" })
        default: (MonsterChanges(activated: .some(nil)), "2020-01-02T03:04",
                  { $0.activated == nil }, { $0.activated != nil })
        }
        let command = field == "activation" ? "activated" : field
        let session = try Self.conversation(["1", command, answer, answer], otherProgram: theirs)
        var kept: Monster?
        let first = session.beforeEachAnswer
        session.beforeEachAnswer = { answered in
            first(answered)
            // Just before the second answer: what the first one left.
            if answered == 3 { kept = try? session.store.find("Cat-Bot") }
        }
        try session.run()
        #expect(try holdsTheirs(#require(kept)), "the first answer wrote nothing over the other program's value")
        let told = session.lines.first { $0.hasPrefix("Another program changed Cat-Bot's") }
        #expect(told?.contains("after you were asked, so yours was not saved; give the same answer again to save yours over it.") == true,
                "\(session.lines)")
        #expect(try holdsOwn(#require(try session.store.find("Cat-Bot"))), "the same answer again saves it")
    }

    @Test("an empty answer after the refusal keeps the other program's value")
    func emptyKeepsTheirs() throws {
        let session = try Self.conversation(["1", "description", "Mine", ""], otherProgram: MonsterChanges(description: "Theirs"))
        try session.run()
        #expect(session.lines.contains("Another program changed Cat-Bot's description to `Theirs` after you were asked, so yours was not saved; give the same answer again to save yours over it."),
                "\(session.lines)")
        #expect(try session.store.find("Cat-Bot")?.description == "Theirs")
        #expect(session.lines.contains("Nothing changed; Cat-Bot's description is still `Theirs`."), "\(session.lines)")
    }

    @Test("a change elsewhere to another field does not block the answer")
    func otherFieldChanged() throws {
        let session = try Self.conversation(["1", "weapon", "3"], otherProgram: MonsterChanges(description: "Theirs"))
        try session.run()
        let cat = try #require(try session.store.find("Cat-Bot"))
        #expect(cat.weapon.type == .fire && cat.description == "Theirs")
        #expect(session.lines.contains("Cat-Bot now carries Fire."))
    }
}
