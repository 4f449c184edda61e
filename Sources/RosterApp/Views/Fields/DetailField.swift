import RosterCore
import TerminalKit

/// One field of the detail pane: a label and a value, marked when focused
/// and highlighted while being edited.
///
/// Editing a field is being its window's first responder: the field's
/// input view (a panel, a wheel, a popover) comes up with the pane's
/// accessory bar above it. `commitEditing` keeps the value (Done, Prev,
/// Next) and may refuse it; `cancelEditing` restores the old one (Esc).
class DetailField: View {
    let label: String
    weak var pane: DetailPane?
    let controller: RosterSessionController
    /// The sentence shown beside the field when its value was refused.
    var problem: String?
    /// The monster as the editor found it: a save is refused, not written
    /// over, when another program changed the field since (compare-and-set).
    var original: Monster?
    /// The newest history entry the interface had seen when the editor
    /// found `original`: a clash names who changed the monster after it.
    var foundHistoryID: Int64 = 0
    /// After such a refusal, the other program's value and who saved it:
    /// a save then says it replaced them ("saved over Smoke from another program").
    var replacing: (value: String, who: String)?
    /// After such a refusal, the person's own value: the field shows the
    /// newer one, Enter saves this, Esc keeps the newer one, and choosing
    /// another value drops it.
    var ownChanges: MonsterChanges?

    init(label: String, controller: RosterSessionController) {
        self.label = label
        self.controller = controller
        super.init()
    }

    /// Whether the field can be edited at all.
    var isEditable: Bool { controller.selected != nil }
    /// How a sentence names the field: `the name colour`, `the activation`.
    var spokenName: String { label.lowercased() }
    /// What Enter does, for the footer: `choose weapon`, `edit name`.
    var editVerb: String { "edit \(label.lowercased())" }

    override var canBecomeFirstResponder: Bool { isEditable }
    override var inputAccessoryView: View? { pane?.accessoryBar }
    override var keyBindingsTitle: String { label }

    func beginEditing() {
        guard isEditable else { return }
        problem = nil
        original = controller.selectedOnRoster
        foundHistoryID = controller.seenHistoryID
        ownChanges = nil
        marks = honoursMarks && controller.hasMarks ? controller.markedInSight() : []
        actsOnMarks = !marks.isEmpty
        marksWhenOpened = Set(marks.map(\.id))
        marksFoundAs = MarksFoundAs(monsters: Dictionary(marks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }),
                                    historyID: controller.seenHistoryID)
        replacing = nil
        if honoursMarks { controller.tellHiddenMarks() }
        becomeFirstResponder()
    }

    /// The marked monsters in the list the editor acts on: it starts from
    /// their value and gives it to them all. Those of the list as the
    /// editor opened, followed while it is open (`followMarks`).
    var marks: [Monster] = []
    /// Whether the editor opened on marks: it acts on the marked monsters
    /// in the list even after every one of them has left it (a choice is
    /// then refused), never on the selected monster instead.
    private(set) var actsOnMarks = false
    /// The marked monsters in the list as the editor opened: the title
    /// says how the set changed since.
    private var marksWhenOpened: Set<Int64> = []
    /// Each marked monster as the editor found it (as it opened, as it
    /// came into the list, or as a refused choice found it): a choice is
    /// refused when another program changed the field since, as a single
    /// monster's is (compare-and-set), and saves over theirs when made again.
    var marksFoundAs = MarksFoundAs()

    /// After another program's change, which may take marked monsters
    /// out of the list (a filter they no longer match, or removed) or
    /// bring hidden ones into it: the editor acts on the marked monsters
    /// in the list now, as a choice will, and its title says so.
    func followMarks() {
        guard actsOnMarks else { return }
        marks = controller.markedInSight()
        for monster in marks where marksFoundAs.monsters[monster.id] == nil { marksFoundAs.monsters[monster.id] = monster }
        showTitle()
    }

    /// Puts the editor's title on its panel (whom it acts on, with marks).
    func showTitle() {}
    /// Whether the editor acts on the marked monsters (a name is one monster's).
    var honoursMarks: Bool { marksField != nil }

    /// The value the editor starts from: the selected monster's, or the
    /// first marked monster's, `shared` false when the marked monsters'
    /// values differ (a panel then ticks none).
    func startingValue<Value: Equatable>(_ read: (Monster) -> Value) -> (value: Value?, shared: Bool) {
        guard actsOnMarks else { return (controller.selected.map(read), true) }
        // Every marked monster has left the list: nothing to start from.
        guard let first = marks.first else { return (nil, false) }
        let value = read(first)
        return (value, marks.allSatisfy { read($0) == value })
    }

    /// The editor's title while it acts on marks: "Weapon for 3 marked
    /// monsters", "…, which differ" when their values do, "; 1 dropped out"
    /// (its mark dropped, or its row gone or hidden) when the set changed
    /// while it was open; nil without marks.
    func marksTitle(_ what: String, shared: Bool) -> String? {
        guard actsOnMarks else { return nil }
        let whom = marks.isEmpty ? "no marked monster" : RosterSessionController.monsters(marks.count, "marked monster", "marked monsters")
        let now = Set(marks.map(\.id))
        let left = marksWhenOpened.subtracting(now).count, came = now.subtracting(marksWhenOpened).count
        let change = [left == 0 ? nil : "\(left) dropped out", came == 0 ? nil : "\(came) came in"].compactMap { $0 }
        let changed = change.isEmpty ? "" : "; " + change.joined(separator: ", ")
        return "\(what) for \(whom)\(shared || marks.count <= 1 ? "" : ", which differ")\(changed)"
    }

    /// Saves `changes` by compare-and-set from `original`, the one way
    /// every field's editor saves; true when the editor may close. The
    /// footer tells what happened (the controller's outcome). When another
    /// program changed the field since the editor opened, nothing is
    /// written: `clashed` shows it, the person's own value is kept in
    /// `ownChanges`, and saving again starts from the newer monster, on purpose.
    func save(_ changes: MonsterChanges, announce: ((_ before: Monster, _ after: Monster) -> String)? = nil) -> Bool {
        if actsOnMarks, let field = marksField {
            // Every marked monster takes the value, as one change; there is
            // no one monster the editor started from to compare with.
            let saved = controller.editMarked(changes, field: field, bare: field === MonsterFields.nameColor,
                                              startingFrom: &marksFoundAs, again: saveAgainHint)
            // Refused: the editor shows the marked monsters as they are now,
            // and keeps the person's value: the same choice again (Enter on
            // a wheel left where it was) saves it over theirs.
            ownChanges = saved ? nil : changes
            if !saved { followMarks(); modelChanged() }
            return saved
        }
        switch controller.save(changes, startingFrom: original, seen: foundHistoryID, describing: spokenName, again: saveAgainHint, announce: announce) {
        case .saved:
            // After a refusal, what this save replaced is said.
            if let replacing { controller.amendStatus("; saved over \(replacing.value) from \(replacing.who)") }
            fallthrough
        case .unchanged:
            problem = nil
            ownChanges = nil
            replacing = nil
            return true
        case .refused(let sentence):
            problem = sentence
            return false
        case .clashed(let current):
            let who = controller.whoChanged(monsterID: current.id, since: foundHistoryID)
            // The row now holds another name (renamed, or another monster
            // put at its id): that is what the reason beside the field says,
            // and a save over it replaces a value only where theirs differs.
            let found = original
            let renamed = found.map { $0.name != current.name } ?? false
            let theirsDiffers = found.map { clashValue($0) != clashValue(current) } ?? true
            original = current
            foundHistoryID = controller.seenHistoryID
            ownChanges = changes
            replacing = theirsDiffers ? (clashValue(current), who) : nil
            let named = MonsterFields.name.told(current)
            problem = renamed && !theirsDiffers
                ? "\(who) changed the name to \(named); \(RosterSessionController.savingAgain(saveAgainHint, toMonsterNamed: named))"
                : "\(who) saved \(clashValue(current)); \(saveAgainHint)"
            clashed(current: current)
            return false
        case .monsterGone, .savedOutOfFilter:
            // The details have let go of the monster and its editor.
            problem = nil
            return false
        }
    }

    /// Done on a picker as it opened saves nothing, and the footer says
    /// the value stays, so the keypress is not met with silence: "Cat-Bot's
    /// height stays 2 ft 4 in" (`shown` tells the value), or with marks
    /// "the 3 marked monsters' heights stay 2 ft 4 in" where they share
    /// it, "… stay as they were" where they differ.
    func tellKept(shown: (Monster) -> String) {
        if actsOnMarks {
            guard let first = marks.first else { return }
            let value = shown(first)
            let shared = marks.allSatisfy { shown($0) == value }
            let sentence = marks.count == 1 ? "the marked monster's \(spokenName) stays \(value)"
                : "the \(MonsterListView.grouped(marks.count)) marked monsters' \(spokenName)s stay \(shared ? value : "as they were")"
            controller.tell(sentence, isError: false)
        } else if let monster = controller.selected {
            controller.tell("\(monster.name)'s \(spokenName) stays \(shown(monster))", isError: false)
        }
    }

    /// Whether the editor shows a value the person chose and has not kept
    /// (a wheel turned): Esc then says the value stays as it was.
    var changedInEditor: Bool { false }

    /// Esc out of an editor, told: after a clash, that theirs was kept
    /// ("kept theirs: Cat-Bot's weapon stays Smoke, as another program
    /// saved it"); after a value turned to, that the monster's stays
    /// ("left Cat-Bot's height as it was"). A new monster's form says its
    /// own sentence as it goes.
    func tellEscaped() {
        guard controller.draft == nil else { return }
        let clashed = ownChanges != nil || replacing != nil
        guard clashed || changedInEditor else { return }
        let stay = clashed ? "stays as it is now" : "as it was"
        if actsOnMarks {
            guard !marks.isEmpty else { return }
            let whose = marks.count == 1 ? "the marked monster's \(spokenName)"
                : "the \(MonsterListView.grouped(marks.count)) marked monsters' \(spokenName)s"
            let sentence = clashed ? "kept theirs: \(whose) \(marks.count == 1 ? stay : "stay as they are now")"
                : "left \(whose) \(marks.count == 1 ? stay : "as they were")"
            controller.tell(sentence, isError: false)
        } else if let monster = controller.selected {
            if !clashed {
                controller.tell("left \(monster.name)'s \(spokenName) \(stay)", isError: false)
            } else if let replacing {
                controller.tell("kept theirs: \(monster.name)'s \(spokenName) stays \(replacing.value), as \(replacing.who) saved it", isError: false)
            } else {
                controller.tell("kept theirs: \(monster.name)'s \(spokenName) \(stay)", isError: false)
            }
        }
    }

    /// How the person saves their value over another program's, in the
    /// clash's sentence.
    var saveAgainHint: String { "Enter saves yours over it, Esc keeps theirs" }

    /// The other program's value, as the field's reminder names it.
    func clashValue(_ current: Monster) -> String {
        monsterField.map { $0.told(current) } ?? "a newer value"
    }

    /// The field of the monster this one edits, for the words of a clash.
    var monsterField: MonsterField? { nil }

    /// The field every marked monster takes when this editor saves with
    /// marks (the colour popover, the wheels); nil for an editor that
    /// acts on the selected monster alone (a name is one monster's).
    var marksField: MonsterField? { nil }

    /// After a save refused as clashing, the editor shows what it should:
    /// a picker the newer value, text the person's own (never saving text
    /// that is not shown).
    func clashed(current: Monster) { modelChanged() }

    /// The text typed into the field while it is edited (a text field's); nil for a picker.
    var typedText: String? { nil }

    /// Whether Ctrl-E opens the value in the person's own editor.
    var editsExternally: Bool { false }

    /// Ctrl-E: the value in the person's editor (a text field's).
    func editExternally() {}

    /// Keeps the value being edited; false (with `problem` set) refuses it.
    func commitEditing() -> Bool { true }

    /// The changes that make the value unknown, while it has one and the
    /// field can be cleared (the wheels, the activation); nil otherwise.
    var clearingChanges: MonsterChanges? { nil }

    /// ⌫ or Delete in a picker: saves `clearingChanges` and closes the
    /// picker. One table for every picker field, declared once; hidden
    /// where there is nothing to clear, so the key goes on to the panel.
    static let clearingKeys = KeyTable<DetailField>([
        .init([.backspace, .delete], "⌫", "clear", when: { .when($0.clearingChanges != nil) },
              perform: { field, _ in field.clear() }),
    ])

    override var keyBindings: [KeyBinding] { Self.clearingKeys.bindings(for: self) }

    private func clear() {
        guard let changes = clearingChanges else { return }
        cancelEditing()
        if save(changes) { pane?.cancelEditing() }
    }

    /// Puts back the value from before editing began.
    func cancelEditing() {
        problem = nil
        ownChanges = nil
        replacing = nil
    }

    /// The monster being edited changed elsewhere (same monster, new
    /// values): show its current value in the panel.
    func modelChanged() {}

    var isFocused: Bool {
        pane?.focusedField === self && (pane?.hasFocus ?? false)
    }

    static let labelWidth = 14

    /// The fewest value columns this field is drawn well in; the pane puts
    /// it below the picture rather than beside it in fewer.
    var minimumValueWidth: Int { 0 }

    override func preferredHeight(forWidth width: Int) -> Int { 1 + problemRows(forWidth: width) }

    /// The rows that show the value whole: more than `preferredHeight` for
    /// a long text, which the pane gives whatever rows it has left.
    func wholeHeight(forWidth width: Int) -> Int { preferredHeight(forWidth: width) }

    /// Whether the field is edited in a box as wide as the pane, under its
    /// label (a long text): the pane then puts it below the picture.
    var editsAcrossPane: Bool { false }

    /// Rows the refusal's reason takes under the value, wrapped.
    func problemRows(forWidth width: Int) -> Int {
        guard let problem else { return 0 }
        return TextWrapping.lines("✗ " + problem, width: max(1, width - Self.labelWidth - 1)).count
    }

    /// Draws the label column and returns the rectangle left for the value.
    func drawLabel(in buffer: inout Buffer) -> Rect {
        // ► rather than ▶, which alacritty draws half over the next cell.
        let marker = isFirstResponder ? "► " : (isFocused ? "▸ " : "  ")
        let style = isFocused || isFirstResponder ? Theme.focusedLabel : Theme.label
        buffer.write(marker + label, at: frame.origin, width: Self.labelWidth, style: style)
        return frame.inset(left: Self.labelWidth + 1)
    }

    /// Marks the value when the field is focused or being edited.
    func markValue(_ rect: Rect, in buffer: inout Buffer) {
        if isFirstResponder {
            buffer.restyle(rect) { _ in Theme.highlight }
        } else if isFocused {
            buffer.restyle(rect) { $0.underlined }
        }
    }

    /// The rows the reason takes as drawn: those it needs, or those the
    /// field has below its first row, when the pane gives it fewer.
    var problemRowsShown: Int { min(problemRows(forWidth: frame.width), max(0, frame.height - 1)) }

    /// The refused value's reason, wrapped on the field's last rows. Where
    /// the pane gives it fewer rows than it needs, its long names are
    /// shortened in the middle (`TextWrapping.fitted`), so that what
    /// happened is still read from its first word, never cut off at the top.
    func drawProblem(in buffer: inout Buffer, valueArea: Rect) {
        guard let problem else { return }
        let lines = TextWrapping.fitted("✗ " + problem, width: max(1, valueArea.width), rows: problemRowsShown)
        let top = frame.maxY - lines.count
        for (row, line) in lines.enumerated() where top + row > frame.y {
            buffer.write(line, at: Point(x: valueArea.x, y: top + row), width: valueArea.width, style: Theme.error)
        }
    }

    /// How a field without a value shows: a dash, never a word someone
    /// could have typed as the value (`none`, `unknown`).
    static let absent = "—"

    /// A one-row value: `text` in `style`, or the dash of absence when there is none.
    /// The value, its first cell restyled as `swatch` when given (the
    /// mark of a colour, drawn in that colour).
    func drawValue(_ text: String?, style: Style = .plain, swatch: Style? = nil, in buffer: inout Buffer) {
        let valueArea = drawLabel(in: &buffer)
        let shown = text ?? Self.absent
        let end = buffer.write(shown, at: valueArea.origin, width: valueArea.width, style: text == nil ? Theme.label : style)
        if let swatch, text != nil, end > valueArea.x { buffer.restyle(Rect(origin: valueArea.origin, size: Size(width: 1, height: 1))) { _ in swatch } }
        markValue(Rect(x: valueArea.x, y: valueArea.y, width: max(1, end - valueArea.x), height: 1), in: &buffer)
        drawProblem(in: &buffer, valueArea: valueArea)
    }

    override func handle(mouse event: MouseEvent) -> Bool {
        guard case .press(button: 0) = event.kind else { return true }
        pane?.edit(self)
        return true
    }
}
