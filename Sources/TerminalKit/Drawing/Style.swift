/// A colour as views ask for it. The renderer turns it into what the
/// terminal can show (truecolor, 256, 16 colours or none).
public enum Color: Hashable, Sendable {
    /// The terminal's own foreground or background.
    case `default`
    /// One of the 16 ANSI colours (0–7 normal, 8–15 bright).
    case ansi(UInt8)
    /// One of the 256 indexed colours.
    case indexed(UInt8)
    case rgb(UInt8, UInt8, UInt8)

    // The colours the roster draws with, by name; the others are `.ansi(n)`.
    public static let black = Color.ansi(0)
    public static let red = Color.ansi(1)
    public static let green = Color.ansi(2)
    public static let yellow = Color.ansi(3)
    public static let blue = Color.ansi(4)
    public static let cyan = Color.ansi(6)
    public static let brightBlack = Color.ansi(8)
    public static let brightBlue = Color.ansi(12)
}

/// Text attributes a cell can carry.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = TextAttributes(rawValue: 1 << 0)
    public static let dim = TextAttributes(rawValue: 1 << 1)
    public static let italic = TextAttributes(rawValue: 1 << 2)
    public static let underline = TextAttributes(rawValue: 1 << 3)
    public static let reverse = TextAttributes(rawValue: 1 << 4)
}

/// How a cell looks.
public struct Style: Hashable, Sendable {
    public var foreground: Color
    public var background: Color
    public var attributes: TextAttributes

    public init(foreground: Color = .default, background: Color = .default, attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    public static let plain = Style()

    public func foreground(_ color: Color) -> Style { var copy = self; copy.foreground = color; return copy }
    public func background(_ color: Color) -> Style { var copy = self; copy.background = color; return copy }
    /// Reverse video is never bold: QTerminal draws bold reversed text
    /// grey on grey (2.63:1, seen in screenshots), and reverse alone keeps
    /// the contrast of the terminal's own two colours everywhere.
    public func adding(_ attributes: TextAttributes) -> Style {
        var copy = self
        copy.attributes.formUnion(attributes)
        if copy.attributes.contains(.reverse) { copy.attributes.remove(.bold) }
        return copy
    }
    public var bold: Style { adding(.bold) }
    public var dim: Style { adding(.dim) }
    public var reversed: Style { adding(.reverse) }
    public var underlined: Style { adding(.underline) }
}

/// How many colours the terminal can show, decided from the environment:
/// `NO_COLOR` (set and non-empty) means none, `COLORTERM=truecolor|24bit`
/// or a `TERM` ending in `direct` means truecolor, a `TERM` ending in
/// `256color` means 256, `TERM=dumb`
/// means none, anything else 16.
public enum ColorDepth: Int, Comparable, Sendable {
    case none
    case ansi16
    case indexed256
    case truecolor

    public static func < (a: ColorDepth, b: ColorDepth) -> Bool { a.rawValue < b.rawValue }

    public static func detect(environment: (String) -> String?) -> ColorDepth {
        if let noColor = environment("NO_COLOR"), !noColor.isEmpty { return .none }
        let term = environment("TERM") ?? ""
        if term == "dumb" { return .none }
        let colorterm = (environment("COLORTERM") ?? "").lowercased()
        if colorterm == "truecolor" || colorterm == "24bit" || term.hasSuffix("direct") { return .truecolor }
        if drawsTruecolor(environment), environment("TMUX") == nil, !term.hasPrefix("screen"), !term.hasPrefix("tmux") {
            return .truecolor
        }
        if term.hasSuffix("256color") { return .indexed256 }
        if term.isEmpty { return .none }
        return .ansi16
    }

    /// Terminals known to draw 24-bit colour that do not say so in
    /// `COLORTERM` (mlterm sets `TERM=mlterm` and nothing else), known by
    /// the variables they set, or by their `TERM`. Inside tmux or screen the multiplexer
    /// decides, so these do not count there.
    static func drawsTruecolor(_ environment: (String) -> String?) -> Bool {
        if environment("MLTERM") != nil || environment("KONSOLE_VERSION") != nil || environment("KITTY_WINDOW_ID") != nil
            || environment("WT_SESSION") != nil { return true }
        if let vte = environment("VTE_VERSION").flatMap(Int.init), vte >= 3600 { return true }
        // urxvt (9.30 in Debian 12) and st draw 24-bit colour and set no
        // variable: their own TERM names them (seen in screenshots: a
        // 256-colour picture there turned navy grey).
        let term = environment("TERM") ?? ""
        if term.hasPrefix("rxvt-unicode") || term == "st" || term.hasPrefix("st-") { return true }
        let program = environment("TERM_PROGRAM") ?? ""
        return ["iTerm.app", "WezTerm", "vscode", "ghostty"].contains(program)
    }
}
