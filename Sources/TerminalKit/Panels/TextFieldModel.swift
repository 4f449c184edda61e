import TextSafety
/// The editing state of a one-line text field: its text and cursor, and
/// the keys every terminal user expects (those of readline and emacs).
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

    /// The text wrapped by cells over rows of `width` columns, at most
    /// `rows` of them, scrolled so that the cursor's row is in view, and
    /// the cursor's place in them: an editing box of several rows. A
    /// newline breaks the row (it is not shown).
    public func wrapped(width: Int, rows limit: Int) -> (rows: [String], cursor: Point) {
        guard width > 0, limit > 0 else { return ([""], Point(x: 0, y: 0)) }
        var rows = [""]
        var used = 0
        var cursorPoint = Point(x: 0, y: 0)
        for (index, character) in characters.enumerated() {
            let columns = character == "\n" ? 0 : DisplayWidth.asDrawn(character)
            if used + columns > width - (index == cursor ? 1 : 0) && used > 0 {
                rows.append("")
                used = 0
            }
            if index == cursor { cursorPoint = Point(x: used, y: rows.count - 1) }
            if character == "\n" {
                rows.append("")
                used = 0
                continue
            }
            rows[rows.count - 1].append(character)
            used += columns
        }
        if cursor >= characters.count {
            if used >= width {
                rows.append("")
                used = 0
            }
            cursorPoint = Point(x: used, y: rows.count - 1)
        }
        let first = max(0, min(cursorPoint.y - limit + 1, rows.count - limit))
        let shown = Array(rows[first..<min(rows.count, first + limit)])
        return (shown, Point(x: cursorPoint.x, y: cursorPoint.y - first))
    }

    /// How many rows `wrapped` fills at `width`, uncapped.
    public func rowCount(width: Int) -> Int {
        wrapped(width: width, rows: Int.max / 2).rows.count
    }
}
