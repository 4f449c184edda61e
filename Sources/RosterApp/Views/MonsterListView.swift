import TextSafety
import RosterCore
import TerminalKit

/// The list of monsters: a glyph and a name in its colour per row, the
/// selected row highlighted, a filter field on top while filtering, and
/// a row of headings over the name and the columns shown, the sort's
/// column marked ▲ or ▼.
/// Only the rows on screen are read from the store, before each frame
/// (`prepareFrame`): drawing reads nothing, and a read that fails reaches
/// the status line.
final class MonsterListView: View {
    private let controller: RosterSessionController
    let filterField: FilterField
    /// Shown as an overlay in a narrow terminal: Enter and Esc close it.
    let isOverlay: Bool
    /// Enter on a monster: show its details.
    var onOpen: (() -> Void)?
    private var scrollOffset = 0
    private var rowsArea = Rect.zero
    /// The headings' row, over the rows; empty while there are no rows to head.
    private(set) var headingArea = Rect.zero
    /// The rows on screen, read before the frame.
    private var shownRows: [Monster] = []

    init(controller: RosterSessionController, isOverlay: Bool = false) {
        self.controller = controller
        self.isOverlay = isOverlay
        self.filterField = FilterField(controller: controller)
        super.init()
        addSubview(filterField)
    }

    override var canBecomeFirstResponder: Bool { true }
    override var keyBindingsTitle: String { "Monster list" }

    /// Where keys go on from the drawer, which has no superview: the
    /// screen's commands (`w`, `n`, `u`, `x`…), as from the docked list.
    weak var onward: Responder?
    override var nextResponder: Responder? { isOverlay ? onward : super.nextResponder }

    var pageSize: Int { max(1, rowsArea.height - 1) }

    /// The list's keys, declared once. The drawer (`isOverlay`) closes
    /// with Esc, Enter or `m`; the docked list opens the details with
    /// Enter, which on an empty list says why it cannot.
    static let keys = KeyTable<MonsterListView>([
        .init([.up, .character("k")], "↑↓", "move", perform: { list, _ in list.controller.moveSelection(by: -1) }),
        .init([.down, .character("j")], "↑↓", "move", footer: false, perform: { list, _ in list.controller.moveSelection(by: 1) }),
        .init([.pageUp, .control("b")], "PgUp/PgDn", "page", footer: false,
              perform: { list, _ in list.controller.moveSelection(by: -list.pageSize) }),
        .init([.pageDown, .control("f")], "PgUp/PgDn", "page", footer: false,
              perform: { list, _ in list.controller.moveSelection(by: list.pageSize) }),
        .init([.home, .character("g")], "Home/End", "first/last", footer: false, perform: { list, _ in list.controller.select(0) }),
        .init([.end, .character("G")], "Home/End", "first/last", footer: false,
              perform: { list, _ in list.controller.select(list.controller.list.count - 1) }),
        // With marks, and in the narrow drawer, it gives way to the keys that act on monsters.
        .init(.character("/"), "/", "filter", role: .command, footerPriority: 1,
              roleNow: { $0.controller.hasMarks || $0.isOverlay ? .other : .command }, run: { $0.openFilter() }),
        // The drawer is the list: Esc clears the filter, then the marks,
        // and only then closes it.
        .init(.escape, "Esc", "clear filter", when: { .when($0.controller.list.isFiltering) },
              run: { $0.filterField.clear() }),
        // Labelled Esc, the way back from every overlay; Enter and m close it too.
        // While Esc clears the filter or the marks first, the footer names
        // only that: one Esc entry, saying what Esc does now.
        .init([.escape, .enter, .character("m")], "Esc", "close list", brief: "close",
              when: { .when($0.isOverlay && !$0.escClearsFirst) },
              perform: { list, _ in list.window?.dismiss(list) }),
        .init([.enter, .character("m")], "Enter", "close list", footer: false,
              when: { .when($0.isOverlay && $0.escClearsFirst) },
              perform: { list, _ in list.window?.dismiss(list) }),
        // Here, not further on: the window closes an overlay that lets Esc by.
        .init(.escape, "Esc", "clear the marks", brief: "clear marks", footerPriority: 2,
              when: { .when($0.isOverlay && $0.controller.hasAnyMarks) }, run: { $0.controller.clearMarks() }),
        // An empty list has nothing to open: Enter is not offered, and says why.
        .init(.enter, "Enter", "open the details", brief: "open", when: { list in
            guard !list.isOverlay else { return .hidden }
            return list.controller.list.count > 0 ? .available : .unavailable(list.controller.whyNoMonster)
        }, run: { $0.onOpen?() }),
    ])

    override var keyBindings: [KeyBinding] { Self.keys.bindings(for: self) }

    /// Whether Esc clears something (the filter, then the marks) before it closes the drawer.
    private var escClearsFirst: Bool { controller.list.isFiltering || controller.hasAnyMarks }

    // MARK: Filter

    func openFilter() {
        filterField.becomeFirstResponder()
    }

    // MARK: Layout and drawing

    /// The filter line shows while it is typed or applied.
    private var filterShown: Bool { filterField.isFirstResponder || controller.list.isFilterInForce }

    /// The headings show over rows, not over a sentence that says there are none.
    private var headingShown: Bool { controller.list.count > 0 && !controller.list.isWaitingForIndex }

    /// Scrolls to the selection and reads the rows a frame of this height
    /// shows. Called before drawing, never while.
    func prepareFrame(frameHeight: Int) {
        let rows = max(0, frameHeight - 2 - (filterShown ? 1 : 0) - (headingShown ? 1 : 0))
        keepSelectionVisible(height: max(1, rows))
        shownRows = controller.monsters(in: scrollOffset..<(scrollOffset + rows))
    }

    override func layout() {
        let inner = frame.inset(by: 1)
        // Shown or not as the state says, decided again every frame.
        filterField.isClippedOut = !filterShown
        // One column in from the border, like the names below it.
        filterField.frame = filterShown ? inner.row(0).inset(left: 1, right: 1) : .zero
        let belowFilter = filterShown ? inner.inset(top: 1) : inner
        headingArea = headingShown ? belowFilter.row(0) : .zero
        rowsArea = headingShown ? belowFilter.inset(top: 1) : belowFilter
    }

    override func draw(in buffer: inout Buffer) {
        let focused = isFirstResponder || filterField.isFirstResponder || isOverlay
        buffer.fill(frame)
        let list = controller.list
        let title = Self.title(count: list.count, filtered: list.isFilterInForce, order: list.order,
                               marks: controller.marked.count, hiddenMarks: controller.markCounts.hidden, width: frame.width - 6)
        buffer.drawBox(frame, style: focused ? Theme.focusedBorder : Theme.border, title: title,
                       titleStyle: focused ? Theme.focusedTitle : Theme.title)
        if list.isWaitingForIndex {
            buffer.write("indexing names…", at: rowsArea.origin, width: rowsArea.width, style: Theme.label)
            return
        }
        if list.count == 0 {
            let words = list.filterInForce.split(separator: " ").count
            let message = !list.isFilterInForce ? "the roster is empty"
                : list.isExpression ? "no monsters match \(Quote.code(list.filterInForce))"
                : words > 1 ? "no names hold every word of \(Quote.code(list.filterInForce))" : "no names contain \(Quote.code(list.filterInForce))"
            // A sentence, as every message the roster shows is one, wrapped
            // in the pane: a narrow list would cut the filter it names.
            let lines = TextWrapping.lines(Sentence.completed(message), width: rowsArea.width - 2, limit: rowsArea.height)
            for (row, line) in lines.enumerated() {
                buffer.write(line, at: Point(x: rowsArea.x + 1, y: rowsArea.y + row), width: rowsArea.width - 2, style: Theme.label)
            }
            return
        }
        let columns = columnsFitting(controller.listColumns, listWidth: frame.width)
        let nameWidth = ListColumn.nameWidth(width: frame.width - 3, showing: columns)
        drawHeadings(columns, nameWidth: nameWidth, in: &buffer)
        for (row, monster) in shownRows.prefix(rowsArea.height).enumerated() {
            let position = scrollOffset + row
            let y = rowsArea.y + row
            let line = Rect(x: rowsArea.x, y: y, width: rowsArea.width, height: 1)
            var x = buffer.write(" \(monster.weapon.type.glyph) ", at: line.origin, style: Theme.label)
            if controller.marked[monster.id] == monster.name {
                x = buffer.write("✓ ", at: Point(x: x, y: y), style: Style(foreground: Theme.accent).bold)
            }
            let nameEnd = columns.isEmpty ? line.maxX : line.x + 3 + nameWidth
            buffer.write(monster.name, at: Point(x: x, y: y), width: nameEnd - x, style: Theme.name)
            x = nameEnd
            for column in columns {
                buffer.write(column.value(of: monster), at: Point(x: x + 2, y: y), width: column.width, style: Theme.label)
                x += 2 + column.width
            }
            if position == controller.selection && controller.selectedOnRoster != nil {
                // One even bar when the list has the keys; underlined otherwise.
                buffer.restyle(line) { style in
                    focused ? Style(attributes: .reverse) : style.underlined
                }
            }
            // The name's colour as a tab at the row's left edge, where it
            // takes no room from the name.
            if let swatch = Theme.swatch(monster.nameColor) { buffer.set(Cell("▌", style: swatch), at: line.origin) }
        }
        if controller.draft != nil, rowsArea.height > 0 {
            // The monster being added, not yet on the roster, as the last row.
            let line = rowsArea.row(min(rowsArea.height - 1, max(0, list.count - scrollOffset)))
            buffer.fill(line)
            buffer.write(" + new monster", at: line.origin, width: line.width)
            buffer.restyle(line) { _ in Style(attributes: .reverse) }
        }
        drawPosition(in: &buffer)
    }

    /// "Name ▲  Weapon  Height": each heading where its column's values
    /// start, cut as they are; the sort's column keeps its ▲ or ▼ when its
    /// words are cut.
    private func drawHeadings(_ columns: [ListColumn], nameWidth: Int, in buffer: inout Buffer) {
        guard headingArea.height > 0 else { return }
        let order = controller.list.order
        let y = headingArea.y
        func heading(_ words: String, sorting field: QueryField, at x: Int, width: Int) {
            guard let order, order.field == field, width > 2 else {
                buffer.write(words, at: Point(x: x, y: y), width: width, style: Self.headingStyle)
                return
            }
            let end = buffer.write(words, at: Point(x: x, y: y), width: width - 2, style: Self.headingStyle)
            buffer.write(" \(order.directionMark)", at: Point(x: end, y: y), style: Self.headingStyle)
        }
        let nameEnd = columns.isEmpty ? headingArea.maxX : headingArea.x + 3 + nameWidth
        heading("Name", sorting: .name, at: headingArea.x + 3, width: nameEnd - headingArea.x - 3)
        var x = nameEnd
        for column in columns {
            heading(column.heading, sorting: column.sortField, at: x + 2, width: column.width)
            x += 2 + column.width
        }
    }

    /// Headings in the list's own colours, set apart by weight.
    private static let headingStyle = Theme.label.bold

    /// The columns of `columns` that fit a list `listWidth` wide, whatever names it shows.
    func columnsFitting(_ columns: [ListColumn], listWidth: Int) -> [ListColumn] {
        // Inside the border, a cell before the right one.
        ListColumn.fitting(columns, width: listWidth - 3)
    }

    /// `12 of 1,000,000` in the bottom border.
    private func drawPosition(in buffer: inout Buffer) {
        let count = controller.list.count
        guard count > 0, frame.width > 12 else { return }
        let text = " \(Self.grouped(controller.selection + 1))/\(Self.grouped(count)) "
        let width = DisplayWidth.of(text)
        guard width < frame.width - 2 else { return }
        buffer.write(text, at: Point(x: frame.maxX - 1 - width, y: frame.maxY - 1), style: Theme.label)
    }

    /// "Monsters · 6 found · sorted by height, tallest first · 3 marked,
    /// 1 hidden", in the longest form that fits `width` columns. Its facts
    /// by priority: the marks, the marks the filter hides, the order, then
    /// the count (the bottom border shows it too). Words shorten first,
    /// the least important fact's first ("3✓", "height ▼", "6"); only when
    /// the shortest words do not fit are facts dropped, least important first.
    static func title(count: Int, filtered: Bool, order: MonsterSortKey?, marks: Int, hiddenMarks: Int = 0, width: Int) -> String {
        // Each fact's forms, longest first, in priority order; none: not said.
        var facts: [[String]] = [
            marks == 0 ? [] : ["\(grouped(marks)) marked", "\(grouped(marks))✓"],
            marks == 0 || hiddenMarks == 0 ? [] : ["\(grouped(hiddenMarks)) hidden"],
            order.map { ["sorted \($0.shownOrder)", String($0.shownOrder.dropFirst(3)), $0.shownBriefly] } ?? [],
            filtered ? ["Monsters · \(grouped(count)) found", "\(grouped(count)) found", grouped(count)]
                : ["Monsters · \(grouped(count))", grouped(count)],
        ]
        func composed() -> String {
            let (marked, hidden, sorted, counted) = (facts[0].first, facts[1].first, facts[2].first, facts[3].first)
            let marksPart = [marked, hidden].compactMap { $0 }.joined(separator: ", ")
            return [counted, sorted, marksPart.isEmpty ? nil : marksPart].compactMap { $0 }.joined(separator: " · ")
        }
        for fact in facts.indices.reversed() {
            while DisplayWidth.of(composed()) > width, facts[fact].count > 1 { facts[fact].removeFirst() }
        }
        for fact in facts.indices.reversed() where DisplayWidth.of(composed()) > width { facts[fact] = [] }
        return composed()
    }

    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }

    /// Scrolls the list when the selection leaves it. Stepping just past
    /// an edge scrolls by half a page, as Emacs recentres: every row of
    /// the list changes when it scrolls, so scrolling a row at a time would
    /// cost a repaint of the whole list on every step through a long roster.
    private func keepSelectionVisible(height: Int) {
        let selection = controller.selection
        let jump = height >= 6 ? height / 2 : 1
        if selection < scrollOffset {
            scrollOffset = selection == scrollOffset - 1 ? selection - jump + 1 : selection
        } else if selection >= scrollOffset + height {
            scrollOffset = selection == scrollOffset + height ? selection - height + jump : selection - height + 1
        }
        scrollOffset = max(0, min(scrollOffset, max(0, controller.list.count - height)))
    }

    // MARK: Mouse

    override func handle(mouse event: MouseEvent) -> Bool {
        switch event.kind {
        case .press(button: 0):
            if rowsArea.contains(event.position) {
                let position = scrollOffset + event.position.y - rowsArea.y
                if position < controller.list.count {
                    controller.select(position)
                    // A click with Ctrl, Alt or Shift (where the terminal
                    // reports it: most keep Shift-click for selecting text)
                    // marks the monster clicked, as Space does, in place.
                    if !event.modifiers.isEmpty { controller.toggleMark(movingOn: false) }
                }
            }
            if !isOverlay, !filterField.isFirstResponder { becomeFirstResponder() }
            return true
        case .scrollUp:
            controller.moveSelection(by: -3)
            return true
        case .scrollDown:
            controller.moveSelection(by: 3)
            return true
        default:
            return true
        }
    }
}
