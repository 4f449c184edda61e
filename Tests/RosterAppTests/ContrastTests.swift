import Foundation
import Testing
import RosterCore
import TerminalKit
@testable import RosterApp

/// A terminal's own colours: its 16-colour palette and its default
/// foreground and background.
struct TerminalPalette: CustomStringConvertible {
    typealias RGB = (UInt8, UInt8, UInt8)
    let name: String
    let colors: [RGB]
    let foreground: RGB
    let background: RGB

    var description: String { name }

    static func hex(_ value: UInt32) -> RGB { (UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)) }

    static let xterm = TerminalPalette(name: "xterm", colors: [
        0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
        0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF,
    ].map(hex), foreground: hex(0x000000), background: hex(0xFFFFFF))
    /// Konsole's default scheme, Breeze.
    static let konsole = TerminalPalette(name: "Konsole", colors: [
        0x232627, 0xED1515, 0x11D116, 0xF67400, 0x1D99F3, 0x9B59B6, 0x1ABC9C, 0xFCFCFC,
        0x7F8C8D, 0xC0392B, 0x1CDC9A, 0xFDBC4B, 0x3DAEE9, 0x8E44AD, 0x16A085, 0xFFFFFF,
    ].map(hex), foreground: hex(0xFCFCFC), background: hex(0x232627))
    static let kitty = TerminalPalette(name: "kitty", colors: [
        0x000000, 0xCC0403, 0x19CB00, 0xCECB00, 0x0D73CC, 0xCB1ED1, 0x0DCDCD, 0xDDDDDD,
        0x767676, 0xF2201F, 0x23FD00, 0xFFFD00, 0x1A8FFF, 0xFD28FF, 0x14FFFF, 0xFFFFFF,
    ].map(hex), foreground: hex(0xDDDDDD), background: hex(0x000000))
    /// VTE (GNOME Terminal and others) with its Tango palette.
    static let vte = TerminalPalette(name: "VTE", colors: [
        0x2E3436, 0xCC0000, 0x4E9A06, 0xC4A000, 0x3465A4, 0x75507B, 0x06989A, 0xD3D7CF,
        0x555753, 0xEF2929, 0x8AE234, 0xFCE94F, 0x729FCF, 0xAD7FA8, 0x34E2E2, 0xEEEEEC,
    ].map(hex), foreground: hex(0xD3D7CF), background: hex(0x2E3436))
    static let mlterm = TerminalPalette(name: "mlterm", colors: xterm.colors, foreground: hex(0x000000), background: hex(0xFFFFFF))

    static let all = [xterm, konsole, kitty, vte, mlterm]

    func rgb(_ color: Color, isForeground: Bool, bold: Bool) -> RGB {
        switch color {
        case .default: return isForeground ? foreground : background
        // The worst case: bold brightens the first eight colours.
        case .ansi(let index): return colors[Int(bold && isForeground && index < 8 ? index + 8 : index)]
        case .indexed(let index): return index < 16 ? colors[Int(index)] : ColorConversion.rgb(ofIndexed: index)
        case .rgb(let r, let g, let b): return (r, g, b)
        }
    }

    /// WCAG 2 contrast ratio of a cell's text against its background.
    func contrast(_ style: Style) -> Double {
        let bold = style.attributes.contains(.bold)
        var text = rgb(style.foreground, isForeground: true, bold: bold)
        var back = rgb(style.background, isForeground: false, bold: false)
        if style.attributes.contains(.reverse) { swap(&text, &back) }
        func luminance(_ color: RGB) -> Double {
            func channel(_ value: UInt8) -> Double {
                let c = Double(value) / 255
                return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * channel(color.0) + 0.7152 * channel(color.1) + 0.0722 * channel(color.2)
        }
        let (a, b) = (luminance(text), luminance(back))
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}

@Suite("Text keeps a contrast of 4.5:1 in the default palettes of xterm, Konsole, kitty, VTE and mlterm")
struct ContrastTests {
    /// Cells that are pictures or lines, not text to read.
    static let decoration = Set("▀▄ ─│╭╮╰╯├┤┬┴┼┏┓┗┛━┃■●◆▸►◄✓✕≡▌").union(["╶", "╴"])

    func offenders(_ buffer: Buffer, _ screen: String) -> [String] {
        var found: Set<String> = []
        for y in 0..<buffer.size.height {
            for x in 0..<buffer.size.width {
                let cell = buffer[x, y]
                guard !cell.isContinuation, let character = cell.text.first, !Self.decoration.contains(character),
                      !cell.text.allSatisfy(\.isWhitespace) else { continue }
                if cell.style.attributes.isSuperset(of: [.bold, .reverse]) {
                    // QTerminal draws bold reversed text grey on grey (2.63:1 in a screenshot).
                    found.insert("\(screen): “\(buffer.text(row: y).trimmingCharacters(in: .whitespaces).prefix(30))” "
                                 + "“\(cell.text)” bold and reversed, grey on grey in QTerminal")
                }
                for palette in TerminalPalette.all {
                    let ratio = palette.contrast(cell.style)
                    if ratio < 4.5 {
                        found.insert("\(screen): “\(buffer.text(row: y).trimmingCharacters(in: .whitespaces).prefix(30))” "
                                     + "“\(cell.text)” \(cell.style) in \(palette) \((ratio * 100).rounded() / 100):1")
                    }
                }
            }
        }
        return found.sorted()
    }

    /// Names in every colour a user can give: the selected monster's in
    /// `color`, and the list showing all the others.
    @Test("the roster's screens: list, details, weapon panel, text entry, pickers, help", arguments: NameColor.allCases)
    func screens(color: NameColor) throws {
        let roster = try RosterScreenHarness(width: 120, height: 40, pictures: .text) { store in
            for (name, chosen) in [("Cat-Bot", color), ("Dog-Bot", .red), ("Explode-Bot", .green), ("Fire-Bot", .blue)] {
                _ = try store.edit(name, MonsterChanges(nameColor: chosen))
            }
        }
        var problems = offenders(roster.screen, "main")
        roster.press(.character("w"))
        problems += offenders(roster.screen, "weapon panel")
        roster.press(.escape, .tab)
        roster.press(.enter)
        problems += offenders(roster.screen, "editing the name")
        roster.press(.escape, .tab, .tab)
        roster.press(.enter)
        problems += offenders(roster.screen, "name colour")
        roster.press(.escape, .escape)
        roster.press(.character("a"))
        problems += offenders(roster.screen, "activation picker")
        roster.press(.escape)
        roster.press(.character("?"))
        problems += offenders(roster.screen, "help")
        roster.press(.escape, .character("w"), .character("3"))
        problems += offenders(roster.screen, "a change said in the footer")
        roster.press(.tab)
        roster.press(.enter, .control("u"))
        roster.type("Dog-Bot")
        roster.press(.enter)
        problems += offenders(roster.screen, "a name refused beside its field")
        roster.press(.escape, .escape)
        roster.interface.resize(to: Size(width: 30, height: 8))
        problems += offenders(roster.screen, "the too-small screen")
        let report = problems.prefix(30).joined(separator: "\n")
        #expect(problems.isEmpty, "\(problems.count) unreadable pairs:\n\(report)")
    }
}
