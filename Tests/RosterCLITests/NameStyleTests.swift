import Testing
@testable import RosterCLI
import RosterCore
import TerminalKit

/// A name's colour is one style, drawn the same by the interactive roster,
/// `list`'s table and `show`.
@Suite("Name colours")
struct NameStyleTests {
    @Test("the table draws a name with its colour's style, in the terminal's depth")
    func tableUsesTheStyle() {
        var table = TextTable(columns: [.init(header: "NAME")])
        table.rows = [[.init("Blue-Bot", style: NameColor.blue.style)], [.init("Plain-Bot", style: NameColor.default.style)]]
        let lines = table.render(maxWidth: 80, depth: .ansi16).split(separator: "\n").map(String.init)
        #expect(lines[0] == Style.plain.bold.sgr(depth: .ansi16) + "NAME\u{1B}[0m")
        #expect(lines[1] == NameColor.blue.style.sgr(depth: .ansi16) + "Blue-Bot\u{1B}[0m")
        #expect(lines[2] == "Plain-Bot")
        #expect(NameColor.blue.style == Style(foreground: .brightBlue))
        #expect(!table.render(maxWidth: 80, depth: .none).contains("\u{1B}"))
    }
}
