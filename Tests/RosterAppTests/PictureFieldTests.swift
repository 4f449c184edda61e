import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// The monster's picture is chosen in the full-screen roster as its weapon
/// is, from a panel of the monsters' pictures; absent values show as absence.
@Suite("The picture field and absent values")
struct PictureFieldTests {
    @Test("the picture field's panel offers the monsters' pictures only; choosing one saves it and says so",
          arguments: [Size(width: 120, height: 35), Size(width: 80, height: 24), Size(width: 60, height: 20)])
    func choosePicture(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        try roster.edit("Picture")
        let panel = try #require(roster.docked.compactMap { $0 as? ChoicePanel }.first)
        #expect(panel.choices.map(\.title) == ["Cat", "Dog", "Explode", "Fire", "Ice", "Tomato", "Stand-in"])
        #expect(panel.currentIndex == 0, "Cat-Bot's picture is ticked")
        roster.press(.character("2"))
        #expect(try roster.monster("Cat-Bot")?.icon == "meetdogbot.png")
        #expect(roster.editingLabel == nil)
        #expect(roster.footer.message == "Cat-Bot's picture is now a dog robot")
        #expect(roster.details.field("Picture")?.value == "Dog robot")
    }

    @Test("an empty description and an unknown height, origin and activation show a dash, not a word")
    func absence() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35) { store in
            _ = try store.edit("Cat-Bot", MonsterChanges(description: "", height: .some(nil), origin: .some(nil), activated: .some(nil)))
        }
        for label in ["Description", "Height", "Origin", "Activated"] {
            #expect(roster.details.field(label)?.value == "—", "\(label): \(roster.details.field(label)?.value ?? "not shown")")
        }
        let details = roster.rows(in: roster.interface.screen.details.frame).joined(separator: " ")
        #expect(!details.contains("unknown") && !details.contains("none"), "\(details)")
    }
}

@Suite("Long descriptions")
struct LongDescriptionTests {
    static let long = "A small robot that purrs when its batteries are full and hisses when they are not; it sleeps in boxes far too small for it, and it will not say why."

    @Test("a long description is shown whole where the pane has room, and edited in a box of several rows with the cursor at its end")
    func shownWholeAndEditedOverRows() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35) { store in
            _ = try store.edit("Cat-Bot", MonsterChanges(description: Self.long))
        }
        let shown = try #require(roster.details.field("Description"))
        #expect(shown.value == Self.long, "whole, no …: \(shown.value)")

        try roster.edit("Description")
        let editing = try #require(roster.details.field("Description"))
        #expect(editing.value.replacingOccurrences(of: " ", with: "") == Self.long.replacingOccurrences(of: " ", with: ""),
                "the box holds the whole text: \(editing.value)")
        let field = try #require(roster.interface.screen.details.fields.first { $0.label == "Description" })
        #expect(field.frame.height > 2, "over several rows")
        let cursor = try #require(roster.cursor)
        #expect(cursor.y == field.frame.maxY - 1, "the cursor on the box's last row")
        roster.type(" Really.").press(.enter)
        #expect(try roster.monster("Cat-Bot")?.description == Self.long + " Really.")
    }
}
