import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

extension RosterScreenHarness {
    /// Tabs from the list to the field with this label and starts editing it.
    @discardableResult
    func edit(_ label: String) throws -> RosterScreenHarness {
        let labels = interface.screen.details.fields.map(\.label)
        let index = try #require(labels.firstIndex(of: label))
        if interface.screen.isCollapsed {
            // No list to Tab from: the details alone, from their top.
            interface.screen.details.focus(0)
        } else {
            // From the list: Esc in the details goes back to it.
            for _ in 0..<4 where window.firstResponder !== interface.screen.list { press(.escape) }
            press(.tab)
        }
        for _ in 0..<index { press(.tab) }
        press(.enter)
        return self
    }

    var editingLabel: String? { interface.screen.details.editingField?.label }
    var focusedLabel: String? { interface.screen.details.focusedField?.label }

    func monster(_ name: String) throws -> Monster? {
        try SQLiteRosterStore.open(path: path).find(name)
    }

    var docked: [View] { window.dockedViews }
}

@Suite("Editing every detail field through its input view")
struct FieldEditingTests {
    @Test("the name is text entry: a cursor, readline keys, paste; Done saves, a taken name is refused beside the field")
    func rename() throws {
        let roster = try RosterScreenHarness()
        try roster.edit("Name")
        #expect(roster.cursor != nil, "text entry shows a cursor")
        #expect(roster.docked.contains { $0 is AccessoryBar }, "with the accessory bar docked")
        roster.press(.control("u")).type("Dog-Bot").press(.enter)
        #expect(roster.editingLabel == "Name", "a taken name keeps the field open")
        let refused = try #require(roster.details.field("Name")).value
        #expect(refused.contains("✗ a monster named `Dog-Bot`"), "beside the field: \(refused)")
        #expect(refused.contains("already exists"))
        roster.press(.control("u")).paste("Kitty\nBot\u{1B}[31m")
        #expect(roster.details.field("Name")?.value.hasPrefix("Kitty Bot[31m") == true, "the paste arrives without its controls")
        roster.press(.control("w")).type("Bot").press(.enter)
        #expect(roster.editingLabel == nil)
        #expect(try roster.monster("Kitty Bot")?.id == 1)
        #expect(roster.focusedLabel == "Name", "focus stays on the field")
    }

    @Test("Esc restores the old text; a name too long is refused")
    func escapeRestores() throws {
        let roster = try RosterScreenHarness()
        try roster.edit("Description")
        roster.type(" purr").press(.escape)
        #expect(try roster.monster("Cat-Bot")?.description == "MEE-OW")
        try roster.edit("Name")
        roster.type(String(repeating: "x", count: 80)).press(.enter)
        #expect(try roster.monster("Cat-Bot") != nil, "a name too long is not saved")
        #expect(roster.editingLabel == "Name")
        #expect(roster.details.field("Name")?.value.contains("✗ a name can have at most 64") == true)
    }

    @Test("the colour popover hangs at the name, shows each colour's swatch by a readable name, and saves a choice at once")
    func colourPopover() throws {
        let roster = try RosterScreenHarness()
        try roster.edit("Colour")
        let screen = roster.screen
        let popover = try #require(roster.popover)
        #expect(popover.title == "Name colour")
        #expect(popover.shows("■ Blue"))
        let frame = try #require(roster.window.firstResponder?.inputView?.frame)
        let name = roster.interface.screen.nameField.frame
        #expect(roster.details.field("Name")?.value == "Cat-Bot")
        #expect(frame.y == name.y + 1, "anchored just below the name")
        let blue = try #require(screen.find("■ Blue"))
        #expect(frame.contains(blue))
        #expect(screen[blue.x, blue.y].style.foreground == NameColor.blue.style.foreground, "the swatch in the colour")
        #expect(screen[blue.x + 2, blue.y].style.foreground == .default, "the word in the terminal's text colour")
        #expect(!roster.docked.contains { $0 is MenuPopover }, "a popover is not docked")
        roster.press(.down, .down, .down, .enter)
        #expect(try roster.monster("Cat-Bot")?.nameColor == .blue)
        #expect(roster.editingLabel == nil)
        try roster.edit("Colour")
        roster.press(.up, .escape)
        #expect(try roster.monster("Cat-Bot")?.nameColor == .blue, "Esc changes nothing")
    }

    @Test("typing in the description's box (across the pane, below the picture) keeps the fields below it in place")
    func descriptionKeepsItsRows() throws {
        let roster = try RosterScreenHarness()
        try roster.edit("Description")
        _ = roster.screen
        let colour = roster.interface.screen.colorField
        let before = colour.frame
        roster.type(" woof")
        _ = roster.screen
        #expect(colour.frame == before)
        roster.press(.escape)
    }

    @Test("picker cells show no cursor and take no typed or pasted text; a paste there is told")
    func pickersAreLabels() throws {
        let roster = try RosterScreenHarness()
        for label in ["Colour", "Weapon", "Height", "Origin", "Activated"] {
            try roster.edit(label)
            #expect(roster.cursor == nil, "\(label) shows no cursor")
            let before = roster.details.field(label)?.value
            roster.paste("5ft11")
            #expect(roster.details.field(label)?.value == before, "\(label) takes no paste")
            #expect(roster.footer.message?.hasPrefix("a paste goes only into text being typed") == true, "\(roster.footer.message ?? "")")
            roster.press(.escape)
            roster.press(.escape)
        }
        #expect(try roster.monster("Cat-Bot") != nil)
    }

    @Test("Prev and Next move along the fields in order, round from the last to the first, keeping each panel's value")
    func prevNext() throws {
        let roster = try RosterScreenHarness()
        try roster.edit("Name")
        var visited: [String] = []
        for _ in 0..<8 {
            visited.append(roster.editingLabel ?? "?")
            roster.press(.tab)
        }
        #expect(visited == ["Name", "Description", "Colour", "Weapon", "Height", "Origin", "Activated", "Picture"])
        #expect(roster.editingLabel == "Name", "Next on the last field wraps to the first")
        roster.press(.backTab)
        #expect(roster.editingLabel == "Picture", "Prev on the first wraps to the last")
        // The accessory bar answers clicks as well as keys.
        let bar = try #require(roster.docked.first { $0 is AccessoryBar } as? AccessoryBar)
        _ = roster.screen
        roster.click(Point(x: bar.buttonFrames.previous.x + 1, y: bar.buttonFrames.previous.y))
        #expect(roster.editingLabel == "Activated")
        _ = roster.screen
        roster.click(Point(x: bar.buttonFrames.done.x + 1, y: bar.buttonFrames.done.y))
        #expect(roster.editingLabel == nil)
        #expect(roster.focusedLabel == "Activated", "Done leaves the focus on the field")
    }

    @Test("a summons the Activated field's own editor from the list, and Done gives the focus back")
    func summoned() throws {
        let roster = try RosterScreenHarness()
        roster.press(.down)
        #expect(roster.window.firstResponder === roster.interface.screen.list)
        roster.press(.character("a"))
        #expect(roster.docked.contains { $0 is DateTimePicker })
        #expect(roster.editingLabel == "Activated", "the field's own editor, not a second one")
        #expect(roster.fieldLabel("Activated") == "► Activated")
        // The field it edits stays in sight above the picker.
        _ = roster.screen
        let field = roster.interface.screen.activatedField
        let picker = try #require(roster.docked.first { $0 is DateTimePicker })
        let bar = try #require(roster.docked.first { $0 is AccessoryBar })
        let barText = roster.rows(in: bar.frame).joined(separator: " ")
        #expect(barText.contains("◄ Prev") && barText.contains("Next ►"), "\(barText)")
        #expect(field.isDrawn && field.frame.maxY <= min(picker.frame.y, bar.frame.y), "\(field.frame) under \(bar.frame)")
        roster.press(.enter)
        #expect(roster.docked.isEmpty)
        #expect(roster.window.firstResponder === roster.interface.screen.list)
    }

    @Test("n adds a monster: its name is entered first, Esc before Done discards it, Done adds it")
    func addMonster() throws {
        let roster = try RosterScreenHarness()
        roster.press(.character("n"))
        #expect(roster.editingLabel == "Name")
        #expect(roster.cursor != nil)
        #expect(roster.list.lines.last == "new monster", "the list shows the row being added: \(roster.list.lines)")
        roster.type("Bat").press(.escape)
        #expect(try SQLiteRosterStore.open(path: roster.path).count() == 6)
        #expect(roster.interface.controller.draft == nil)
        roster.press(.character("n")).type("Bat-Bot").press(.enter)
        #expect(try roster.monster("Bat-Bot")?.weapon.type == .sword)
        #expect(roster.listTitle == "Monsters · 7")
        #expect(roster.list.lines.last == "Bat-Bot")
        #expect(roster.details.field("Name")?.value == "Bat-Bot")
    }

    @Test("x removes the selected monster after a yes in the footer; no keeps it")
    func remove() throws {
        let roster = try RosterScreenHarness()
        roster.press(.down, .character("x"))
        #expect(roster.overlay?.shows("Remove Dog-Bot?") == true)
        roster.press(.character("n"))
        #expect(try roster.monster("Dog-Bot") != nil)
        roster.press(.delete, .character("y"))
        #expect(try roster.monster("Dog-Bot") == nil)
        #expect(roster.listTitle == "Monsters · 5")
        #expect(!roster.list.lines.contains("Dog-Bot"))
    }

    @Test("letters typed into a text field never reach the one-letter commands")
    func commandsWaitWhileEditing() throws {
        let roster = try RosterScreenHarness()
        try roster.edit("Description")
        roster.type("xnyq?a")
        #expect(try SQLiteRosterStore.open(path: roster.path).count() == 6)
        #expect(roster.interface.quitStatus == nil)
        #expect(roster.editingLabel == "Description")
        roster.press(.enter)
        #expect(try roster.monster("Cat-Bot")?.description == "MEE-OWxnyq?a")
    }
}

@Suite("The new fields through their pickers")
struct NewFieldPickerTests {
    @Test("height turns on two wheels; Done saves it, Esc puts the old one back")
    func height() throws {
        let roster = try RosterScreenHarness()
        try roster.edit("Height")
        #expect(roster.docked.contains { $0 is WheelPicker })
        roster.press(.down, .down, .right, .down)          // 2 ft 4 in → 4 ft 5 in
        #expect(roster.details.field("Height")?.value == "4 ft 5 in")
        roster.press(.enter)
        #expect(try roster.monster("Cat-Bot")?.height == Height(feet: 4, inches: 5))
        try roster.edit("Height")
        roster.press(.up, .escape)
        #expect(try roster.monster("Cat-Bot")?.height == Height(feet: 4, inches: 5))
        #expect(roster.details.field("Height")?.value == "4 ft 5 in")
    }

    @Test("a monster without a height opens on — and passing through with Next saves nothing")
    func unknownHeight() throws {
        let roster = try RosterScreenHarness { store in
            _ = try store.edit("Cat-Bot", MonsterChanges(height: .some(nil), origin: .some(nil), activated: .some(nil)))
        }
        try roster.edit("Height")
        let wheels = try #require(roster.docked.first { $0 is WheelPicker } as? WheelPicker)
        #expect(wheels.selection[0] == 0, "the feet wheel shows — for unknown")
        roster.press(.tab, .tab, .tab)                    // Origin, Activated, then round to Name
        roster.press(.escape)
        let monster = try #require(try roster.monster("Cat-Bot"))
        #expect(monster.height == nil && monster.origin == nil && monster.activated == nil)
        try roster.edit("Height")
        roster.type("5").press(.right, .down, .enter)     // 5 ft, then 1 in
        #expect(try roster.monster("Cat-Bot")?.height == Height(feet: 5, inches: 1))
    }

    @Test("origin jumps by typing and saves on Done; the first entry clears it")
    func origin() throws {
        let roster = try RosterScreenHarness()
        try roster.edit("Origin")
        roster.type("fra").press(.enter)
        #expect(try roster.monster("Cat-Bot")?.origin == "FR")
        #expect(roster.details.field("Origin")?.value.contains("France (FR)") == true)
        try roster.edit("Origin")
        roster.press(.home, .enter)
        #expect(try roster.monster("Cat-Bot")?.origin == nil)
    }

    @Test("activation: Now turns the wheels to the current time, to the minute, and Done saves it")
    func activationNow() throws {
        let roster = try RosterScreenHarness()
        try roster.edit("Activated")
        let before = Timestamp.now.secondsSince1970
        let opened = try roster.monster("Cat-Bot")?.activated
        roster.press(.character("n"))
        #expect(try roster.monster("Cat-Bot")?.activated == opened, "a letter alone saves nothing")
        #expect(roster.editingLabel == "Activated")
        roster.press(.enter)
        let saved = try #require(try roster.monster("Cat-Bot")?.activated)
        #expect(saved.utcFields.second == 0)
        #expect(saved.secondsSince1970 <= Timestamp.now.secondsSince1970, "never in the future")
        #expect(before - saved.secondsSince1970 < 60, "now, to the minute, not rounded down to the wheel's step")
        #expect(roster.editingLabel == nil)
    }

    @Test("activation: the wheels step five minutes at a time and Done saves the local time as UTC")
    func activationWheels() throws {
        let roster = try RosterScreenHarness()
        try roster.edit("Activated")
        let picker = try #require(roster.docked.first { $0 is DateTimePicker } as? DateTimePicker)
        let start = picker.value
        for _ in 0..<4 { roster.press(.right) }     // to the minutes
        roster.press(.down)
        #expect(picker.value == start.adding(minutes: 5))
        roster.press(.enter)
        let saved = try #require(try roster.monster("Cat-Bot")?.activated)
        #expect(ActivatedField.calendarValue(saved) == start.adding(minutes: 5))
    }

    @Test("the activation picker opened on 09:32 and confirmed changes nothing, and says nothing was written")
    func activationOpenedAndConfirmed() throws {
        let moment = try #require(ActivatedField.timestamp(CalendarDateTime(year: 2019, month: 3, day: 14, hour: 9, minute: 32)))
        let roster = try RosterScreenHarness { store in
            _ = try store.edit("Cat-Bot", MonsterChanges(activated: .some(moment)))
        }
        let changes = try roster.store.historyCount()
        try roster.edit("Activated")
        roster.press(.enter)
        #expect(roster.editingLabel == nil)
        #expect(try roster.monster("Cat-Bot")?.activated == moment)
        #expect(try roster.store.historyCount() == changes, "nothing was written")
        #expect(roster.details.field("Activated")?.value == moment.localDisplay)
    }

    @Test("a value chosen on a wheel is kept when Next moves on")
    func nextKeeps() throws {
        let roster = try RosterScreenHarness()
        try roster.edit("Height")
        roster.press(.up)
        roster.press(.tab)
        #expect(roster.editingLabel == "Origin")
        #expect(try roster.monster("Cat-Bot")?.height == Height(feet: 1, inches: 4))
    }
}

@Suite("Making a value unknown from the interface")
struct ClearingTests {
    @Test("Backspace or Delete in the height, origin or activation picker makes the value unknown", arguments: ["Height", "Origin", "Activated"])
    func clear(_ label: String) throws {
        let roster = try RosterScreenHarness()
        try roster.edit(label)
        roster.press(.delete)
        #expect(roster.editingLabel == nil)
        let monster = try #require(try roster.monster("Cat-Bot"))
        switch label {
        case "Height": #expect(monster.height == nil)
        case "Origin": #expect(monster.origin == nil)
        default: #expect(monster.activated == nil)
        }
    }
}

@Suite("Descriptions of several lines")
struct DescriptionLinesTests {
    @Test("a newline in a description breaks the line on screen instead of showing as \\n")
    func newlines() throws {
        let roster = try RosterScreenHarness { store in
            _ = try store.edit("Cat-Bot", MonsterChanges(description: "first line\nsecond line"))
        }
        _ = roster.screen
        let field = try #require(roster.interface.screen.details.fields.first { $0.label == "Description" })
        let rows = roster.rows(in: field.frame.inset(left: DetailField.labelWidth + 1)).filter { !$0.isEmpty }
        #expect(rows == ["first line", "second line"])
    }
}
