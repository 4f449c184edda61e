import Testing
@testable import RosterCLI
import RosterCore
import TerminalKit

/// A name is drawn in the terminal's own text colour everywhere, which is
/// readable on its background; its colour is a swatch beside it, the same
/// style in the interactive roster, `list`'s table and `show`.
@Suite("Name colours")
struct NameStyleTests {
    @Test("the table puts a name's colour in a swatch before it and leaves the name in the terminal's text colour")
    func tableSwatch() {
        var table = TextTable(columns: [.init(header: "ID", alignment: .right), .init(header: "NAME")])
        table.rows = [[.init("1"), .init("Blue-Bot", swatch: NameColor.blue.swatch)],
                      [.init("2"), .init("Plain-Bot", swatch: NameColor.default.swatch)]]
        let lines = table.render(maxWidth: 80, depth: .ansi16).split(separator: "\n").map(String.init)
        let bold = Style.plain.bold.sgr(depth: .ansi16)
        #expect(lines[0] == bold + "ID\u{1B}[0m    " + bold + "NAME\u{1B}[0m", "the header over the names, past the swatches")
        #expect(lines[1] == " 1  " + NameColor.blue.style.sgr(depth: .ansi16) + "■\u{1B}[0m Blue-Bot")
        #expect(lines[2] == " 2    Plain-Bot", "the default colour has no swatch, and its name lines up")
        #expect(NameColor.blue.swatch == Style(foreground: .brightBlue))
        #expect(NameColor.default.swatch == nil)
    }

    @Test("without colour the table has neither escapes nor swatches")
    func tableWithoutColour() {
        var table = TextTable(columns: [.init(header: "NAME")])
        table.rows = [[.init("Red-Bot", swatch: NameColor.red.swatch)], [.init("Plain-Bot")]]
        #expect(table.render(maxWidth: 80, depth: .none) == "NAME\nRed-Bot\nPlain-Bot\n")
    }

    @Test("a table cut to the terminal's width counts the swatches")
    func cutCountsSwatches() {
        var table = TextTable(columns: [.init(header: "NAME"), .init(header: "DESCRIPTION", flexible: true)])
        table.rows = [[.init("Red-Bot", swatch: NameColor.red.swatch), .init("a long description of the bot")]]
        let row = table.render(maxWidth: 30, depth: .ansi16).split(separator: "\n").map(String.init)[1]
        let visible = row.replacingOccurrences(of: NameColor.red.style.sgr(depth: .ansi16), with: "").replacingOccurrences(of: "\u{1B}[0m", with: "")
        #expect(DisplayWidth.of(visible) == 30, "\(visible.debugDescription)")
    }

    @Test("show's lines: the name bold in the text colour, the colour's swatch before its word")
    func showLines() {
        let monster = Monster(id: 4, name: "Fire-Bot", description: "", icon: Monster.defaultIcon, nameColor: .red, weapon: Weapon(.fire))
        let output = MonsterOutput(context: CommandContext(environment: { _ in nil }))
        let lines = output.detailLines(monster, swatches: true)
        #expect(lines[0].styled(depth: .ansi16) == "\u{1B}[0;1mFire-Bot\u{1B}[0m")
        let colour = lines.map { $0.styled(depth: .ansi16) }.first { $0.contains("name colour") }
        #expect(colour == "  name colour  \u{1B}[0;31m■\u{1B}[0m Red")
        let plain = output.detailLines(monster).map { $0.styled(depth: .none) }
        #expect(plain.contains("  name colour  Red") && plain[0] == "Fire-Bot")
    }
}
