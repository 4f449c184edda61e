import Testing
@testable import RosterCLI
import TerminalKit

@Suite("The terminal table")
struct TextTableTests {
    @Test("a name wider than the terminal is cut with … rather than wrapped into the next row")
    func wideNameIsCut() {
        var table = TextTable(columns: [.init(header: "ID", alignment: .right), .init(header: "NAME", shrinksLast: true),
                                        .init(header: "WEAPON"), .init(header: "DESCRIPTION", flexible: true)])
        let wide = String(repeating: "猫", count: 64)
        table.rows = [[.init("10"), .init(wide), .init("† Sword"), .init("Purrs")],
                      [.init("1"), .init("Cat-Bot"), .init("† Sword"), .init("MEE-OW")]]
        let lines = table.render(maxWidth: 80, depth: .none).split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        for line in lines { #expect(DisplayWidth.of(line) <= 80, "\(line)") }
        #expect(lines[1].contains("猫…"), "\(lines[1])")
        #expect(lines[1].contains("† Sword"))
        // Where it fits, nothing is cut.
        #expect(table.render(maxWidth: 200, depth: .none).contains(wide))
    }
}
