import Testing
@testable import RosterApp
@testable import RosterCore

/// The plain roster is a surface that writes too: every change it makes is
/// taken back by `u` to the exact bytes before it, and put back by `U` to
/// the exact bytes after it, as in the full-screen roster.
@Suite("Undo and redo of every change made in the plain roster")
struct PlainUndoTests {
    typealias Conversation = PlainSessionTests.Conversation

    /// The answers that make one change, with Dog-Bot chosen.
    static let changes: [String: [String]] = [
        "weapon": ["weapon", "3"],
        "colour": ["colour", "2"],
        "name": ["name", "Pup-Bot"],
        "description": ["description", "Wags"],
        "picture": ["picture", "1"],
        "height": ["height", "5ft11"],
        "origin": ["origin", "France"],
        "activated": ["activated", "2020-01-02T03:04"],
        "clear height": ["height none"],
        "add": ["add", "Bat-Bot", "", "", "", "", "", "", ""],
        "remove": ["remove", "y"],
    ]

    /// The roster as `roster export` writes it, read through another connection.
    static func exported(_ path: String) -> [UInt8]? {
        let output = ByteOutput()
        guard let store = try? SQLiteRosterStore.open(path: path), (try? store.export(.json, to: output)) != nil else { return nil }
        return output.bytes()
    }

    @Test("export, change in the plain roster, u: the same bytes; U: the changed bytes", arguments: changes.keys.sorted())
    func undoRedo(_ name: String) throws {
        let change = try #require(Self.changes[name])
        let session = try Conversation(["2"] + change + ["u", "U", "u"])
        // Exports taken just before the answers that follow the change.
        let undoAt = 1 + change.count
        var exports: [Int: [UInt8]] = [:]
        session.beforeEachAnswer = { answered in
            if answered == 0 || answered >= undoAt { exports[answered] = Self.exported(session.store.name) }
        }
        try session.run()
        let before = try #require(exports[0])
        let changed = try #require(exports[undoAt])
        let undone = try #require(exports[undoAt + 1])
        let redone = try #require(exports[undoAt + 2])
        let final = try #require(Self.exported(session.store.name))
        #expect(changed != before, "the answers changed the roster: \(session.lines)")
        #expect(undone == before, "u restores the exact bytes: \(session.lines)")
        #expect(redone == changed, "U puts back the exact bytes of the change")
        #expect(final == before, "and u takes it back again")
        #expect(session.lines.contains { $0.hasPrefix("Undid ") }, "\(session.lines)")
        #expect(session.lines.contains { $0.hasPrefix("Redid ") }, "\(session.lines)")
    }
}
