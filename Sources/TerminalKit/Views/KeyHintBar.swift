/// A one-row bar listing the keys that work right now, read from the
/// window's active key tables: `↑↓ move  Enter choose  ? help  q quit`.
/// A message too long for one row (a refusal and its reason) takes up to
/// `maximumMessageRows`, so that its end is read, not cut.
public final class KeyHintBar: View {
    public static let maximumMessageRows = 3

    /// The default colours: a grey is unreadable on some terminals' default background.
    public var style = Style()
    public var keyStyle = Style().bold
    /// Text shown instead of the hints (a confirmation question, an error).
    public var message: (text: String, style: Style)?
    /// Kept in sight at the end of the message however narrow the bar
    /// (` · u undo`: the key that follows the message up); the message is
    /// cut to make room for it.
    public var messageEnding: String?

    /// The message as it is drawn over `width` columns: wrapped after a
    /// one-column margin into at most `maximumMessageRows`, its ending
    /// after it on the last row. The ending is an offer (` · U redo`, the
    /// way on past a refusal) and never splits across rows: when it does
    /// not fit after the message's last words, or the message goes on past
    /// the last row, those words give way, cut with `…`. A message too
    /// long for the rows keeps its beginning (what happened, and why) in
    /// sight rather than shrinking to one row.
    public func messageLines(width: Int) -> [String] {
        guard let message else { return [] }
        let columns = max(1, width - 1)
        var lines = TextWrapping.lines(message.text, width: columns)
        let ending = messageEnding ?? ""
        let goesOn = lines.count > Self.maximumMessageRows
        if goesOn { lines = Array(lines.prefix(Self.maximumMessageRows)) }
        guard !ending.isEmpty || goesOn else { return lines }
        let last = lines.popLast() ?? ""
        let room = max(0, columns - DisplayWidth.of(ending))
        let shown = goesOn ? DisplayWidth.truncate(last + " …", to: room)
            : DisplayWidth.of(last) <= room ? last : DisplayWidth.truncate(last, to: room)
        lines.append(shown + ending)
        return lines
    }

    /// Rows the bar needs at `width`: one for the keys, or as many as the
    /// message takes, up to `maximumMessageRows`.
    public func rowsNeeded(forWidth width: Int) -> Int {
        min(Self.maximumMessageRows, max(1, messageLines(width: width).count))
    }

    public override func draw(in buffer: inout Buffer) {
        buffer.fill(frame, style: style)
        if let message, frame.height > 1 {
            let lines = messageLines(width: frame.width)
            if lines.count <= frame.height {
                for (row, line) in lines.enumerated() {
                    buffer.write(" " + line, at: Point(x: frame.x, y: frame.y + row), width: frame.width, style: message.style)
                }
                return
            }
        }
        if let message {
            let ending = messageEnding ?? ""
            let room = frame.width - DisplayWidth.of(ending)
            let end = buffer.write(DisplayWidth.truncate(" " + message.text, to: room), at: frame.origin,
                                   width: room, style: message.style)
            buffer.write(ending, at: Point(x: end, y: frame.y), width: frame.maxX - end, style: message.style)
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
