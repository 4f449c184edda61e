import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// Typing an expression in `/` letter by letter: its first letters (`we`,
/// `weap`, `weapon=`) are not filtered as a name for a moment. The list
/// keeps the last filter that meant something until the text is a valid
/// expression, or clearly a name (a letter no field's name has next).
@Suite("Typing the first letters of an expression")
struct FilterTypingTests {
    static let everyone = ["Cat-Bot", "Dog-Bot", "Explode-Bot", "Fire-Bot", "Ice-Bot", "Mini-Tomato-Bot"]

    @Test("typing weapon=fire a letter at a time: the list shows everyone until it shows the one with fire, never an empty list")
    func noJumps() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        roster.press(.character("/"))
        var seen: [[String]] = []
        for letter in "weapon=fire" {
            roster.type(String(letter))
            seen.append(roster.list.lines)
        }
        #expect(seen.last == ["Ice-Bot"], "\(roster.text)")
        #expect(seen.allSatisfy { $0 == Self.everyone || $0 == ["Ice-Bot"] }, "the list jumped: \(seen)")
        #expect(seen.prefix(6).allSatisfy { $0 == Self.everyone }, "`w` to `weapon`: the list as it was")
        #expect(roster.listFilterLine?.contains("weapon=fire") == true)
    }

    @Test("the footer says why the list waits; one letter no field has next filters names at once")
    func plainNameFilters() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        roster.press(.character("/")).type("ic")
        #expect(roster.list.lines == Self.everyone, "`ic` may begin icon")
        #expect(roster.footer.message == "`ic` may begin a field's name; Enter filters names holding it", "\(roster.footer.message ?? "")")
        roster.type("e")
        #expect(roster.list.lines == ["Ice-Bot"], "`ice` is clearly a name")
    }

    @Test("Enter on the first letters of a field filters names holding them, as typed")
    func enterFiltersNames() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        roster.press(.character("/")).type("de")
        #expect(roster.list.lines == Self.everyone, "`de` may begin description")
        roster.press(.enter)
        #expect(roster.list.lines == ["Explode-Bot"], "names holding `de`: \(roster.text)")
    }

    @Test("from a broken expression back to a field's first letters, the broken one's problem is no longer told")
    func backFromProblem() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        roster.press(.character("/")).type("weapon=fire")
        #expect(roster.list.lines == ["Ice-Bot"])
        for _ in 0..<5 { roster.press(.backspace) }       // `weapon`
        #expect(roster.list.lines == ["Ice-Bot"], "the last filter that meant something")
        #expect(roster.footer.message == "`weapon` may begin a field's name; Enter filters names holding it", "\(roster.footer.message ?? "")")
        roster.press(.escape)
        #expect(roster.list.lines == Self.everyone)
    }
}
