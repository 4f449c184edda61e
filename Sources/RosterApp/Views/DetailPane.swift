import RosterCore
import TerminalKit

/// The selected monster's details: its picture and its fields. One field
/// at a time has the focus (marked with `▸`); Enter on a field edits it
/// through the field's own input view, with the accessory bar above it:
/// ◄ Prev and Next ► keep the value and move along the fields (round from
/// the last to the first), Done keeps it and ends editing.
///
/// A field's editor may be summoned from elsewhere (`w`, `a`, a click):
/// it is the same editor, and when editing ends, with a choice or
/// without, the window gives the focus back to whoever had it before the
/// first field's editor came up (the list, or this pane on that field).
final class DetailPane: View {
    private let controller: RosterSessionController
    let fields: [DetailField]
    private(set) var focusedIndex = 0
    /// Esc: give the focus back to the list.
    var onLeave: (() -> Void)?
    /// Whether the list is a drawer over the details (a narrow window):
    /// Esc opens it, unless there are marks for Esc to clear first, and a
    /// new monster's form discarded leaves the focus here.
    var listIsDrawer = false
    private var pictureArea = Rect.zero
    /// The field that shows the monster's name. While it is in sight the
    /// pane's title says "Details" rather than the name again; scrolled
    /// out of sight (a small pane editing a field below), the title names
    /// the monster, as a phone's navigation bar takes up the large title
    /// scrolled away. Moving the selection then does not write the name
    /// twice: with kitty pictures the title was a tenth of a move's bytes.
    private let nameField: DetailField?

    init(controller: RosterSessionController, fields: [DetailField], nameField: DetailField? = nil) {
        self.controller = controller
        self.fields = fields
        self.nameField = nameField
        super.init()
        for field in fields {
            addSubview(field)
            field.pane = self
        }
    }

    override var canBecomeFirstResponder: Bool { true }
    override var keyBindingsTitle: String { "Details" }

    /// The bar docked above every field's input view.
    private(set) lazy var accessoryBar = AccessoryBar { [weak self] bar in
        bar.onPrevious = { self?.moveEditing(by: -1) }
        bar.onNext = { self?.moveEditing(by: 1) }
        bar.onDone = { self?.finishEditing() }
    }

    /// The field being edited, if any.
    var editingField: DetailField? {
        fields.first { $0.isFirstResponder }
    }

    /// Keeps the edited value and ends editing; a refused value stays open.
    func finishEditing() {
        guard let field = editingField, field.commitEditing() else { return }
        endEditing(field)
    }

    /// Puts the old value back and ends editing. A new monster that was
    /// never given a name is discarded.
    func cancelEditing() {
        guard let field = editingField else { return }
        // A new monster's name lives only in its editor until it is added.
        let typedName = field === nameField ? field.typedText : nil
        field.tellEscaped()
        field.cancelEditing()
        if controller.discardDraft() {
            controller.tellDraftDiscarded(typedName: typedName)
            window?.makeFirstResponder(self)
            // Back where `n` was pressed: the list, or the monster drawer
            // of a narrow screen (`onEditingEnded` opens it again).
            if listIsDrawer { onEditingEnded?() } else { onLeave?() }
            return
        }
        endEditing(field)
    }

    /// Told when editing ends with a choice, Done or Esc, after the focus
    /// went back to where it was in the window: the screen may take it one
    /// step further (the monster drawer an editor was summoned from).
    var onEditingEnded: (() -> Void)?

    /// The focus goes back where it was before editing began.
    private func endEditing(_ field: DetailField) {
        if !field.resignFirstResponder() { becomeFirstResponder() }
        onEditingEnded?()
    }

    /// Drops whatever was being edited without saving: the monster being
    /// edited changed under the panel. The caller says where focus goes.
    func endEditingWithoutSaving() {
        for field in fields { field.cancelEditing() }
        controller.discardDraft()
    }

    /// Keeps the edited value and edits the previous or next field.
    func moveEditing(by step: Int) {
        guard let field = editingField, let index = fields.firstIndex(where: { $0 === field }) else { return }
        guard field.commitEditing() else { return }
        let next = ((index + step) % fields.count + fields.count) % fields.count
        focusedIndex = next
        accessoryBar.title = fields[next].label
        fields[next].beginEditing()
    }

    /// Whether the pane or one of its fields has the keyboard.
    var hasFocus: Bool {
        isFirstResponder || fields.contains { $0.isFirstResponder }
    }

    var focusedField: DetailField? {
        fields.indices.contains(focusedIndex) ? fields[focusedIndex] : nil
    }

    func focus(_ index: Int) {
        focusedIndex = max(0, min(fields.count - 1, index))
        becomeFirstResponder()
    }

    /// Focuses a field and starts editing it at once (a click, `w`).
    func edit(_ field: DetailField) {
        guard let index = fields.firstIndex(where: { $0 === field }) else { return }
        if let editing = editingField, editing !== field, !editing.commitEditing() { return }
        focusedIndex = index
        accessoryBar.title = field.label
        field.beginEditing()
    }

    /// The pane's keys, declared once. While a field is being edited its
    /// panel and the accessory bar have the keys (moving between fields is
    /// Prev and Next), so these are hidden then.
    static let keys = KeyTable<DetailPane>([
        .init([.up, .character("k")], "↑↓", "field", when: { .when($0.editingField == nil) },
              perform: { pane, _ in pane.focusedIndex = max(0, pane.focusedIndex - 1) }),
        .init([.down, .character("j")], "↑↓", "field", footer: false, when: { .when($0.editingField == nil) },
              perform: { pane, _ in pane.focusedIndex = min(pane.fields.count - 1, pane.focusedIndex + 1) }),
        .init(.enter, "Enter", "edit", brief: "edit", helpNow: { $0.focusedField?.editVerb ?? "edit" }, when: { pane in
            guard pane.editingField == nil, let field = pane.focusedField else { return .hidden }
            return field.isEditable ? .available : .unavailable(pane.controller.whyNoMonster)
        }, run: { pane in
            if let field = pane.focusedField { pane.edit(field) }
        }),
        // As `git commit` and `gh` open a message: the focused text in the person's editor.
        // The first of the commands a short footer keeps (before `w` and `h`
        // at 60 columns); at 40, Enter, the way back (`m`) and help come first.
        .init(.control("e"), "Ctrl-E", "open in your editor", brief: "editor", role: .command, footerPriority: 2, when: { pane in
            .when(pane.editingField == nil && pane.focusedField.map { $0.isEditable && $0.editsExternally } == true)
        }, run: { $0.focusedField?.editExternally() }),
        .init(.escape, "Esc", "back to list", brief: "list",
              when: { .when($0.editingField == nil && !$0.listIsDrawer) }, run: { $0.onLeave?() }),
        // Where the list is a drawer, `m` offers it in the footer; Esc opens it too.
        .init(.escape, "Esc", "open the list", footer: false,
              when: { .when($0.editingField == nil && $0.listIsDrawer && !$0.controller.hasAnyMarks) }, run: { $0.onLeave?() }),
    ])

    override var keyBindings: [KeyBinding] { Self.keys.bindings(for: self) }

    override func layout() {
        let inner = frame.inset(top: 1, left: 2, bottom: 1, right: 2)
        // The picture at the top left when there is room; the fields beside
        // it, then below it across the whole pane, as text flows round a
        // picture in a magazine.
        pictureArea = controller.selected.map { Self.pictureFrame(in: inner, art: artSize(of: $0)) } ?? .zero
        let beside = inner.inset(left: pictureArea.isEmpty ? 0 : pictureArea.width + 2)
        let besideUntil = pictureArea.isEmpty ? inner.y : pictureArea.maxY + 1
        // Below the picture the fields keep the column of the fields beside
        // it, so that every label and value lines up, unless one of them
        // needs more room than that column has (the activation's date and
        // zone at 80 columns): then they all take the pane's width, so
        // that the rows below the picture still line up with each other.
        func fitsBeside(_ field: DetailField) -> Bool { beside.width - DetailField.labelWidth - 1 >= field.minimumValueWidth }
        var below = beside
        // A long text edited in a box as wide as the pane goes below the picture, across it.
        func area(at top: Int, for field: DetailField) -> Rect {
            field.editsAcrossPane ? inner : top < besideUntil ? beside : below
        }
        // A field's rows: those it keeps, and up to `grow` more of those
        // that show it whole (a long description).
        func rows(of field: DetailField, width: Int, grow: Int) -> Int {
            let kept = field.preferredHeight(forWidth: width)
            return grow > 0 ? min(field.wholeHeight(forWidth: width), kept + grow) : kept
        }
        // A blank row between fields when they all fit with one.
        func stack(gap: Int, grow: Int = 0) -> (tops: [Int], heights: [Int]) {
            var tops: [Int] = [], heights: [Int] = []
            var y = inner.y
            for field in fields {
                var height = rows(of: field, width: area(at: y, for: field).width, grow: grow)
                // A field that would reach past the picture's side, or needs
                // more room than there is beside it, goes below it, whole.
                if y < besideUntil, y + height > besideUntil || !fitsBeside(field) || field.editsAcrossPane {
                    y = besideUntil
                    height = rows(of: field, width: area(at: y, for: field).width, grow: grow)
                }
                tops.append(y)
                heights.append(height)
                y += height + gap
            }
            return (tops, heights)
        }
        func fits(_ stacked: (tops: [Int], heights: [Int])) -> Bool {
            guard let last = stacked.tops.indices.last else { return true }
            return stacked.tops[last] + stacked.heights[last] <= inner.maxY
        }
        // A long text gets every row the pane has left, with a blank row
        // between fields unless dropping them shows more of it; it is cut
        // (with …) only when the pane truly has no more rows.
        func stackFitting() -> (tops: [Int], heights: [Int]) {
            let growable = fields.map { field in
                max(field.wholeHeight(forWidth: inner.width), field.wholeHeight(forWidth: beside.width))
                    - min(field.preferredHeight(forWidth: inner.width), field.preferredHeight(forWidth: beside.width))
            }.max() ?? 0
            var best: (tops: [Int], heights: [Int])?, bestGrow = -1
            for gap in [1, 0] {
                let kept = stack(gap: gap)
                guard fits(kept), let last = kept.tops.indices.last else { continue }
                var grow = min(growable, inner.maxY - kept.tops[last] - kept.heights[last])
                var grown = stack(gap: gap, grow: grow)
                while grow > 0, !fits(grown) {
                    grow -= 1
                    grown = stack(gap: gap, grow: grow)
                }
                if grow > bestGrow { (best, bestGrow) = (grown, grow) }
                if grow >= growable { break }
            }
            return best ?? stack(gap: 0)
        }
        var (tops, heights) = stackFitting()
        if zip(fields, tops).contains(where: { field, top in top >= besideUntil && !fitsBeside(field) }) {
            below = inner
            (tops, heights) = stackFitting()
        }
        let fieldsArea = inner
        // Like a form above a phone's keyboard, the pane scrolls so that the
        // field being edited (or focused) stays above a docked panel.
        let shift = scrollShift(tops: tops, heights: heights, area: fieldsArea)
        pictureArea.y -= shift
        fieldsClip = fieldsArea
        for (index, field) in fields.enumerated() {
            let top = tops[index] - shift
            let height = min(heights[index], max(0, fieldsArea.maxY - top))
            let column = area(at: tops[index], for: field)
            field.frame = Rect(x: column.x, y: top, width: column.width, height: height)
            // A field scrolled partly above the pane's top shows its lower
            // part; one scrolled wholly away is clipped out for this frame
            // only (it can still take the focus, which scrolls it back).
            field.isClippedOut = controller.selected == nil || top + height <= fieldsArea.y || height <= 0
        }
    }

    /// Where the framed picture is, for tests.
    var pictureFrameForTesting: Rect { pictureArea }

    /// The fields keep at least this many columns beside the picture: a
    /// label and a short value.
    static let minimumFieldsWidth = DetailField.labelWidth + 1 + 10

    /// The pane's width that keeps the picture at 1× (16 columns and its
    /// frame) beside fields whose values are as wide as the activation's
    /// `2019-03-14 09:30 CEST`: what the list may not take from it.
    static let roomyWidth = 2 + 2 + (16 + 2) + 2 + DetailField.labelWidth + 1 + 21

    /// The framed picture's cells: the art at the largest whole multiple
    /// (pixel art is never shrunk or stretched by a fraction) that leaves
    /// the fields their room and at least half the pane; none when even
    /// 1× does not fit. 16×16 art takes 16 columns and 8 rows per multiple.
    static func pictureFrame(in inner: Rect, art: Size) -> Rect {
        let artRows = (art.height + 1) / 2
        guard art.width > 0, artRows > 0 else { return .zero }
        let byWidth = min((inner.width - 2 - minimumFieldsWidth - 2) / art.width, (inner.width / 2 - 2) / art.width)
        let byHeight = (inner.height - 2) / artRows
        let multiple = min(byWidth, byHeight)
        guard multiple >= 1 else { return .zero }
        return Rect(x: inner.x, y: inner.y, width: art.width * multiple + 2, height: artRows * multiple + 2)
    }

    /// The size of the monster's icon art in half-block pixels (16×16 for
    /// the roster's own pictures).
    private func artSize(of monster: Monster) -> Size {
        guard let image = controller.pictures.library.image(named: monster.iconPicture) else { return Size(width: 16, height: 16) }
        return Size(width: image.width / image.artScale, height: image.height / image.artScale)
    }

    /// The rows the fields scroll within.
    private var fieldsClip: Rect?
    override var subviewClip: Rect? { fieldsClip }

    /// Rows to scroll the fields up by to keep the target field in sight.
    private func scrollShift(tops: [Int], heights: [Int], area: Rect) -> Int {
        let target = editingField ?? (hasFocus ? focusedField : nil)
        guard let target, let index = fields.firstIndex(where: { $0 === target }) else { return 0 }
        let covered = window?.rowsCoveredAtBottom ?? 0
        let bottom = min(area.maxY, (window?.size.height ?? area.maxY) - covered)
        let targetEnd = tops[index] + heights[index]
        guard targetEnd > bottom else { return 0 }
        return max(0, min(targetEnd - bottom, tops[index] - area.y))
    }

    override func draw(in buffer: inout Buffer) {
        buffer.fill(frame)
        let focused = hasFocus
        let monster = controller.selected
        let nameInSight = nameField.map { !$0.isClippedOut } ?? false
        let title: String? = if let monster, monster.name.isEmpty {
            "New monster"
        } else if let monster, !nameInSight {
            monster.name
        } else {
            nil
        }
        buffer.drawBox(frame, style: focused ? Theme.focusedBorder : Theme.border,
                       title: title ?? "Details", titleStyle: title == nil ? Theme.title : Theme.name.bold)
        guard let monster else {
            buffer.write("No monster selected.", at: frame.inset(by: 2).origin, width: frame.width - 4, style: Theme.label)
            return
        }
        // Drawn whole on its own, then shown as far as the pane shows it:
        // a picture scrolled partly out of sight is cut at the pane's edge.
        if !pictureArea.isEmpty, pictureArea.maxY > frame.y + 1 {
            var framed = Buffer(size: pictureArea.size)
            drawIcon(of: monster, in: &framed)
            buffer.draw(framed, at: pictureArea.origin, clip: frame.inset(by: 1))
        }
    }

    /// The monster's icon, framed, filling `buffer`; the stand-in picture
    /// when its icon is missing, and its name in text when pictures cannot
    /// be shown.
    private func drawIcon(of monster: Monster, in buffer: inout Buffer) {
        buffer.drawBox(buffer.bounds, style: Theme.border)
        let inner = buffer.bounds.inset(by: 1)
        if controller.pictures.draw(monster.iconPicture, in: inner, into: &buffer, slot: PictureSlot.icon) == nil {
            buffer.writeCentered(monster.name, in: inner, row: inner.height / 2, style: Theme.name.bold)
        }
    }
}
