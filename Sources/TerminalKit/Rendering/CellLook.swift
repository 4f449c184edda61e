/// What a cell looks like on screen, as opposed to how it was written.
///
/// A space shows only its background, so its foreground and bold do not
/// matter; `▀` red over blue is `▄` blue under red; `▀` of two equal
/// colours is a space in that background; reverse video swaps the two
/// colours. The renderer compares looks, not cells, to decide what
/// changed, and may write a cell in any form with the same look, the one
/// needing the least change of pen, so a half-block picture costs fewer
/// colour changes. Only cells without attributes, or with reverse alone,
/// take another form (bold can brighten a colour, underline shows on a
/// space). Checked by screenshot in xterm, kitty, alacritty and mlterm,
/// which set two limits: `▄` over a colour is never chosen where the cell
/// did not ask for it (mlterm 3.9 draws its upper half in the default
/// background), and `█` is not used (mlterm draws it short of the cell).
public enum CellLook: Hashable, Sendable {
    /// A cell drawn as it is: its text, style and width.
    case text(String, Style, UInt8)
    /// A cell that is two stacked colours: a space, `▀` or `▄`.
    case halves(top: Shade, bottom: Shade)

    /// One half of a cell: the terminal's default background or default
    /// foreground (which are different colours), or a colour.
    public enum Shade: Hashable, Sendable {
        case defaultBackground
        case defaultForeground
        case color(Color)

        init(foreground color: Color) { self = color == .default ? .defaultForeground : .color(color) }
        init(background color: Color) { self = color == .default ? .defaultBackground : .color(color) }

        /// The colour to give as foreground to show this shade, if one can.
        var asForeground: Color? {
            switch self {
            case .defaultForeground: .default
            case .defaultBackground: nil
            case .color(let color): color
            }
        }

        /// The colour to give as background to show this shade, if one can.
        var asBackground: Color? {
            switch self {
            case .defaultBackground: .default
            case .defaultForeground: nil
            case .color(let color): color
            }
        }
    }

    /// The look of `cell` with colours as the terminal of `depth` shows them.
    public init(_ cell: Cell, depth: ColorDepth) {
        let style = Style(foreground: ColorConversion.convert(cell.style.foreground, to: depth),
                          background: ColorConversion.convert(cell.style.background, to: depth),
                          attributes: cell.style.attributes)
        let background = Shade(background: style.background)
        let blank = (cell.text == " " || cell.text.isEmpty) && cell.width == 1
        if blank, style.attributes.isDisjoint(with: [.underline, .reverse]) {
            self = .halves(top: background, bottom: background)
        } else if style.attributes.isEmpty, cell.text == "▀" {
            self = .halves(top: Shade(foreground: style.foreground), bottom: background)
        } else if style.attributes.isEmpty, cell.text == "▄" {
            self = .halves(top: background, bottom: Shade(foreground: style.foreground))
        } else if style.attributes == .reverse, blank || cell.text == "▀" || cell.text == "▄" {
            // Reversed, the glyph is drawn in the background colour and the
            // rest of the cell in the foreground colour.
            let rest = Shade(foreground: style.foreground)
            self = switch cell.text {
            case "▀": .halves(top: background, bottom: rest)
            case "▄": .halves(top: rest, bottom: background)
            default: .halves(top: rest, bottom: rest)
            }
        } else {
            self = .text(cell.text.isEmpty ? " " : cell.text, style, cell.width)
        }
    }

    /// A blank in the terminal's default background: what erasing leaves.
    public var isErased: Bool { self == .halves(top: .defaultBackground, bottom: .defaultBackground) }

    /// The forms that show this look: the text to write and the pen to
    /// write it with, given the pen now (a space keeps its foreground and
    /// its bold, which it does not show).
    func forms(pen: Style) -> [(text: String, style: Style)] {
        switch self {
        case .text(let text, let style, _):
            return [(text, style)]
        case .halves(let top, let bottom):
            var forms: [(String, Style)] = []
            if top == bottom, let background = top.asBackground {
                forms.append((" ", Style(foreground: pen.foreground, background: background,
                                         attributes: pen.attributes.subtracting([.underline, .reverse]))))
            }
            if let foreground = top.asForeground, let background = bottom.asBackground {
                forms.append(("▀", Style(foreground: foreground, background: background)))
            }
            if let foreground = bottom.asForeground, let background = top.asBackground,
               top == .defaultBackground || forms.isEmpty {
                forms.append(("▄", Style(foreground: foreground, background: background)))
            }
            // Reversed, a colour the pen holds as foreground can show as a
            // background and the other way round, which often spares a
            // colour change.
            if top == bottom, let rest = top.asForeground {
                forms.append((" ", Style(foreground: rest, background: pen.background, attributes: .reverse)))
            } else if let rest = bottom.asForeground, let glyph = top.asBackground {
                forms.append(("▀", Style(foreground: rest, background: glyph, attributes: .reverse)))
            }
            return forms
        }
    }

    /// The form that costs least to write with the pen as it is, counting
    /// what the pen it leaves costs the `next` cell written, if any: of two
    /// ways to set one colour, the one that keeps the colour the next cell
    /// needs (a picture alternating two colours keeps both in the pen).
    func cheapestForm(pen: Style, next: CellLook? = nil) -> (text: String, style: Style) {
        let forms = forms(pen: pen)
        // Every look has a form: the one of the cell it was made from.
        guard var best = forms.first else { return (" ", pen) }
        func cost(_ form: (text: String, style: Style)) -> Int {
            let after = next.map { PenChange.sequence(from: form.style, to: $0.cheapestForm(pen: form.style).style).utf8.count }
            return PenChange.sequence(from: pen, to: form.style).utf8.count + form.text.utf8.count + (after ?? 0)
        }
        var bestCost = cost(best)
        for form in forms.dropFirst() {
            let cost = cost(form)
            if cost < bestCost { (best, bestCost) = (form, cost) }
        }
        return best
    }
}
