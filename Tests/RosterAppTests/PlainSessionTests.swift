import Foundation
import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// The plain roster driven directly, answers in and lines out, on a real
/// roster file: the paths a person takes that the transcript tests do not.
@Suite("The plain roster's conversation")
struct PlainSessionTests {
    /// A session fed `answers` one by one, then the end of input.
    final class Conversation {
        let directory: URL
        let store: SQLiteRosterStore
        private(set) var output = ""
        /// Answers; nil stands for being stopped with Ctrl-Z and continued.
        private var answers: [String?]
        var beforeEachAnswer: (Int) -> Void = { _ in }
        private var answered = 0

        init(_ answers: [String?], prepare: (SQLiteRosterStore) throws -> Void = { _ in }) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-plain-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            store = try SQLiteRosterStore.open(path: directory.appendingPathComponent("roster.db").path)
            try prepare(store)
            self.answers = answers
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        @discardableResult
        func run() throws -> Int32 {
            let controller = try RosterSessionController(store: store, pictures: PictureDrawing(library: HeadlessRoster.pictureLibrary(), mode: .text))
            let console = PlainConsole(nextLine: { [self] in
                guard !answers.isEmpty else { return .end }
                beforeEachAnswer(answered)
                answered += 1
                return answers.removeFirst().map(LineInput.Event.line) ?? .resumed
            }, write: { [self] text in output += text }, inputIsTerminal: false)
            return try PlainSession(controller: controller, console: console).run()
        }

        var lines: [String] { output.split(separator: "\n").map(String.init) }
    }

    @Test("numbers are grouped as they are read out, and messages become sentences")
    func wording() {
        #expect(PlainWording.count(1_000_000) == "1,000,000")
        #expect(PlainWording.count(999) == "999")
        #expect(PlainWording.count(1000) == "1,000")
        #expect(PlainWording.pageHeading(first: 1, last: 20, count: 1_000_000, filter: "", hasPrevious: false)
                == "Monsters 1 to 20 of 1,000,000. Type next for the next page.")
        #expect(PlainWording.pageHeading(first: 1, last: 2, count: 2, filter: "weapon=smoke", isExpression: true, hasPrevious: false)
                == "Monsters 1 to 2 of 2 that match “weapon=smoke”.")
        #expect(PlainWording.sentence("Cat-Bot now carries Fire") == "Cat-Bot now carries Fire.")
        #expect(PlainWording.sentence("nothing to undo") == "Nothing to undo.")
        #expect(PlainWording.sentence("is it?") == "Is it?")
    }

    @Test("a colour inside a sentence is in lower case, as the other values there are; in a numbered choice it keeps its label")
    func colourInASentence() throws {
        func detailsSay(_ colour: NameColor) -> [String] {
            let monster = Monster(id: 1, name: "Cat-Bot", description: "", icon: Monster.defaultIcon, nameColor: colour, weapon: Weapon(.sword))
            return PlainWording.details(monster, number: 1, of: 1)
        }
        #expect(detailsSay(.default).contains("Its name colour is the default."), "\(detailsSay(.default))")
        #expect(detailsSay(.red).contains("Its name colour is red."), "\(detailsSay(.red))")
        #expect(!detailsSay(.blue).joined().contains("Blue"), "\(detailsSay(.blue))")
        #expect(PlainWording.numberedChoices(NameColor.allCases.map(\.displayName), keeping: "Red").hasPrefix("1 Default, 2 Red"))
    }

    @Test("removing defaults to no, and the end of input in the middle of a question changes nothing")
    func removeDefaultsToNo() throws {
        let session = try Conversation(["1", "remove", "", "remove"])
        #expect(try session.run() == 0)
        #expect(session.lines.contains("Nothing was removed; Cat-Bot stays."))
        #expect(session.lines.last == "End of input; goodbye.")
        #expect(try session.store.find("Cat-Bot") != nil)
    }

    @Test("a filter that is an expression is read out as one, not as text the names contain")
    func expressionFilterWording() throws {
        let session = try Conversation(["filter weapon=smoke", "filter bot"])
        #expect(try session.run() == 0)
        #expect(session.lines.contains("Monster 1 of 1 that matches “weapon=smoke”."), "\(session.lines)")
        #expect(!session.lines.contains { $0.contains("contain “weapon=smoke”") })
        #expect(session.lines.contains { $0.hasPrefix("Monsters 1 to 6 of 6 whose names contain “bot”.") }, "\(session.lines)")
    }

    @Test("the end of input halfway through adding adds nothing")
    func addInterrupted() throws {
        let session = try Conversation(["add", "Bat-Bot", "Hangs around"])
        #expect(try session.run() == 0)
        #expect(try session.store.find("Bat-Bot") == nil)
        #expect(try session.store.count() == 6)
    }

    @Test("choosing by name a monster the filter hides says that the filter was let go")
    func filterLetGo() throws {
        let session = try Conversation(["filter ice", "Cat-Bot", "list"])
        try session.run()
        #expect(session.lines.contains("Monster 1 of 1 whose name contains “ice”."))
        #expect(session.lines.contains("The filter “ice” was let go, so that the monster you work on stays in the list; it lists all 6 monsters."))
        #expect(session.lines.contains("Monsters 1 to 6 of 6."))
    }

    @Test("another program's change of picture is read out by what the pictures show, not their files")
    func pictureChangeSpoken() throws {
        let session = try Conversation(["1", "list"])
        session.beforeEachAnswer = { answered in
            guard answered == 1, let other = try? SQLiteRosterStore.open(path: session.store.name),
                  let dog = try? other.find("Dog-Bot") else { return }
            _ = try? other.edit(monsterID: dog.id, MonsterChanges(icon: "meetcatbot.png"))
        }
        try session.run()
        #expect(session.lines.contains("Another program changed the roster: edit Dog-Bot: picture a dog robot to a cat robot."),
                "\(session.lines)")
    }

    @Test("a change another program wrote without a history entry (the sqlite3 shell) is told, though the number of monsters stayed")
    func changeWithoutEntryTold() throws {
        let session = try Conversation(["1", "2", "list"])
        session.beforeEachAnswer = { answered in
            guard answered == 1, let other = try? SQLiteRosterStore.open(path: session.store.name) else { return }
            try? other.database.execute("UPDATE monster SET weapon = 'smoke' WHERE name = 'Dog-Bot'")
        }
        try session.run()
        #expect(session.lines.filter { $0 == "Another program changed the roster." }.count == 1, "\(session.lines)")
        #expect(session.lines.contains("It carries Smoke."), "\(session.lines)")
    }

    @Test("a monster another program removes while it is being edited is not edited, nor is the one in its place")
    func removedWhileAsking() throws {
        let session = try Conversation(["1", "weapon", "3"])
        session.beforeEachAnswer = { answered in
            // After the question is asked, before the answer.
            guard answered == 2 else { return }
            let other = try? SQLiteRosterStore.open(path: session.store.name)
            other?.surface = .commandLine
            _ = try? other?.remove(["Cat-Bot"])
        }
        try session.run()
        #expect(session.lines.contains("Another program changed the roster: remove Cat-Bot."))
        #expect(session.lines.contains("The monster you chose is no longer on the roster."))
        #expect(try session.store.find("Dog-Bot")?.weapon.type == .blowgun, "the monster now first is untouched")
        #expect(try session.store.monsters().allSatisfy { $0.weapon.type != .fire || $0.name == "Ice-Bot" })
    }

    @Test("the one-letter commands mean what the full-screen keys mean: u undoes, U redoes, x removes")
    func lettersAsOnTheFullScreen() throws {
        let session = try Conversation(["1", "weapon 3", "u", "U", "x", "y"])
        try session.run()
        #expect(session.lines.contains { $0.hasPrefix("Undid ") })
        #expect(session.lines.contains { $0.hasPrefix("Redid ") })
        #expect(try session.store.find("Cat-Bot") == nil, "x then y removed it")
    }

    @Test("undo with nothing to undo says so; undo of an add lets go of the monster it removed")
    func undoEdges() throws {
        let session = try Conversation(["undo", "add", "Bat-Bot", "", "", "", "", "", "", "", "undo", "weapon 3"])
        try session.run()
        #expect(session.lines.contains("Nothing to undo."))
        #expect(session.lines.contains("Added Bat-Bot."))
        #expect(session.lines.contains { $0.hasPrefix("Undid add Bat-Bot") })
        #expect(session.lines.contains("The monster you chose is no longer on the roster; choose another."))
        #expect(try session.store.find("Bat-Bot") == nil)
    }

    @Test("back from Ctrl-Z, the question is asked again, and the answer goes where it was meant")
    func resumedAsksAgain() throws {
        let session = try Conversation(["2", "weapon", nil, "3"])
        try session.run()
        #expect(session.lines.filter { $0 == "Weapon number:" }.count == 2)
        #expect(session.lines.contains("Dog-Bot now carries Fire."))
        #expect(try session.store.find("Dog-Bot")?.weapon.type == .fire)
    }

    @Test("a name that starts with a command's word chooses that monster; other words after such a command are said back")
    func commandWordsInNames() throws {
        let session = try Conversation(["add the rest", "list Add Bot", "Add Bot", "remove it"]) { store in
            _ = try store.add(Monster(id: 0, name: "Add Bot", description: "", icon: Monster.defaultIcon, nameColor: .default,
                                      weapon: Weapon(.fire)))
        }
        try session.run()
        #expect(session.lines.contains("new takes nothing after it; type new alone, or show and a name to choose a monster."))
        #expect(session.lines.contains("list takes nothing after it; type list alone, or show and a name to choose a monster."))
        #expect(session.lines.contains("Add Bot is number 7 of 7, with id 7."))
        #expect(session.lines.contains("remove takes nothing after it; type remove alone, or show and a name to choose a monster."))
        #expect(try session.store.count() == 7)
    }
}
