import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// The picker fields save by compare-and-set as the text fields do: a
/// value another program saved after the picker opened is not written
/// over unless the person says so.
@Suite("No lost updates from the pickers")
struct PickerLostUpdateTests {
    /// One picker edit: what another program saves meanwhile, the keys the
    /// person presses (the last one saves), and how each value reads.
    struct PickerEdit {
        let label: String
        let theirs: MonsterChanges
        let keys: [KeyEvent]
        /// What the field shows once it shows the other program's value.
        let shownTheirs: String
        let holdsTheirs: (Monster) -> Bool
        let holdsOwn: (Monster) -> Bool
    }

    static let theirMoment = Timestamp(secondsSince1970: 1_699_999_980)

    /// Cat-Bot starts as the default roster has it: default colour, a
    /// sword, 2 ft 4 in, from Japan, activated 2019-03-14 09:30 UTC.
    static func pickerEdit(_ name: String) -> PickerEdit {
        let toTheMinutes: [KeyEvent] = [.right, .right, .right, .right]
        switch name {
        case "Colour":
            return PickerEdit(label: "Colour", theirs: MonsterChanges(nameColor: .green), keys: [.down, .enter],
                              shownTheirs: "Green", holdsTheirs: { $0.nameColor == .green }, holdsOwn: { $0.nameColor == .red })
        case "Weapon":
            return PickerEdit(label: "Weapon", theirs: MonsterChanges(weapon: .smoke), keys: [.character("3")],
                              shownTheirs: "Smoke", holdsTheirs: { $0.weapon.type == .smoke }, holdsOwn: { $0.weapon.type == .fire })
        case "Height":
            return PickerEdit(label: "Height", theirs: MonsterChanges(height: .some(Height(feet: 6, inches: 0))), keys: [.up, .enter],
                              shownTheirs: "6 ft 0 in", holdsTheirs: { $0.height == Height(feet: 6, inches: 0) },
                              holdsOwn: { $0.height == Height(feet: 1, inches: 4) })
        case "Origin":
            return PickerEdit(label: "Origin", theirs: MonsterChanges(origin: .some("DE")),
                              keys: [.character("f"), .character("r"), .character("a"), .enter],
                              shownTheirs: "Germany (DE)", holdsTheirs: { $0.origin == "DE" }, holdsOwn: { $0.origin == "FR" })
        case "Activated":
            let own = Timestamp(secondsSince1970: 1_552_555_800 + 300)    // 2019-03-14 09:35 UTC
            return PickerEdit(label: "Activated", theirs: MonsterChanges(activated: .some(theirMoment)), keys: toTheMinutes + [.down, .enter],
                              shownTheirs: theirMoment.localDisplay, holdsTheirs: { $0.activated == theirMoment },
                              holdsOwn: { $0.activated == own })
        case "⌫ Height":
            return PickerEdit(label: "Height", theirs: MonsterChanges(height: .some(Height(feet: 6, inches: 0))), keys: [.backspace],
                              shownTheirs: "6 ft 0 in", holdsTheirs: { $0.height == Height(feet: 6, inches: 0) }, holdsOwn: { $0.height == nil })
        case "⌫ Origin":
            return PickerEdit(label: "Origin", theirs: MonsterChanges(origin: .some("DE")), keys: [.delete],
                              shownTheirs: "Germany (DE)", holdsTheirs: { $0.origin == "DE" }, holdsOwn: { $0.origin == nil })
        default:
            return PickerEdit(label: "Activated", theirs: MonsterChanges(activated: .some(theirMoment)), keys: [.backspace],
                              shownTheirs: theirMoment.localDisplay, holdsTheirs: { $0.activated == theirMoment },
                              holdsOwn: { $0.activated == nil })
        }
    }

    static let pickers = ["Colour", "Weapon", "Height", "Origin", "Activated", "⌫ Height", "⌫ Origin", "⌫ Activated"]

    /// Another connection to the same file, as a script would have.
    private func otherProgram(_ roster: RosterScreenHarness, saves changes: MonsterChanges) throws {
        let other = try SQLiteRosterStore.open(path: roster.path)
        let cat = try #require(try other.find("Cat-Bot"))
        _ = try other.edit(monsterID: cat.id, changes)
    }

    @Test("another program's value saved after the picker opened is kept and shown; Enter then saves the person's own",
          arguments: pickers, [false, true])
    func enterSavesOwn(_ name: String, pollFirst: Bool) throws {
        let edit = Self.pickerEdit(name)
        let roster = try RosterScreenHarness()
        try roster.edit(edit.label)
        try otherProgram(roster, saves: edit.theirs)
        // Whether or not a poll saw the change before the choice, the same end.
        if pollFirst { roster.interface.poll() }
        for key in edit.keys { roster.press(key) }

        let kept = try #require(try roster.monster("Cat-Bot"))
        #expect(edit.holdsTheirs(kept), "the other program's value is kept, not written over")
        #expect(roster.editingLabel == edit.label, "the picker stays open with the offer")
        let field = try #require(roster.details.field(edit.label))
        if edit.label == "Colour" {
            // The popover hangs over the field; it ticks the monster's colour as it is now.
            #expect(roster.popover?.shows("■ \(edit.shownTheirs) ✓") == true, "the popover ticks the newer value: \(roster.text)")
        } else {
            #expect(field.value.contains(edit.shownTheirs), "the field shows the newer value: \(field.value)")
        }
        // The colour popover hangs over the field's rows; the footer below tells it whole.
        if edit.label != "Colour" {
            #expect(field.value.contains("✗ another program saved \(edit.shownTheirs)"), "\(field.value)")
        }
        // The footer, in sight below the panel, says what happened and how to go on.
        let named = ["Colour": "name colour"][edit.label] ?? edit.label.lowercased()
        let footer = try #require(roster.footer.message)
        #expect(footer.hasPrefix("after you began, another program changed Cat-Bot's \(named) to \(edit.shownTheirs), so yours was not saved; "),
                "\(footer)")
        let again = ["Colour", "Weapon"].contains(edit.label) ? "choose yours again to save it over theirs" : "Enter saves yours over it"
        #expect(footer.contains(again), "\(footer)")
        #expect(roster.footerText.contains("another program changed Cat-Bot"), "the footer rows show it: \(roster.text)")

        roster.press(.enter)
        let saved = try #require(try roster.monster("Cat-Bot"))
        #expect(edit.holdsOwn(saved), "Enter saves the person's own value over the newer one")
        #expect(roster.editingLabel == nil)
        #expect(roster.footer.message?.hasPrefix("Cat-Bot now carries") == true || roster.footer.message?.hasPrefix("changed Cat-Bot") == true,
                "\(roster.footer.message ?? "no message")")
    }

    @Test("Esc after the offer keeps the other program's value", arguments: pickers)
    func escapeKeepsTheirs(_ name: String) throws {
        let edit = Self.pickerEdit(name)
        let roster = try RosterScreenHarness()
        try roster.edit(edit.label)
        try otherProgram(roster, saves: edit.theirs)
        let changes = try roster.store.history().count
        for key in edit.keys { roster.press(key) }
        roster.press(.escape)
        #expect(roster.editingLabel == nil)
        let kept = try #require(try roster.monster("Cat-Bot"))
        #expect(edit.holdsTheirs(kept))
        #expect(roster.details.field(edit.label)?.value.contains(edit.shownTheirs) == true)
        #expect(try roster.store.history().count == changes, "the interface wrote nothing")
    }

    @Test("a change elsewhere to another field does not block a picker's choice", arguments: pickers)
    func otherFieldChanged(_ name: String) throws {
        let edit = Self.pickerEdit(name)
        let roster = try RosterScreenHarness()
        try roster.edit(edit.label)
        try otherProgram(roster, saves: MonsterChanges(description: "Renamed elsewhere"))
        for key in edit.keys { roster.press(key) }
        let saved = try #require(try roster.monster("Cat-Bot"))
        #expect(edit.holdsOwn(saved))
        #expect(saved.description == "Renamed elsewhere")
        #expect(roster.editingLabel == nil)
    }
}
