import Testing
@testable import TerminalKit

/// Draws a view alone into a buffer of the given size.
func draw(_ view: View, width: Int = 80, height: Int? = nil) -> Buffer {
    let rows = height ?? view.preferredHeight(forWidth: width)
    var buffer = Buffer(size: Size(width: width, height: rows))
    view.frame = buffer.bounds
    view.render(into: &buffer)
    return buffer
}

@Suite("Panels configured by closures")
struct PanelTests {
    @Test("a choice panel picks by digit, by arrows and Enter, and closes on Esc without choosing")
    func choicePanel() throws {
        var chosen: [Int] = []
        var closed = 0
        let panel = ChoicePanel { panel in
            panel.choices = ["Red", "Green", "Blue"].map { ChoicePanel.Choice(title: $0) }
            panel.currentIndex = 1
            panel.onChoose = { chosen.append($0) }
            panel.onCancel = { closed += 1 }
        }
        panel.highlightCurrent()
        let buffer = draw(panel)
        let green = try #require(buffer.find("2 Green"))
        let button = try #require(panel.buttonRects.first { $0.contains(green) })
        #expect(buffer.text(row: button.y).contains("✓"), "the current choice is marked in its button's edge")
        #expect(buffer.find("✕ Close") != nil)
        _ = panel.handle(key: .character("3"))
        #expect(chosen == [2])
        _ = panel.handle(key: .right)
        #expect(panel.highlightedIndex == panel.closeIndex)
        _ = panel.handle(key: .right)            // wraps round to the first
        _ = panel.handle(key: .enter)
        #expect(chosen == [2, 0])
        _ = panel.handle(key: .escape)
        #expect(closed == 1)
    }

    @Test("one wheel picker type serves a list with type-ahead and two linked columns")
    func wheelPickerTwoWays() {
        var origins: [Int] = []
        let countries = ["Chile", "France", "Germany", "Ghana", "Japan"]
        let origin = WheelPicker { picker in
            picker.title = "Origin"
            picker.columns = [.init(values: countries, selected: 0)]
            picker.onChange = { _, row in origins.append(row) }
        }
        _ = origin.handle(key: .character("g"))
        #expect(origin.selection == [2])
        _ = origin.handle(key: .character("h"))
        #expect(origin.selection == [3], "typing continues the match: Gh → Ghana")
        _ = origin.handle(key: .up)
        #expect(origin.selection == [2])
        #expect(origins == [2, 3, 2])
        #expect(draw(origin).find("Germany") != nil)
        for (typed, row) in [("curac", 1), ("cot", 2), ("turki", 4)] {
            let accented = WheelPicker { picker in
                picker.columns = [.init(values: ["Cuba", "Curaçao", "Côte d'Ivoire", "Turkmenistan", "Türkiye"], selected: 0)]
            }
            for character in typed { _ = accented.handle(key: .character(character)) }
            #expect(accented.selection == [row], "\(typed): accents do not matter when typing")
        }

        var done = false
        let height = WheelPicker { picker in
            picker.title = "Height"
            picker.columns = [.init(title: "Feet", values: (0...30).map { "\($0) ft" }, selected: 5),
                              .init(title: "Inches", values: (0...11).map { "\($0) in" }, selected: 11)]
            picker.onDone = { done = true }
        }
        _ = height.handle(key: .up)
        _ = height.handle(key: .right)
        _ = height.handle(key: .down)
        #expect(height.selection == [4, 11], "stays at the last inch")
        _ = height.handle(key: .home)
        #expect(height.selection == [4, 0])
        _ = height.handle(key: .enter)
        #expect(done)
        let buffer = draw(height)
        #expect(buffer.find("Feet") != nil && buffer.find("Inches") != nil)
        #expect(buffer.find("4 ft") != nil)
    }

    @Test("a click picks the value under it; the mouse wheel turns the wheel")
    func wheelPickerMouse() {
        let picker = WheelPicker { $0.columns = [.init(values: (0..<20).map(String.init), selected: 10)] }
        _ = draw(picker)
        let wheel = picker.wheelFrames[0]
        _ = picker.handle(mouse: MouseEvent(.press(button: 0), at: Point(x: wheel.x + 1, y: wheel.y)))
        #expect(picker.selection == [8])
        _ = picker.handle(mouse: MouseEvent(.scrollDown, at: Point(x: wheel.x + 1, y: wheel.y + 2)))
        #expect(picker.selection == [9])
    }

    @Test("the date picker keeps the minute it was given, steps minutes by its interval and keeps days within the month")
    func datePicker() {
        var done: CalendarDateTime?
        let picker = DateTimePicker { picker in
            picker.minuteInterval = 5
            picker.onDone = { done = $0 }
        }
        picker.setValue(CalendarDateTime(year: 2024, month: 1, day: 31, hour: 14, minute: 3))
        #expect(picker.value == CalendarDateTime(year: 2024, month: 1, day: 31, hour: 14, minute: 3))
        _ = picker.handle(key: .right)           // month
        _ = picker.handle(key: .down)            // February
        #expect(picker.value.month == 2 && picker.value.day == 29, "2024 is a leap year")
        _ = picker.handle(key: .right)
        _ = picker.handle(key: .right)
        _ = picker.handle(key: .right)           // minutes
        _ = picker.handle(key: .down)
        #expect(picker.value.minute == 5, "from 14:03 the next step is 14:05")
        _ = picker.handle(key: .enter)
        #expect(done == CalendarDateTime(year: 2024, month: 2, day: 29, hour: 14, minute: 5))
        let buffer = draw(picker)
        #expect(buffer.find("Minute") != nil && buffer.find("Now") != nil && buffer.find("Done") != nil)
    }

    @Test("Now turns the wheels to the current time, to the minute, whatever the wheel's step; Done keeps it")
    func now() {
        var done: CalendarDateTime?
        let picker = DateTimePicker { picker in
            picker.now = { CalendarDateTime(year: 2026, month: 12, day: 31, hour: 23, minute: 58) }
            picker.onDone = { done = $0 }
        }
        _ = picker.handle(key: .character("n"))
        #expect(done == nil, "a letter never finishes the picker by itself")
        #expect(picker.value == CalendarDateTime(year: 2026, month: 12, day: 31, hour: 23, minute: 58))
        _ = picker.handle(key: .enter)
        #expect(done == CalendarDateTime(year: 2026, month: 12, day: 31, hour: 23, minute: 58))
    }

    @Test("a value between the steps is shown as it is, Done gives it back unchanged, and turning the wheel leaves it for the steps")
    func betweenSteps() {
        var done: CalendarDateTime?
        let picker = DateTimePicker { $0.onDone = { done = $0 } }
        let opened = CalendarDateTime(year: 2026, month: 3, day: 14, hour: 9, minute: 32)
        picker.setValue(opened)
        _ = picker.handle(key: .enter)
        #expect(done == opened, "opened and confirmed, nothing changes")
        for _ in 0..<4 { _ = picker.handle(key: .right) }
        _ = picker.handle(key: .down)
        #expect(picker.value.minute == 35, "the next step after 09:32 is 09:35")
        _ = picker.handle(key: .up)
        _ = picker.handle(key: .up)
        #expect(picker.value.minute == 30)
    }

    @Test("date and time modes show only their wheels")
    func modes() {
        let date = DateTimePicker { $0.mode = .date }
        #expect(draw(date).find("Hour") == nil)
        let time = DateTimePicker { $0.mode = .time }
        #expect(draw(time).find("Year") == nil)
        #expect(draw(time).find("Hour") != nil)
    }

    @Test("a menu popover moves, chooses and cancels")
    func menu() {
        var chosen: Int?
        var cancelled = false
        let menu = MenuPopover { menu in
            menu.items = [.init("Default"), .init("Red", style: Style(foreground: .red))]
            menu.onChoose = { chosen = $0 }
            menu.onCancel = { cancelled = true }
        }
        let buffer = draw(menu, width: menu.preferredWidth)
        let red = buffer.find("Red")
        #expect(red != nil)
        #expect(buffer[red!.x, red!.y].style.foreground == .red)
        _ = menu.handle(key: .down)
        _ = menu.handle(key: .enter)
        #expect(chosen == 1)
        _ = menu.handle(key: .escape)
        #expect(cancelled)
    }

    @Test("the accessory bar's buttons and Tab keys call its closures")
    func accessory() {
        var calls: [String] = []
        let bar = AccessoryBar { bar in
            bar.title = "Origin"
            bar.onPrevious = { calls.append("previous") }
            bar.onNext = { calls.append("next") }
            bar.onDone = { calls.append("done") }
        }
        let buffer = draw(bar)
        #expect(buffer.find("◄ Prev") != nil && buffer.find("Next ►") != nil && buffer.find("Origin") != nil)
        _ = bar.handle(key: .tab)
        _ = bar.handle(key: .backTab)
        let done = bar.buttonFrames.done
        _ = bar.handle(mouse: MouseEvent(.press(button: 0), at: Point(x: done.x + 1, y: done.y)))
        #expect(calls == ["next", "previous", "done"])
    }
}

@Suite("Text field editing")
struct TextFieldModelTests {
    func edited(_ text: String, _ keys: [KeyEvent]) -> TextFieldModel {
        var model = TextFieldModel(text)
        for key in keys { _ = model.handle(key) }
        return model
    }

    @Test("readline keys move and delete")
    func keys() {
        #expect(edited("hello world", [.control("w")]).text == "hello ")
        #expect(edited("hello world", [.control("a"), .control("k")]).text == "")
        #expect(edited("hello world", [.left, .left, .control("u")]).text == "ld")
        #expect(edited("abc", [.home, .delete]).text == "bc")
        #expect(edited("abc", [.backspace, .character("x")]).text == "abx")
        #expect(edited("abc", [.control("a"), .character("_")]).text == "_abc")
        #expect(edited("abc", [.home, .end, .backspace]).text == "ab")
    }

    @Test("pasted text loses its line breaks and controls")
    func paste() {
        var model = TextFieldModel("a")
        model.insert("b\nc\u{1B}[31m\td")
        #expect(model.text == "ab c[31m d")
    }

    @Test("the limit caps typing and pasting")
    func limit() {
        var model = TextFieldModel("abc", limit: 5)
        model.insert("defgh")
        #expect(model.text == "abcde")
    }

    @Test("a long text scrolls so that the cursor stays in view")
    func scrolling() {
        let model = TextFieldModel(String(repeating: "x", count: 30))
        let shown = model.visible(width: 10)
        #expect(DisplayWidth.of(shown.text) <= 10)
        #expect(shown.cursorColumn == 9)
    }
}

@Suite("The footer of keys")
struct KeyHintBarTests {
    @Test("when the keys do not fit, they are kept by role: what acts, the way back, help and quit; the others give way from the end")
    func fitting() {
        let others = ["one", "two", "three", "four"].map { KeyBinding(.character("x"), "k", $0) {} }
        let bindings = [KeyBinding(.enter, "Enter", "act") {}] + others + [KeyBinding(.escape, "Esc", "back") {},
                        KeyBinding(.character("?"), "?", "help") {}, KeyBinding(.character("q"), "q", "quit") {}]
        #expect(KeyHintBar.fitting(bindings, width: 200).map(\.1) == ["act", "one", "two", "three", "four", "back", "help", "quit"])
        let narrow = KeyHintBar.fitting(bindings, width: 44).map(\.1)
        #expect(narrow == ["act", "one", "back", "help", "quit"], "\(narrow)")
        // Narrower still: quit, then help give way before the way back and what acts.
        #expect(KeyHintBar.fitting(bindings, width: 20).map(\.1) == ["act", "back"])
        // A declared role outranks what the keys say.
        let chosen = [KeyBinding([.character("1")], "1–5", "choose", role: .choose) { _ in }] + others
        #expect(KeyHintBar.fitting(chosen, width: 20).map(\.1) == ["choose", "one"])
    }

    @Test("with room the footer says each key's help in full; short of room, its brief words first")
    func briefWords() {
        let bindings = [KeyBinding(.enter, "Enter", "choose weapon", brief: "edit") {},
                        KeyBinding(.escape, "Esc", "back to list", brief: "list") {},
                        KeyBinding(.character("?"), "?", "help") {}, KeyBinding(.character("q"), "q", "quit") {}]
        #expect(KeyHintBar.fitting(bindings, width: 60).map(\.1) == ["choose weapon", "back to list", "help", "quit"])
        #expect(KeyHintBar.fitting(bindings, width: 40).map(\.1) == ["edit", "list", "help", "quit"])
    }

    @Test("short of room, the lowest footer priority goes first, then the outermost")
    func priorities() {
        let bindings = [KeyBinding(.tab, "Tab", "field") {}.footerPriority(-1),
                        KeyBinding(.character("a"), "a", "activated") {}.footerPriority(1),
                        KeyBinding(.character("n"), "n", "new") {},
                        KeyBinding(.character("x"), "x", "remove") {},
                        KeyBinding(.character("?"), "?", "help") {}, KeyBinding(.character("q"), "q", "quit") {}]
        #expect(KeyHintBar.fitting(bindings, width: 44).map(\.1) == ["activated", "new", "remove", "help", "quit"])
        #expect(KeyHintBar.fitting(bindings, width: 34).map(\.1) == ["activated", "new", "help", "quit"])
        #expect(KeyHintBar.fitting(bindings, width: 27).map(\.1) == ["activated", "help", "quit"])
    }
}

@Suite("Text field cursor over characters shown as escapes")
struct TextFieldEscapeTests {
    @Test("the cursor column counts a control character as its visible escape")
    func escapes() {
        var model = TextFieldModel("a\u{1B}b")
        #expect(model.visible(width: 40).cursorColumn == 1 + 2 + 1, "a, \\e, b")
        _ = model.handle(.left)
        #expect(model.visible(width: 40).cursorColumn == 3)
        _ = model.handle(.left)
        #expect(model.visible(width: 40).cursorColumn == 1, "moving left over the ESC moves two columns")
    }
}
