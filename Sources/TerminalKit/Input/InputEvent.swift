/// Which key was pressed, without its modifiers.
public enum KeyCode: Hashable, Sendable {
    /// A printable character (a letter, a digit, a space, an emoji…).
    /// Control-letter combinations arrive as the letter with `.control`.
    case character(Character)
    case enter
    case tab
    case backspace
    case escape
    case up, down, left, right
    case home, end, pageUp, pageDown
    case insert, delete
    /// F1 to F12.
    case function(Int)
}

/// Modifier keys held with a key or a click.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: 1 << 0)
    public static let alt = KeyModifiers(rawValue: 1 << 1)
    public static let control = KeyModifiers(rawValue: 1 << 2)
}

/// A key press. Shift-Tab is `.tab` with `.shift`; Ctrl-C is
/// `.character("c")` with `.control`.
public struct KeyEvent: Hashable, Sendable, CustomStringConvertible {
    public var code: KeyCode
    public var modifiers: KeyModifiers

    public init(_ code: KeyCode, modifiers: KeyModifiers = []) {
        self.code = code
        self.modifiers = modifiers
    }

    public static func character(_ character: Character, _ modifiers: KeyModifiers = []) -> KeyEvent {
        KeyEvent(.character(character), modifiers: modifiers)
    }

    public static func control(_ letter: Character) -> KeyEvent {
        KeyEvent(.character(letter), modifiers: .control)
    }

    public var description: String {
        var text = ""
        if modifiers.contains(.control) { text += "Ctrl-" }
        if modifiers.contains(.alt) { text += "Alt-" }
        if modifiers.contains(.shift) { text += "Shift-" }
        switch code {
        case .character(" "): text += "Space"
        // Control letters are written as keyboards and manuals write them: Ctrl-C.
        case .character(let character): text += modifiers.contains(.control) ? character.uppercased() : String(character)
        case .enter: text += "Enter"
        case .tab: text += "Tab"
        case .backspace: text += "Backspace"
        case .escape: text += "Esc"
        case .up: text += "↑"
        case .down: text += "↓"
        case .left: text += "←"
        case .right: text += "→"
        case .home: text += "Home"
        case .end: text += "End"
        case .pageUp: text += "PgUp"
        case .pageDown: text += "PgDn"
        case .insert: text += "Ins"
        case .delete: text += "Del"
        case .function(let number): text += "F\(number)"
        }
        return text
    }
}

/// A mouse report (SGR 1006 encoding). Positions are 0-based cells.
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// Button 0 is the left button, 1 the middle, 2 the right.
        case press(button: Int)
        case release(button: Int)
        case drag(button: Int)
        case scrollUp
        case scrollDown
        case move
    }

    public var kind: Kind
    public var position: Point
    public var modifiers: KeyModifiers

    public init(_ kind: Kind, at position: Point, modifiers: KeyModifiers = []) {
        self.kind = kind
        self.position = position
        self.modifiers = modifiers
    }
}

/// Something the user did at the terminal.
public enum InputEvent: Hashable, Sendable {
    case key(KeyEvent)
    /// Text pasted with bracketed paste: arrives whole, never as keys.
    case paste(String)
    case mouse(MouseEvent)
}
