import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// What narrow and tiny windows keep in sight: the way back, and a
/// message that reads whole.
@Suite("Narrow windows keep the way out in sight")
struct NarrowFooterTests {
    @Test("with a panel up, the footer keeps Esc however narrow the window",
          arguments: [(40, 12), (60, 20), (70, 24), (80, 24)], ["Weapon", "Height", "Origin", "Activated"])
    func escapeStays(_ size: (Int, Int), _ label: String) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        try roster.edit(label)
        #expect(roster.editingLabel == label)
        let footer = try #require(roster.lines.last)
        #expect(footer.contains("Esc close") || footer.contains("Esc cancel"), "\(size): \(footer)")
        // The origin wheel takes typed letters (to jump to a country): q is one.
        if label != "Origin" { #expect(footer.contains("q quit"), "\(size): \(footer)") }
    }

    @Test("the too-small message breaks between its phrases, never inside “Press q to quit.”",
          arguments: [(39, 11), (30, 8), (20, 10), (24, 6)])
    func tooSmallMessage(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: 100, height: 30)
        roster.interface.resize(to: Size(width: size.0, height: size.1))
        let lines = roster.lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(lines.contains { $0.hasSuffix("Press q to quit.") }, "\(lines)")
        #expect(lines.contains { $0.contains("this one is \(size.0)×\(size.1).") }, "\(lines)")
        #expect(!lines.contains("quit."), "\(lines)")
    }

    @Test("phrases are packed whole, as many to a line as fit; one longer than a line wraps at its spaces")
    func phrases() {
        #expect(TextWrapping.lines(phrases: ["needs 40×12;", "this is 30×8.", "Press q to quit."], width: 30)
                == ["needs 40×12; this is 30×8.", "Press q to quit."])
        #expect(TextWrapping.lines(phrases: ["a terminal of at least 40×12;", "Press q to quit."], width: 16)
                == ["a terminal of at", "least 40×12;", "Press q to quit."])
    }
}
