/// The questions of `TerminalProbe.request` that name the terminal and
/// test its colours, and how their answers are read.
///
/// **XTVERSION** (`CSI > q`) is answered `DCS > | name ST`, as in
/// `kitty(0.26.5)`, `WezTerm 20240203-110809-5046fc22`, `iTerm2 3.5.0`,
/// `XTerm(379)` or `tmux 3.3a`: it names the terminal even over ssh,
/// where the variables it sets stay behind.
///
/// **A DECRQSS round trip** tells whether a terminal that says nothing in
/// `TERM` or `COLORTERM` keeps a 24-bit colour: the probe sets the
/// foreground to `38:2::1:2:3` (red 1, green 2, blue 3, in ITU T.416's
/// colon form), asks for the current SGR with `DCS $ q m ST`, and puts
/// the pen back with `SGR 0`. A terminal that draws 24-bit colour answers
/// `DCS 1 $ r … 38:2::1:2:3 m ST` (or with semicolons, or without the
/// empty colour space); one that keeps only a palette answers the palette
/// colour it chose, and one that does not know the request answers
/// `DCS 0 $ r ST`, or nothing at all.
///
/// **The secondary device attributes** (`CSI > c`, answered `CSI > Pp ;
/// Pv ; Pc c`) name the terminals that answer neither: mlterm says 24
/// (and keeps a 24-bit SGR as its nearest palette colour in DECRQSS,
/// though it draws the colour itself), VTE says 65 with its version
/// (0.36, `3600`, and later draw 24-bit colour).
extension TerminalProbe {
    /// DA2.
    static let secondaryAttributesQuery: [UInt8] = Array("\u{1B}[>c".utf8)

    /// Whether a DA2 answer names a terminal known to draw 24-bit colour;
    /// nil if `text` is no DA2 answer.
    static func secondaryAttributesAnswer(_ text: String) -> Bool? {
        guard text.hasPrefix("\u{1B}[>"), text.hasSuffix("c") else { return nil }
        let fields = text.dropFirst(3).dropLast().split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        switch (fields.first ?? nil, fields.count > 1 ? fields[1] : nil) {
        case (24, _): return true
        case (65, let version?): return version >= 3600
        default: return false
        }
    }

    /// Whether a DA2 answer is tmux's (`CSI > 84 ; 0 ; 0 c`, "T") or
    /// screen's (`CSI > 83 ; version ; 0 c`, "S").
    static func secondaryAttributesNameMultiplexer(_ text: String) -> Bool {
        guard text.hasPrefix("\u{1B}[>") else { return false }
        let first = text.dropFirst(3).prefix { $0.isNumber }
        return first == "84" || first == "83"
    }

    /// The model (`Pp`) in a DA2 answer.
    static func secondaryAttributesModel(_ text: String) -> Int? {
        guard text.hasPrefix("\u{1B}[>"), text.hasSuffix("c") else { return nil }
        return text.dropFirst(3).dropLast().split(separator: ";", omittingEmptySubsequences: false).first.flatMap { Int($0) }
    }

    /// Whether an XTVERSION name is a multiplexer's (tmux answers
    /// `tmux 3.3a` for itself, whatever terminal is outside).
    static func namesMultiplexer(_ name: String) -> Bool {
        name.lowercased().hasPrefix("tmux") || name.lowercased().hasPrefix("screen")
    }

    /// XTVERSION.
    static let versionQuery: [UInt8] = Array("\u{1B}[>q".utf8)

    /// Set a 24-bit foreground, ask for the SGR, set the pen back.
    static let colourRoundTrip: [UInt8] = Array("\u{1B}[38:2::1:2:3m\u{1B}P$qm\u{1B}\\\u{1B}[0m".utf8)

    /// Terminals known to draw 24-bit colour, by the name they answer
    /// XTVERSION with (the start of it).
    static let truecolorTerminals = ["kitty", "WezTerm", "iTerm2", "foot", "ghostty", "contour", "mlterm", "Konsole", "VTE", "xterm.js"]

    /// The name in an XTVERSION answer, if `text` is one.
    static func versionAnswer(_ text: String) -> String? {
        let prefix = "\u{1B}P>|"
        guard text.hasPrefix(prefix) else { return nil }
        var body = text.dropFirst(prefix.count)
        if body.hasSuffix("\u{1B}\\") { body = body.dropLast(2) } else if body.hasSuffix("\u{07}") { body = body.dropLast() }
        return String(body)
    }

    static func drawsTruecolor(named name: String) -> Bool {
        truecolorTerminals.contains { name.hasPrefix($0) }
    }

    /// Whether a DECRQSS answer (`DCS 1 $ r … m ST` or `DCS 0 $ r ST`)
    /// kept the 24-bit colour the probe set; nil if `text` is no such answer.
    static func colourRoundTripAnswer(_ text: String) -> Bool? {
        // xterm answers 1 for a request it knows; DEC's own terminals,
        // and some that follow them, 0. The content tells.
        guard text.hasPrefix("\u{1B}P1$r") || text.hasPrefix("\u{1B}P0$r") else { return nil }
        var body = text.dropFirst(5)
        if body.hasSuffix("\u{1B}\\") { body = body.dropLast(2) } else if body.hasSuffix("\u{07}") { body = body.dropLast() }
        guard body.hasSuffix("m") else { return false }
        // Colons and semicolons alike; the colour space may be empty, absent or 0.
        let fields = body.dropLast().split(separator: ";", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: ":", omittingEmptySubsequences: false) }.map(String.init)
        for index in fields.indices where fields[index] == "38" && index + 1 < fields.count && fields[index + 1] == "2" {
            let rest = Array(fields[(index + 2)...])
            for skip in [0, 1] where rest.count >= skip + 3 && (skip == 0 || rest[0].isEmpty || rest[0] == "0") {
                if rest[skip..<(skip + 3)] == ["1", "2", "3"] { return true }
            }
        }
        return false
    }
}
