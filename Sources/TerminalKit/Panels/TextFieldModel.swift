import TextSafety
/// The editing state of a text field: its text and cursor, and the keys
/// every terminal user expects (those of readline and emacs). Shown on
/// one scrolling line (`visible`) or wrapped between words in a box of
/// several rows (`wrapped`), where ↑/↓ and Home/End move by the rows
/// drawn (`moveVertically`, `moveToRowEdge`): the box's owner knows its
/// width, so it sends those keys there.
///
/// ←/→, Home/End, Ctrl-A/E move; Backspace/Delete, Ctrl-K (to end),
/// Ctrl-U (to start), Ctrl-W (word before) delete; printable characters
/// insert. Pasted text is inserted with line breaks turned into spaces
/// and other control characters dropped, so a paste cannot smuggle
/// escapes into the value.
public struct TextFieldModel: Hashable, Sendable {
    public private(set) var characters: [Character]
    /// Cursor position, in characters, from 0 to `characters.count`.
    public private(set) var cursor: Int
    /// Longest value allowed, in characters.
    public var limit: Int?
    /// The column moving up and down keeps to, over rows shorter than it;
    /// any other key forgets it.
    private var goalColumn: Int?

    public init(_ text: String = "", limit: Int? = nil) {
        self.characters = Array(text)
        self.cursor = characters.count
        self.limit = limit
    }

    public var text: String { String(characters) }

    public mutating func setText(_ text: String) {
        characters = Array(text)
        cursor = characters.count
    }

    /// Applies an editing key; false when the key is not an editing key.
    public mutating func handle(_ key: KeyEvent) -> Bool {
        goalColumn = nil
        if key.modifiers == .control, case .character(let letter) = key.code {
            return handleControl(letter)
        }
        switch key.code {
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home: cursor = 0
        case .end: cursor = characters.count
        case .backspace: deleteBackward()
        case .delete: deleteForward()
        case .character(let character) where key.modifiers.isSubset(of: .shift):
            insert(String(character))
        default:
            return false
        }
        return true
    }

    private mutating func handleControl(_ letter: Character) -> Bool {
        switch letter {
        case "a": cursor = 0
        case "e": cursor = characters.count
        case "b": cursor = max(0, cursor - 1)
        case "f": cursor = min(characters.count, cursor + 1)
        case "h": deleteBackward()
        case "d": deleteForward()
        case "k": characters.removeSubrange(cursor...)
        case "u":
            characters.removeSubrange(..<cursor)
            cursor = 0
        case "w":
            var start = cursor
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        default:
            return false
        }
        return true
    }

    private mutating func deleteBackward() {
        guard cursor > 0 else { return }
        characters.remove(at: cursor - 1)
        cursor -= 1
    }

    private mutating func deleteForward() {
        guard cursor < characters.count else { return }
        characters.remove(at: cursor)
    }

    /// Inserts text at the cursor (typed or pasted), cleaned of controls.
    public mutating func insert(_ text: String) {
        var cleaned: [Character] = []
        for character in text {
            if character == "\n" || character == "\r\n" || character == "\r" || character == "\t" {
                cleaned.append(" ")
            } else if !character.unicodeScalars.contains(where: SafeText.needsEscape) {
                cleaned.append(character)
            }
        }
        if let limit { cleaned = Array(cleaned.prefix(max(0, limit - characters.count))) }
        characters.insert(contentsOf: cleaned, at: cursor)
        cursor += cleaned.count
    }

    /// The part of the text to show in `width` columns so that the cursor
    /// stays in view, and the cursor's column within it.
    public func visible(width: Int) -> (text: String, cursorColumn: Int) {
        guard width > 0 else { return ("", 0) }
        // Widths as drawn: a control character (from an old value) shows as
        // its escape, and the cursor must land where the buffer puts things.
        // Scroll right until the cursor fits (leaving a column for it),
        // walking back from the cursor: a value another program stored may
        // be megabytes long, and measuring from the start for each step
        // costs its length squared on every frame.
        var start = cursor
        var beforeCursor = 0
        while start > 0 {
            let columns = DisplayWidth.asDrawn(characters[start - 1])
            if beforeCursor + columns > width - 1 { break }
            beforeCursor += columns
            start -= 1
        }
        var shown = ""
        var used = 0
        for character in characters[start...] {
            let columns = DisplayWidth.asDrawn(character)
            if used + columns > width { break }
            shown.append(character)
            used += columns
        }
        return (shown, beforeCursor)
    }

    /// The text wrapped over rows of `width` columns, at most `rows` of
    /// them, and the cursor's place in them: an editing box of several
    /// rows. Rows break between words, as the value is shown when not
    /// edited (a word longer than a row breaks where the row ends); a
    /// newline breaks the row (it is not shown). The box shows the start
    /// of the text whenever the cursor's row is among the first `rows`;
    /// else it ends at the cursor's row, showing as much as fits above it.
    public func wrapped(width: Int, rows limit: Int) -> (rows: [String], cursor: Point) {
        guard width > 0, limit > 0 else { return ([""], Point(x: 0, y: 0)) }
        let ranges = rowRanges(width: width)
        let cursorPoint = place(of: cursor, in: ranges, width: width)
        let first = max(0, cursorPoint.y - limit + 1)
        // The spaces a row breaks at are not drawn: they would run past its end.
        let shown = (first..<min(ranges.count, first + limit)).map { row in
            var text = String(characters[ranges[row]].filter { $0 != "\n" })
            while text.last == " " { text.removeLast() }
            return text
        }
        return (shown, Point(x: cursorPoint.x, y: cursorPoint.y - first))
    }

    /// The rows of `wrapped`, as ranges of `characters`: a row holds the
    /// spaces it breaks after (they hang past its end, unseen) and the
    /// newline that ends it. When the text ends exactly at a row's end,
    /// an empty row follows for the cursor at the end.
    func rowRanges(width: Int) -> [Range<Int>] {
        var rows: [Range<Int>] = []
        var start = 0, used = 0, index = 0
        // Where the next row starts if the word under way does not fit: after the last space.
        var afterSpace: Int?
        while index < characters.count {
            let character = characters[index]
            if character == "\n" {
                rows.append(start..<index + 1)
                (start, used, afterSpace, index) = (index + 1, 0, nil, index + 1)
                continue
            }
            let columns = DisplayWidth.asDrawn(character)
            if character == " " {
                used += columns
                index += 1
                afterSpace = index
                continue
            }
            if used + columns > width, used > 0 {
                if let breakAt = afterSpace, breakAt > start {
                    rows.append(start..<breakAt)
                    used = characters[breakAt..<index].reduce(0) { $0 + DisplayWidth.asDrawn($1) }
                    start = breakAt
                } else {
                    // A word longer than the row: it breaks where the row ends.
                    rows.append(start..<index)
                    (start, used) = (index, 0)
                }
                afterSpace = nil
                continue
            }
            used += columns
            index += 1
        }
        rows.append(start..<characters.count)
        if used >= width, characters.last != "\n" { rows.append(characters.count..<characters.count) }
        return rows
    }

    /// The row of `ranges` that shows `position`, and its column there:
    /// where one row ends and the next begins, the next one.
    private func place(of position: Int, in ranges: [Range<Int>], width: Int) -> Point {
        let row = ranges.firstIndex { position < $0.upperBound } ?? ranges.count - 1
        let start = ranges[row].lowerBound
        let column = characters[start..<max(start, position)].reduce(0) { $0 + DisplayWidth.asDrawn($1) }
        // On a space that hangs past the row's end: at its last column.
        return Point(x: min(column, width - 1), y: row)
    }

    /// The cursor one row up or down in the box `wrapped` draws at
    /// `width`, at the column it had (kept over rows shorter than it, as
    /// editors keep it); past the first row it goes to the start, past
    /// the last to the end.
    public mutating func moveVertically(by step: Int, width: Int) {
        guard width > 0 else { return }
        let ranges = rowRanges(width: width)
        let here = place(of: cursor, in: ranges, width: width)
        let column = goalColumn ?? here.x
        let target = here.y + step
        if target < 0 {
            cursor = 0
        } else if target >= ranges.count {
            cursor = characters.count
        } else {
            cursor = position(atColumn: column, of: target, in: ranges)
        }
        goalColumn = column
    }

    /// Home and End in the box: the start or the end of the cursor's row.
    public mutating func moveToRowEdge(end: Bool, width: Int) {
        guard width > 0 else { return }
        let ranges = rowRanges(width: width)
        let row = place(of: cursor, in: ranges, width: width).y
        goalColumn = nil
        cursor = end ? position(atColumn: Int.max, of: row, in: ranges) : ranges[row].lowerBound
    }

    /// The position nearest `column` in row `row`, never past its end: a
    /// row that wraps ends before the next row's first character, one
    /// that ends a paragraph before its newline.
    private func position(atColumn column: Int, of row: Int, in ranges: [Range<Int>]) -> Int {
        let range = ranges[row]
        let isLast = row == ranges.count - 1
        let last = isLast ? range.upperBound : max(range.lowerBound, range.upperBound - 1)
        var position = range.lowerBound, used = 0
        while position < last {
            let columns = DisplayWidth.asDrawn(characters[position])
            if used + columns > column { break }
            used += columns
            position += 1
        }
        return position
    }

    /// The rows of the text out of sight of `wrapped`'s box of `limit`
    /// rows, above and below it: what the box's owner says is there.
    public func rowsOutOfSight(width: Int, rows limit: Int) -> (above: Int, below: Int) {
        guard width > 0, limit > 0 else { return (0, 0) }
        let ranges = rowRanges(width: width)
        let first = max(0, place(of: cursor, in: ranges, width: width).y - limit + 1)
        return (first, max(0, ranges.count - first - limit))
    }

    /// How many rows `wrapped` fills at `width`, uncapped.
    public func rowCount(width: Int) -> Int {
        wrapped(width: width, rows: Int.max / 2).rows.count
    }
}
