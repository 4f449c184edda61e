import TextSafety
/// The roster as one self-contained HTML page: the styles are inline and
/// the pictures are data URIs, so the file works offline, mailed or
/// attached, and its Content-Security-Policy forbids loading anything else.
///
/// Each picture is embedded once, as a CSS class, however many rows use
/// it; a weapon or icon whose PNG is not among the assets falls back to
/// the weapon's glyph or the monster's initial, and lights up by itself
/// once the PNG lands in `Data/`. Every value is HTML-escaped and wrapped
/// in `<bdi>` so right-to-left text cannot reorder the page around it.
/// Narrow screens get one card per monster instead of the table. Height,
/// origin and activation read as people say them; an activation is
/// shown in UTC (with a machine-readable `<time>`), so the page reads the
/// same wherever it was exported.
struct HTMLReport {
    let monsterCount: Int
    /// Asset name to the CSS class that shows it, for the pictures we have.
    let pictureClasses: [String: String]
    /// The same, in the order the style sheet lists them.
    private let pictures: [(name: String, cssClass: String)]

    init(monsterCount: Int, iconNames: [String]) {
        self.monsterCount = monsterCount
        var classes: [String: String] = [:]
        var ordered: [(name: String, cssClass: String)] = []
        let wanted = WeaponType.allCases.map(\.imageAssetName) + iconNames
        for name in wanted where classes[name] == nil && Assets.base64(named: name) != nil {
            let cssClass = "p\(ordered.count)"
            classes[name] = cssClass
            ordered.append((name, cssClass))
        }
        pictureClasses = classes
        pictures = ordered
    }

    func appendHead(to output: ByteOutput) throws(IOFailure) {
        try output.append("""
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
            <meta name="color-scheme" content="light dark">
            <title>Monster roster</title>
            <style>

            """)
        try output.append(HTMLStyle.sheet)
        for (name, cssClass) in pictures {
            guard let base64 = Assets.base64(named: name) else { continue }
            try output.append(".\(cssClass){background-image:url(\"data:image/png;base64,")
            try output.append(base64)
            try output.append("\")}\n")
        }
        try output.append("""
            </style>
            </head>
            <body>
            <main>
            <h1>Monster roster</h1>

            """)
        try output.append("<p class=\"count\">\(monsterCount) monster\(monsterCount == 1 ? "" : "s")</p>\n")
        if monsterCount == 0 {
            try output.append("<p class=\"empty\">The roster is empty.</p>\n")
            return
        }
        try output.append("""
            <table>
            <thead><tr><th class="id" scope="col">#</th><th scope="col">Monster</th><th scope="col">Description</th><th scope="col">Weapon</th><th scope="col">Height</th><th scope="col">Origin</th><th scope="col">Activated</th></tr></thead>
            <tbody>

            """)
    }

    func appendRow(_ monster: Monster, to output: ByteOutput) throws(IOFailure) {
        try output.append("<tr><td class=\"id\">")
        try output.append(decimal: monster.id)
        try output.append("</td><td class=\"monster\"><div class=\"who\">")
        if let cssClass = pictureClasses[monster.icon] {
            try output.append("<span class=\"pic \(cssClass)\" role=\"img\" aria-label=\"")
            try output.append(Self.escaped(monster.icon))
            try output.append("\"></span>")
        } else {
            // No picture yet: the name's first character, as an avatar.
            let initial = (monster.name.first { $0.isLetter || $0.isNumber } ?? monster.name.first)
                .map { String($0).uppercased() } ?? "?"
            try output.append("<span class=\"pic initial\" aria-hidden=\"true\">")
            try output.append(Self.escaped(initial))
            try output.append("</span>")
        }
        try output.append("<bdi class=\"name \(monster.nameColor.key)\" title=\"name colour: \(monster.nameColor.key)\">")
        try output.append(Self.escaped(monster.name))
        try output.append("</bdi></div></td><td class=\"desc\"><bdi>")
        try output.append(Self.escaped(monster.description))
        try output.append("</bdi></td><td class=\"weapon\"><div class=\"what\">")
        if let cssClass = pictureClasses[monster.weapon.imageAssetName] {
            try output.append("<span class=\"pic \(cssClass)\" aria-hidden=\"true\"></span>")
        } else {
            try output.append("<span class=\"glyph\" aria-hidden=\"true\">\(monster.weapon.type.glyph)</span>")
        }
        try output.append(monster.weapon.type.displayName)
        try output.append("</div></td>")
        try appendFact("height", "Height", monster.height?.displayName, to: output)
        try appendFact("origin", "Origin", monster.country.map { $0.name } ?? monster.origin, title: monster.origin, to: output)
        if let activated = monster.activated {
            try output.append("<td class=\"fact activated\" data-label=\"Activated\"><time datetime=\"\(activated.iso8601)\">")
            try output.append(activated.utcDisplay)
            try output.append("</time></td>")
        } else {
            try appendFact("activated", "Activated", nil, to: output)
        }
        try output.append("</tr>\n")
    }

    /// A cell of one of the optional details: its value, or a dash titled
    /// "unknown" (hidden on the phone layout).
    private func appendFact(_ cssClass: String, _ label: String, _ text: String?, title: String? = nil,
                            to output: ByteOutput) throws(IOFailure) {
        guard let text else {
            try output.append("<td class=\"fact \(cssClass) unknown\" data-label=\"\(label)\" title=\"unknown\">—</td>")
            return
        }
        try output.append("<td class=\"fact \(cssClass)\" data-label=\"\(label)\"")
        if let title {
            try output.append(" title=\"")
            try output.append(Self.escaped(title))
            try output.append("\"")
        }
        try output.append("><bdi>")
        try output.append(Self.escaped(text))
        try output.append("</bdi></td>")
    }

    func appendTail(to output: ByteOutput) throws(IOFailure) {
        if monsterCount > 0 {
            try output.append("</tbody>\n</table>\n")
        }
        try output.append("<footer>Exported by roster.</footer>\n</main>\n</body>\n</html>\n")
    }

    /// Text safe in HTML element content and attribute values. Characters
    /// that would reorder or hide text (bidi overrides, zero-width spaces)
    /// or that valid data cannot hold (controls) show as visible escapes,
    /// as on a terminal; newline and tab stay (the description cell keeps
    /// them with `white-space: pre-wrap`).
    static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || $0 < 0x20 || $0 >= 0x7F })
        else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result.append("&amp;")
            case "<": result.append("&lt;")
            case ">": result.append("&gt;")
            case "\"": result.append("&quot;")
            case "'": result.append("&#39;")
            case "\n", "\t": result.unicodeScalars.append(scalar)
            default:
                if SafeText.needsEscape(scalar) {
                    result.append(SafeText.visibleEscape(for: scalar))
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
