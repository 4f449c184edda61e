import RosterCore
import TerminalKit

/// `h`: the roster's recent changes, newest first, one a row: its
/// number, when, what it did to which monsters (in the history's own
/// words), and who made it (the database user on a shared roster, else
/// the surface). It scrolls as the list does. Narrower than its longest
/// row, a row is cut with "…", so the overlay then keeps its last rows
/// for the highlighted change whole, wrapped, under a rule: as the
/// details under the roster show the highlighted monster.
///
/// Enter goes back to the highlighted change: every change after it
/// that is still in force is taken back, whoever made it, newest first,
/// after asking (`GoingBack`; the store refuses as `undo` refuses). `u` takes
/// back the highlighted change alone, as before. The overlay only shows
/// and asks; the controller does the work and the footer tells it.
final class HistoryOverlay: View {
    let entries: [HistoryEntry]
    private(set) var highlighted = 0
    private var scrollOffset = 0
    /// Enter: go back to this change.
    var onGoBack: ((HistoryEntry) -> Void)?
    /// u: undo this change alone.
    var onUndoOne: ((HistoryEntry) -> Void)?
    var onClose: (() -> Void)?

    /// Each change's words, by its number, as the interface tells them
    /// (pictures by name); an entry missing here is told in its own line.
    let lines: [Int64: String]

    init(entries: [HistoryEntry], lines: [Int64: String] = [:]) {
        self.entries = entries
        self.lines = lines
        super.init()
    }

    override var canBecomeFirstResponder: Bool { true }
    override var keyBindingsTitle: String { "History" }

    static let keys = KeyTable<HistoryOverlay>([
        .init([.up, .character("k")], "↑↓", "move", perform: { overlay, _ in overlay.move(by: -1) }),
        .init([.down, .character("j")], "↑↓", "move", footer: false, perform: { overlay, _ in overlay.move(by: 1) }),
        // Paging and the ends, as in the list.
        .init([.pageUp, .control("b")], "PgUp/PgDn", "page", footer: false, perform: { overlay, _ in overlay.move(by: -overlay.pageSize) }),
        .init([.pageDown, .control("f")], "PgUp/PgDn", "page", footer: false, perform: { overlay, _ in overlay.move(by: overlay.pageSize) }),
        .init([.home, .character("g")], "Home/End", "newest/oldest", footer: false, perform: { overlay, _ in overlay.move(by: -overlay.entries.count) }),
        .init([.end, .character("G")], "Home/End", "newest/oldest", footer: false, perform: { overlay, _ in overlay.move(by: overlay.entries.count) }),
        .init(.enter, "Enter", "back to this change", brief: "back to here", run: { overlay in
            overlay.onGoBack?(overlay.entries[overlay.highlighted])
        }),
        .init(.character("u"), "u", "undo only this change", brief: "undo this", run: { overlay in
            overlay.onUndoOne?(overlay.entries[overlay.highlighted])
        }),
        .init(.escape, "Esc", "close", run: { $0.onClose?() }),
    ])

    override var keyBindings: [KeyBinding] { Self.keys.bindings(for: self) }

    private var pageSize: Int { listRows }

    /// How many changes show at the overlay's height: all but the border,
    /// the row of the place (`3/40`) and the highlighted change's lines.
    private var listRows: Int { max(1, frame.height - 3 - detailShown) }

    /// The highlighted change's lines at the overlay's size: the list
    /// keeps half its rows (or as many as it has changes, if fewer), the
    /// change takes what is left.
    private var detailShown: Int {
        let listKeeps = min(entries.count, max(1, (frame.height - 3) / 2))
        return min(detailLines(width: frame.width), max(0, frame.height - 3 - listKeeps))
    }

    /// The most lines the highlighted change is wrapped into: a long
    /// description, old and new, fits whole; an import's summary may not.
    static let detailLimit = 12

    /// Lines kept for the highlighted change whole at an overlay `width`
    /// wide: none when every row fits; else as many as the longest wraps
    /// into, so that the list does not jump as the highlight moves.
    private func detailLines(width: Int) -> Int {
        // Asked several times a frame, of entries that never change: worked
        // out once a width, however long the changes' words.
        if let known = detailLinesKnown, known.width == width { return known.lines }
        let lines = detailLinesWorkedOut(width: width)
        detailLinesKnown = (width, lines)
        return lines
    }

    private var detailLinesKnown: (width: Int, lines: Int)?

    private func detailLinesWorkedOut(width: Int) -> Int {
        let numberWidth = numberWidth
        // Each row is written after a space, inside the border.
        guard entries.contains(where: { DisplayWidth.of(Self.row($0, told: lines[$0.id], numberWidth: numberWidth)) + 1 > width - 2 })
        else { return 0 }
        return entries.map { TextWrapping.lines(Self.row($0, told: lines[$0.id]), width: width - 4, limit: Self.detailLimit).count }.max() ?? 0
    }

    /// Highlights the change numbered `id`, if listed (the one a refused
    /// undo offers to take back alone).
    func highlight(_ id: Int64?) {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
        highlighted = index
        // Before its first frame the overlay has no rows to scroll by: the
        // drawing scrolls the highlighted row into sight then.
        guard frame.height > 3 else { return }
        scrollOffset = Self.scrolled(offset: scrollOffset, highlighted: highlighted, rows: listRows)
    }

    private func move(by step: Int) {
        highlighted = max(0, min(entries.count - 1, highlighted + step))
        scrollOffset = Self.scrolled(offset: scrollOffset, highlighted: highlighted, rows: listRows)
    }

    /// One row: `#12  set-weapon Cat-Bot: Sword → Fire  · 2026-12-06 11:05 UTC · alice`:
    /// what first, as a narrow screen cuts from the right. The numbers are
    /// right-aligned to `numberWidth` (the widest listed), so that `#9`
    /// and `#10` start their changes in the same column.
    static func row(_ entry: HistoryEntry, told: String? = nil, numberWidth: Int = 0) -> String {
        let number = "#\(entry.id)"
        let padding = String(repeating: " ", count: max(0, numberWidth - number.count))
        return padding + number + "  " + what(entry, told: told) + "  " + trailer(entry)
    }

    /// The highlighted change whole, in at most `limit` lines `width`
    /// wide: the row wrapped; when it does not fit, what it did is cut
    /// with "…" and when and who keep the last line, so that a summary of
    /// any length never hides them.
    static func detail(_ entry: HistoryEntry, told: String?, width: Int, limit: Int) -> [String] {
        let whole = TextWrapping.lines(row(entry, told: told), width: width, limit: limit)
        guard limit > 1, whole.last?.hasSuffix("…") == true else { return whole }
        let whenAndWho = TextWrapping.lines(trailer(entry), width: width, limit: 1)
        return TextWrapping.lines("#\(entry.id)  " + what(entry, told: told), width: width, limit: limit - whenAndWho.count) + whenAndWho
    }

    /// What a change did: `set-weapon Cat-Bot: Sword → Fire`, `(undone)` after one undone.
    private static func what(_ entry: HistoryEntry, told: String?) -> String {
        (told ?? entry.line) + (entry.isUndone ? " (undone)" : "")
    }

    /// When and who: `· 2026-12-06 11:05 UTC · alice`.
    private static func trailer(_ entry: HistoryEntry) -> String {
        "· \(entry.at.localDisplay) · " + (entry.author ?? entry.surface.rawValue)
    }

    override var preferredWidth: Int {
        max(60, (entries.prefix(50).map { DisplayWidth.of(Self.row($0, told: lines[$0.id], numberWidth: numberWidth)) }.max() ?? 0) + 4)
    }

    /// The widest `#N` listed: the rows' numbers are padded to it.
    private var numberWidth: Int {
        entries.map { "#\($0.id)".count }.max() ?? 0
    }

    override func preferredHeight(forWidth width: Int) -> Int { entries.count + 3 + detailLines(width: width) }

    override func draw(in buffer: inout Buffer) {
        buffer.fill(frame)
        buffer.drawBox(frame, style: Style(foreground: Theme.current.overlayFrame), title: "History · newest first", titleStyle: Style().bold)
        let inner = frame.inset(by: 1)
        let detail = detailShown
        let rows = listRows
        // Drawing only reads: the scroll is worked out, not stored.
        let top = Self.scrolled(offset: scrollOffset, highlighted: highlighted, rows: rows)
        let numberWidth = numberWidth
        for (index, entry) in entries.enumerated().dropFirst(top).prefix(rows) {
            let row = inner.row(index - top)
            let style = entry.isUndone || !entry.isOriginalChange ? Theme.label : Style()
            buffer.write(" " + Self.row(entry, told: lines[entry.id], numberWidth: numberWidth), at: row.origin, width: row.width, style: style)
            if index == highlighted { buffer.restyle(row) { $0.reversed.bold } }
        }
        let hint = entries.count > rows ? "\(highlighted + 1)/\(entries.count)" : ""
        let hintRow = inner.maxY - 1 - detail
        if detail > 0, entries.indices.contains(highlighted) {
            buffer.write("├" + String(repeating: "─", count: inner.width) + "┤", at: Point(x: frame.x, y: hintRow),
                         style: Style(foreground: Theme.current.overlayFrame))
            let entry = entries[highlighted]
            for (index, line) in Self.detail(entry, told: lines[entry.id], width: inner.width - 2, limit: detail).enumerated() {
                _ = buffer.write(line, at: Point(x: inner.x + 1, y: hintRow + 1 + index), width: inner.width - 2)
            }
        }
        let hintText = hint.isEmpty || detail == 0 ? hint : " \(hint) "
        buffer.write(hintText, at: Point(x: inner.maxX - DisplayWidth.of(hintText) - 1, y: hintRow), style: Theme.label)
    }

    /// The first row shown so that the highlighted one is in sight.
    static func scrolled(offset: Int, highlighted: Int, rows: Int) -> Int {
        if highlighted < offset { return highlighted }
        if highlighted >= offset + rows { return highlighted - rows + 1 }
        return offset
    }

    override func handle(mouse event: MouseEvent) -> Bool {
        guard case .press(button: 0) = event.kind else { return true }
        let row = event.position.y - frame.y - 1
        guard row < listRows else { return true }
        let index = scrollOffset + row
        if entries.indices.contains(index) { highlighted = index }
        return true
    }
}
