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
    /// The roster at `width`×`height`, Cat-Bot described by `description`.
    private func harness(width: Int, height: Int, catBotDescription description: String) throws -> RosterScreenHarness {
        try RosterScreenHarness(width: width, height: height) { store in
            _ = try store.edit("Cat-Bot", MonsterChanges(description: description))
        }
    }

    /// The roster at 120×35 with Cat-Bot described by `text`, which the details show whole.
    private func shownWholeAt120(_ text: String) throws -> RosterScreenHarness {
        let roster = try harness(width: 120, height: 35, catBotDescription: text)
        let shown = try #require(roster.details.field("Description"))
        #expect(shown.value == text, "whole, no …: \(shown.value)")
        return roster
    }

    static let long = "A small robot that purrs when its batteries are full and hisses when they are not; it sleeps in boxes far too small for it, and it will not say why."

    @Test("a long description is shown whole where the pane has room, and edited in a box of several rows with the cursor at its end")
    func shownWholeAndEditedOverRows() throws {
        let roster = try shownWholeAt120(Self.long)

        try roster.edit("Description")
        let editing = try #require(roster.details.field("Description"))
        #expect(editing.value.replacingOccurrences(of: " ", with: "") == Self.long.replacingOccurrences(of: " ", with: ""),
                "the box holds the whole text: \(editing.value)")
        let field = try #require(roster.interface.screen.details.fields.first { $0.label == "Description" })
        #expect(field.frame.height > 2, "over several rows")
        let cursor = try #require(roster.cursor)
        #expect(roster.screen.text(row: cursor.y).contains("will not say why."), "the cursor on the text's last row: \(cursor)\n\(roster.text)")
        roster.type(" Really.").press(.enter)
        #expect(try roster.monster("Cat-Bot")?.description == Self.long + " Really.")
    }

    static let longer = "A loyal dog robot that fetches the paper, guards the garden gate all night, wags a steel tail at every visitor, barks at the moon whenever it is full, buries spare bolts under the roses, chews through the cables of the vacuum cleaner, then sniffs at everything and blames the cat."

    @Test("a description of nearly 300 characters takes the rows the pane has left at 120×35: whole, no …")
    func longerShownWhole() throws {
        let roster = try shownWholeAt120(Self.longer)
        #expect(roster.details.field("Picture") != nil, "every field below it still shows")
    }

    @Test("the description is edited in a box as wide as the pane, under its label", arguments: [Size(width: 120, height: 35), Size(width: 80, height: 24)])
    func editedAcrossThePane(_ size: Size) throws {
        let roster = try harness(width: size.width, height: size.height, catBotDescription: Self.longer)
        try roster.edit("Description")
        _ = roster.screen
        let pane = roster.interface.screen.details
        let field = try #require(pane.fields.first { $0.label == "Description" })
        #expect(field.frame.width == pane.frame.width - 4, "the pane's width inside its border: \(field.frame) in \(pane.frame)")
        let label = roster.screen.text(row: field.frame.y)
        #expect(label.contains("► Description"), "the label keeps its row: \(label)")
        let cursor = try #require(roster.cursor)
        #expect(cursor.y > field.frame.y && cursor.x >= field.frame.x, "the cursor is in the box under the label")
        roster.press(.backspace).type("!").press(.enter)
        #expect(try roster.monster("Cat-Bot")?.description == Self.longer.dropLast() + "!")
    }

    @Test("a text longer than its box says what is out of sight above and below it, on the label's row")
    func outOfSightIsSaid() throws {
        // Lines of their own: more than the box has rows, within the 280 characters allowed.
        let text = (1...30).map { "line \($0)" }.joined(separator: "\n")
        let roster = try harness(width: 80, height: 24, catBotDescription: text)
        try roster.edit("Description")
        let field = try #require(roster.interface.screen.details.fields.first { $0.label == "Description" })
        let atEnd = roster.screen.text(row: field.frame.y)
        #expect(atEnd.contains("↑ ") && atEnd.contains("more lines") && !atEnd.contains("↓"), "the start is above: \(atEnd)")
        for _ in 0..<40 { roster.press(.up) }
        let atStart = roster.screen.text(row: field.frame.y)
        #expect(atStart.contains("↓ ") && !atStart.contains("↑"), "the end is below: \(atStart)")
        #expect(TextEntryField.outOfSight(above: 3, below: 1) == "↑ 3 more lines · ↓ 1 more line")
    }
}
