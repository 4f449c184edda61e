/// A one-row bar listing the keys that work right now, read from the
/// window's active key tables: `↑↓ move  Enter choose  ? help  q quit`.
/// A message too long for one row (a refusal and its reason) wraps over
/// as many rows as it needs, up to `maximumMessageRows`, so that it is
/// read whole, not cut.
public final class KeyHintBar: View {
    public static let maximumMessageRows = 8

    /// The default colours: a grey is unreadable on some terminals' default background.
    public var style = Style()
    public var keyStyle = Style().bold
    /// Text shown instead of the hints (a confirmation question, an error).
    public var message: (text: String, style: Style)?
    /// Kept in sight, whole, at the end of the message however narrow
    /// the bar (` · u undo`: the key that follows the message up).
    public var messageEnding: String?

    /// The message as it is drawn over `width` columns and at most `rows`
    /// rows: wrapped between words after a one-column margin, its ending
    /// after it. The ending is an offer (` · U redo`, the way on past a
    /// refusal) and never splits: it goes on the message's last row when
    /// it fits there, else on a row of its own. Only a message longer than
    /// the rows is cut, keeping its beginning (what happened, and why),
    /// with `…` and the ending on the last row.
    public func messageLines(width: Int, rows: Int = maximumMessageRows) -> [String] {
        guard let message else { return [] }
        let columns = max(1, width - 1)
        let limit = max(1, rows)
        // One line past the rows is enough to know the message is cut.
        let text = TextWrapping.lines(message.text, width: columns, limit: limit + 1)
        let ending = messageEnding ?? ""
        var lines = text
        if !ending.isEmpty {
            if let last = lines.last, DisplayWidth.of(last) + DisplayWidth.of(ending) <= columns {
                lines[lines.count - 1] = last + ending
            } else {
                lines.append(String(ending.drop { $0 == " " }))
            }
        }
        guard lines.count > limit else { return lines }
        var cut = Array(text.prefix(limit))
        let room = max(0, columns - DisplayWidth.of(ending))
        cut[limit - 1] = DisplayWidth.truncate(cut[limit - 1] + " …", to: room) + ending
        return cut
    }

    /// Rows the bar needs at `width`: one for the keys, or as many as the
    /// message takes, up to `maximumMessageRows`.
    public func rowsNeeded(forWidth width: Int) -> Int {
        min(Self.maximumMessageRows, max(1, messageLines(width: width).count))
    }

    public override func draw(in buffer: inout Buffer) {
        buffer.fill(frame, style: style)
        if let message {
            for (row, line) in messageLines(width: frame.width, rows: frame.height).enumerated() {
                buffer.write(" " + line, at: Point(x: frame.x, y: frame.y + row), width: frame.width, style: message.style)
            }
            return
        }
        var x = frame.x + 1
        for (binding, words) in Self.fitting(window?.footerBindings ?? [], width: frame.width - 1) {
            x = buffer.write(binding.label, at: Point(x: x, y: frame.y), style: keyStyle)
            x = buffer.write(" " + words, at: Point(x: x, y: frame.y), style: style)
            x += 2
        }
    }

    /// The bindings that fit in `width` columns, each with the words shown
    /// for it: their help when everything fits that way, else their brief
    /// words. They are kept by role (`KeyBinding.Role`): what acts in this
    /// state, choosing, the way back, help and quit stay longest; within a
    /// role the lowest `footerPriority` goes first and, among equals, the
    /// outermost (the innermost come first and matter most). Room a long
    /// one left is then given back, highest ranked first, to shorter ones
    /// that went before it and fit (`u undo` where `h history` did not).
    /// The order shown stays the order given.
    static func fitting(_ bindings: [KeyBinding], width: Int) -> [(KeyBinding, String)] {
        typealias Entry = (index: Int, binding: KeyBinding, words: String)
        func columns(_ entries: [Entry]) -> Int {
            entries.reduce(0) { $0 + DisplayWidth.of($1.binding.label) + 1 + DisplayWidth.of($1.words) + 2 } - 2
        }
        let full: [Entry] = bindings.enumerated().map { ($0.offset, $0.element, $0.element.help) }
        if columns(full) <= width { return full.map { ($0.binding, $0.words) } }
        var kept: [Entry] = bindings.enumerated().map { ($0.offset, $0.element, $0.element.brief) }
        var gone: [Entry] = []
        while columns(kept) > width, !kept.isEmpty {
            let rank = { (index: Int) in (kept[index].binding.keptRole.rawValue, kept[index].binding.footerPriority) }
            let lowest = kept.indices.map(rank).min { $0 < $1 } ?? (0, 0)
            let victim = kept.indices.last { rank($0) == lowest } ?? kept.count - 1
            gone.append(kept.remove(at: victim))
        }
        for entry in gone.reversed() where columns(kept + [entry]) <= width {
            kept.append(entry)
            kept.sort { $0.index < $1.index }
        }
        return kept.map { ($0.binding, $0.words) }
    }
}
