import RosterCore
import TerminalKit
import TextSafety

/// `roster show` on a colour terminal: the monster's icon and its weapon's
/// picture drawn with half blocks, beside its details like a trading card
/// when the terminal is wide enough, otherwise above them.
///
/// Pictures are drawn only here, for a person at a terminal; piped output
/// and `NO_COLOR` keep the plain text (whose weapon line carries the glyph).
struct MonsterCard {
    /// One line of the details, in the style it is shown in.
    struct Line {
        let text: String
        var style: Style = .plain
    }

    let icon: Image
    let weapon: Image
    let lines: [Line]

    static let pictureSize = Size(width: 16, height: 8)
    static let smallPictureSize = Size(width: 8, height: 4)
    static let gap = 3

    /// The card's lines, SGR-styled for `depth`, to fit `width` columns.
    func render(width: Int, depth: ColorDepth) -> [String] {
        let textWidth = lines.map { DisplayWidth.of($0.text) }.max() ?? 0
        let picture = Self.pictureSize
        let besideWidth = picture.width + Self.gap + textWidth + Self.gap + picture.width
        if besideWidth <= width {
            return beside(textWidth: textWidth, depth: depth)
        }
        return above(width: width, depth: depth)
    }

    /// Icon, details, weapon, left to right. The details sit a row below
    /// the top, next to the middle of the pictures.
    private func beside(textWidth: Int, depth: ColorDepth) -> [String] {
        let picture = Self.pictureSize
        let textColumn = picture.width + Self.gap
        let weaponColumn = textColumn + textWidth + Self.gap
        var buffer = Buffer(size: Size(width: weaponColumn + picture.width, height: max(picture.height, lines.count)))
        buffer.drawImage(icon, in: Rect(origin: .zero, size: picture), depth: depth)
        buffer.drawImage(weapon, in: Rect(origin: Point(x: weaponColumn, y: 0), size: picture), depth: depth)
        let top = max(0, (buffer.size.height - lines.count) / 2)
        for (index, line) in lines.enumerated() {
            buffer.write(line.text, at: Point(x: textColumn, y: top + index), style: line.style)
        }
        return buffer.styledLines(depth: depth)
    }

    /// The pictures in a row, then the details as plain lines, which the
    /// terminal wraps like any text: nothing is cut.
    private func above(width: Int, depth: ColorDepth) -> [String] {
        let large = Self.pictureSize, small = Self.smallPictureSize
        var pictures: [String] = []
        if width >= large.width * 2 + Self.gap {
            pictures = row(width: large.width * 2 + Self.gap, weaponSize: large, depth: depth)
        } else if width >= large.width + Self.gap + small.width {
            pictures = row(width: large.width + Self.gap + small.width, weaponSize: small, depth: depth)
        } else if width >= large.width {
            var buffer = Buffer(size: large)
            buffer.drawImage(icon, in: buffer.bounds, depth: depth)
            pictures = buffer.styledLines(depth: depth)
        }
        let text = lines.map { line -> String in
            let styled = Buffer.line(line.text, style: line.style)
            return styled.styledLines(depth: depth).first ?? ""
        }
        return pictures + text
    }

    /// The icon and the weapon side by side, the weapon at the bottom.
    private func row(width: Int, weaponSize: Size, depth: ColorDepth) -> [String] {
        let picture = Self.pictureSize
        var buffer = Buffer(size: Size(width: width, height: picture.height))
        buffer.drawImage(icon, in: Rect(origin: .zero, size: picture), depth: depth)
        let weaponOrigin = Point(x: picture.width + Self.gap, y: picture.height - weaponSize.height)
        buffer.drawImage(weapon, in: Rect(origin: weaponOrigin, size: weaponSize), depth: depth)
        return buffer.styledLines(depth: depth)
    }
}

private extension Buffer {
    /// A one-row buffer exactly as wide as `text`.
    static func line(_ text: String, style: Style) -> Buffer {
        var buffer = Buffer(size: Size(width: DisplayWidth.of(SafeText.escaped(text)), height: 1))
        buffer.write(text, at: .zero, style: style)
        return buffer
    }
}
