/// The shortest SGR sequence that turns the terminal's pen (the style the
/// next text is drawn in) from one style into another.
///
/// Two ways are weighed and the shorter taken: starting over (`0`, then
/// everything the new style has), or changing only what differs, turning
/// attributes off one by one (`22` normal intensity, which ends both bold
/// and dim, `23`, `24`, `27`) and colours back to the default (`39`,
/// `49`). All of these are ECMA-48 and every terminal in use knows them.
/// Moving the selection off a reversed row then costs `ESC [27m`, not a
/// reset followed by the colours again.
///
/// One sequence carries at most ten parameters (a 24-bit colour is five):
/// mlterm 3.9 drops every parameter after the tenth, so `0;38;2;r;g;b;
/// 48;2;r;g;b` lost both its colours there (seen in a screenshot). A longer
/// change is split into two sequences.
///
/// Colours are expected already converted to the terminal's depth.
enum PenChange {
    /// Parameters a terminal is known to read in one sequence.
    static let mostParameters = 10

    /// The bytes of the change; empty when nothing changes.
    static func sequence(from pen: Style, to wanted: Style) -> String {
        guard pen != wanted else { return "" }
        let fresh = sequence(of: fromScratch(wanted))
        let delta = sequence(of: changes(from: pen, to: wanted))
        return delta.utf8.count <= fresh.utf8.count ? delta : fresh
    }

    /// Codes (each one or more parameters) as `ESC [ … m` sequences of at
    /// most `mostParameters` parameters.
    static func sequence(of codes: [String]) -> String {
        var text = ""
        var parameters = 0
        for code in codes {
            let count = code.utf8.reduce(1) { $1 == UInt8(ascii: ";") ? $0 + 1 : $0 }
            if parameters == 0 {
                text += "\u{1B}["
            } else if parameters + count > mostParameters {
                text += "m\u{1B}["
                parameters = 0
            } else {
                text += ";"
            }
            text += code
            parameters += count
        }
        return parameters == 0 ? text : text + "m"
    }

    private static func fromScratch(_ wanted: Style) -> [String] {
        var codes = ["0"]
        codes += adding(wanted.attributes)
        if let code = sgr(wanted.foreground, foreground: true) { codes.append(code) }
        if let code = sgr(wanted.background, foreground: false) { codes.append(code) }
        return codes
    }

    private static func changes(from pen: Style, to wanted: Style) -> [String] {
        var codes: [String] = []
        let removed = pen.attributes.subtracting(wanted.attributes)
        var kept = pen.attributes.intersection(wanted.attributes)
        // 22 ends bold and dim together; whichever is still wanted comes back.
        if !removed.isDisjoint(with: [.bold, .dim]) {
            codes.append("22")
            kept.subtract([.bold, .dim])
        }
        if removed.contains(.italic) { codes.append("23") }
        if removed.contains(.underline) { codes.append("24") }
        if removed.contains(.reverse) { codes.append("27") }
        codes += adding(wanted.attributes.subtracting(kept))
        if wanted.foreground != pen.foreground { codes.append(sgr(wanted.foreground, foreground: true) ?? "39") }
        if wanted.background != pen.background { codes.append(sgr(wanted.background, foreground: false) ?? "49") }
        return codes
    }

    private static func adding(_ attributes: TextAttributes) -> [String] {
        var codes: [String] = []
        if attributes.contains(.bold) { codes.append("1") }
        if attributes.contains(.dim) { codes.append("2") }
        if attributes.contains(.italic) { codes.append("3") }
        if attributes.contains(.underline) { codes.append("4") }
        if attributes.contains(.reverse) { codes.append("7") }
        return codes
    }

    static func sgr(_ color: Color, foreground: Bool) -> String? {
        switch color {
        case .default:
            return nil
        case .ansi(let index):
            let base = foreground ? (index < 8 ? 30 : 82) : (index < 8 ? 40 : 92)
            return String(base + Int(index))
        case .indexed(let index):
            return (foreground ? "38;5;" : "48;5;") + String(index)
        case .rgb(let r, let g, let b):
            return (foreground ? "38;2;" : "48;2;") + "\(r);\(g);\(b)"
        }
    }
}
