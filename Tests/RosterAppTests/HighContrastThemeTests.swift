import Foundation
import Testing
import RosterCore
import TerminalKit
@testable import RosterApp

/// The high-contrast theme: every cell that shows text or a line (borders,
/// marks, the filter's `/`, panel frames, questions) is drawn in the
/// terminal's own text and background colours, or those swapped, so it
/// reaches WCAG AA's 4.5:1 in light palettes (xterm, mlterm) and dark ones
/// (Konsole, kitty, VTE) alike. Only a name colour's swatch keeps its
/// colour: it is the colour itself, not text.
@Suite("The high-contrast theme keeps 4.5:1 for every text and line, on light and dark backgrounds")
struct HighContrastThemeTests {
    /// A name colour's swatch: the list's tab and the field's square.
    static let swatches: Set<Character> = ["▌", "■"]

    func offenders(_ buffer: Buffer, _ screen: String) -> [String] {
        var found: Set<String> = []
        for y in 0..<buffer.size.height {
            for x in 0..<buffer.size.width {
                let cell = buffer[x, y]
                guard !cell.isContinuation, let character = cell.text.first, !cell.text.allSatisfy(\.isWhitespace) else { continue }
                if Self.swatches.contains(character), NameColor.allCases.contains(where: { $0.swatch?.foreground == cell.style.foreground }) {
                    continue
                }
                for palette in TerminalPalette.all where palette.contrast(cell.style) < 4.5 {
                    let ratio = (palette.contrast(cell.style) * 100).rounded() / 100
                    found.insert("\(screen): “\(buffer.text(row: y).trimmingCharacters(in: .whitespaces).prefix(30))” "
                                 + "“\(cell.text)” \(cell.style) in \(palette) \(ratio):1")
                }
            }
        }
        return found.sorted()
    }

    /// Every screen a person meets: the list with marks and columns, the
    /// filter, each panel and picker, a question, the help and the history.
    func everyScreen() throws -> [String] {
        let roster = try RosterScreenHarness(width: 120, height: 40, pictures: .text) { store in
            for (name, chosen) in [("Dog-Bot", NameColor.red), ("Explode-Bot", .green), ("Fire-Bot", .blue)] {
                _ = try store.edit(name, MonsterChanges(nameColor: chosen))
            }
        }
        roster.press(.character("v"), .character(" "))
        var problems = offenders(roster.screen, "the list with a mark and columns")
        roster.press(.character("/"))
        roster.type("we")
        problems += offenders(roster.screen, "the filter being typed")
        roster.press(.escape, .character("w"))
        problems += offenders(roster.screen, "the weapon panel")
        roster.press(.escape, .escape, .character("x"))
        problems += offenders(roster.screen, "the question before removing")
        roster.press(.character("n"))
        try roster.edit("Colour")
        problems += offenders(roster.screen, "the colour popover")
        roster.press(.escape)
        try roster.edit("Origin")
        problems += offenders(roster.screen, "the origin wheel")
        roster.press(.escape, .escape, .character("a"))
        problems += offenders(roster.screen, "the activation picker")
        roster.press(.escape, .character("?"))
        problems += offenders(roster.screen, "the help")
        roster.press(.escape, .character("h"))
        problems += offenders(roster.screen, "the history")
        return problems
    }

    @Test("every text and line of every screen reaches 4.5:1 in every palette")
    func highContrast() throws {
        let problems = try ThemeChoice.highContrast.applying { try everyScreen() }
        #expect(problems.isEmpty, "\(problems.count) unreadable pairs:\n\(problems.prefix(30).joined(separator: "\n"))")
    }

    @Test("the standard theme does not: its quiet borders and cyan marks are what the high-contrast theme changes")
    func standardDoesNot() throws {
        let problems = try ThemeChoice.standard.applying { try everyScreen() }
        #expect(problems.contains { $0.contains("in xterm") && $0.contains("─") }, "a grey border on white")
        #expect(problems.contains { $0.contains("“/”") }, "the filter's cyan /")
    }
}
