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
/// Colours are expected already converted to the terminal's depth.
enum PenChange {
    /// The parameters, without `ESC [` and `m`; empty when nothing changes.
    static func parameters(from pen: Style, to wanted: Style) -> String {
        guard pen != wanted else { return "" }
        let fresh = fromScratch(wanted)
        let delta = changes(from: pen, to: wanted)
        return delta.count <= fresh.count ? delta : fresh
    }

    /// The bytes of the whole sequence; empty when nothing changes.
    static func sequence(from pen: Style, to wanted: Style) -> String {
        let parameters = parameters(from: pen, to: wanted)
        return parameters.isEmpty ? "" : "\u{1B}[" + parameters + "m"
    }

    /// How many bytes changing the pen costs.
    static func cost(from pen: Style, to wanted: Style) -> Int {
        let parameters = parameters(from: pen, to: wanted)
        return parameters.isEmpty ? 0 : parameters.utf8.count + 3
    }

    private static func fromScratch(_ wanted: Style) -> String {
        var codes = ["0"]
        codes += adding(wanted.attributes)
        if let code = sgr(wanted.foreground, foreground: true) { codes.append(code) }
        if let code = sgr(wanted.background, foreground: false) { codes.append(code) }
        return codes.joined(separator: ";")
    }

    private static func changes(from pen: Style, to wanted: Style) -> String {
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
        return codes.joined(separator: ";")
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
