import Foundation
import Testing

@Suite("Reading the roster from the command line")
struct ReadingCommandsTests {
    @Test("the first run creates the database with the six default bots")
    func firstRunCreatesDefaults() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.roster("list")
        #expect(run.status == 0)
        let names = run.stdout.split(separator: "\n").map { $0.split(separator: "\t")[1] }
        #expect(names == ["Cat-Bot", "Dog-Bot", "Explode-Bot", "Fire-Bot", "Ice-Bot", "Mini-Tomato-Bot"])
        #expect(try sandbox.sqlite("PRAGMA application_id") == String(0x524F_5354))
        #expect(try sandbox.sqlite("PRAGMA journal_mode") == "wal")
    }
}
