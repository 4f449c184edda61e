import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// The list as a person arranges it: `/` keeps only a filter that means
/// something and always shows the one in force; `s` steps the sort
/// through the fields and `S` turns it round, in the order `list --sort`
/// gives, with the title saying which.
@Suite("The list's filter in force and its sort")
struct ListOrderAndFilterTests {
    static let sizes = [Size(width: 120, height: 35), Size(width: 80, height: 24), Size(width: 60, height: 20)]

    @Test("Enter on a filter that means nothing is refused: the line shows the filter in force, the footer says what was refused",
          arguments: sizes)
    func brokenFilterRefused(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        roster.press(.character("/")).type("weapon=fire").press(.enter)
        #expect(roster.list.lines == ["Ice-Bot"], "\(roster.text)")
        #expect(roster.listFilterLine == "weapon=fire")
        roster.press(.character("/")).type("x").press(.enter).showList()
        #expect(roster.focused != "filter", "Enter leaves the field: \(roster.text)")
        #expect(roster.listFilterLine == "weapon=fire", "the filter in force, not the text refused: \(roster.text)")
        let message = try #require(roster.footer.message, "\(roster.text)")
        #expect(message.hasPrefix("refused `weapon=firex`, column ") && message.contains("unknown weapon `firex`"), "\(message)")
        #expect(message.hasSuffix("the list still shows `weapon=fire`"), "\(message)")
        #expect(roster.list.lines == ["Ice-Bot"], "the last good filter is applied: \(roster.text)")
        #expect(roster.listTitle?.contains("1 found") == true, "\(roster.listTitle ?? "no title")")
        // `/` again starts from the filter in force.
        roster.press(.character("/")).type(" and height>5ft").press(.enter)
        #expect(roster.interface.controller.list.filterInForce == "weapon=fire and height>5ft")
        #expect(roster.listFilterLine?.hasPrefix("weapon=fire and h") == true, "the line shows it, cut to the list: \(roster.text)")
    }

    @Test("/ wepon=fire and Enter with every monster listed: no filter line, the footer says `wepon=fire` was refused", arguments: sizes)
    func brokenFromNothing(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        // Pasted whole: typed, its first letters would filter names on the way.
        roster.showList().press(.character("/")).paste("wepon=fire").press(.enter).showList()
        #expect(roster.focused != "filter")
        #expect(roster.footer.message == "refused `wepon=fire`, column 1: unknown field `wepon`; did you mean `weapon`? — the list still shows every monster",
                "\(roster.footer.message ?? "")")
        #expect(roster.list.lines.count == 6)
        #expect(roster.listTitle == "Monsters · 6", "not “found”: \(roster.listTitle ?? "")")
        #expect(roster.listFilterLine == nil, "no filter is in force: \(roster.text)")
    }

    @Test("`weapon=fire and` quotes the filter in force without the space typed after it")
    func filterInForceTrimmed() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        roster.press(.character("/")).type("weapon=fire and").press(.enter)
        #expect(roster.footer.message?.hasPrefix("refused `weapon=fire and`") == true, "\(roster.footer.message ?? "")")
        #expect(roster.footer.message?.hasSuffix("the list still shows `weapon=fire`") == true, "\(roster.footer.message ?? "")")
    }

    @Test("s steps through name, weapon, height, origin, activated and id, in the order list --sort gives; S turns it round",
          arguments: sizes)
    func sortCycle(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        roster.press(.escape)
        let other = try SQLiteRosterStore.open(path: roster.path)
        for field in RosterSessionController.sortCycle {
            roster.press(.character("s")).showList()
            let sorted = try other.monsters(matching: MonsterQuery(order: [MonsterSortKey(field: field)])).map(\.name)
            #expect(roster.list.lines == sorted, "\(field): \(roster.text)")
            roster.press(.character("S")).showList()
            let reversed = try other.monsters(matching: MonsterQuery(order: [MonsterSortKey(field: field, descending: true)])).map(\.name)
            #expect(roster.list.lines == reversed, "-\(field): \(roster.text)")
            roster.press(.character("S")).showList()
        }
        #expect(roster.list.lines == ["Cat-Bot", "Dog-Bot", "Explode-Bot", "Fire-Bot", "Ice-Bot", "Mini-Tomato-Bot"])
    }

    @Test("by height, tallest first: the list, the title and the footer say so; the selected monster stays selected", arguments: sizes)
    func tallestFirst(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        roster.showList().press(.down)
        #expect(roster.list.selected == "Dog-Bot")
        roster.press(.character("s"), .character("s"), .character("s"), .character("S")).showList()
        #expect(roster.list.lines == ["Fire-Bot", "Ice-Bot", "Explode-Bot", "Dog-Bot", "Cat-Bot", "Mini-Tomato-Bot"], "\(roster.text)")
        #expect(roster.list.selected == "Dog-Bot", "\(roster.text)")
        let title = try #require(roster.listTitle)
        #expect(title.contains("height, tallest first") || title.contains("height ▼"), "\(title)")
        if size.width >= 120 { #expect(title == "6 · height, tallest first", "\(title)") }
        // The footer says it whole, whatever the width.
        roster.press(.character("S"), .character("S"))
        #expect(roster.footer.message == "sorted by height, tallest first", "\(roster.footer.message ?? "")")
    }

    @Test("a filter keeps the sort: the matches in sorted order")
    func filterKeepsSort() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        roster.press(.character("s"), .character("s"), .character("s"), .character("S"))
        roster.press(.character("/")).type("colour=red").press(.enter)
        #expect(roster.list.lines == ["Fire-Bot", "Explode-Bot"], "\(roster.text)")
        roster.press(.escape)
        #expect(roster.list.lines.first == "Fire-Bot")
        #expect(roster.list.lines.count == 6)
    }

    @Test("a field saved in a sorted list moves the monster to its new place: Cat-Bot given a Blowgun goes to the top when sorted by weapon")
    func savedFieldKeepsSort() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        roster.press(.character("s"), .character("s")).showList()
        #expect(roster.list.selected == "Cat-Bot", "\(roster.text)")
        #expect(roster.list.lines.first != "Cat-Bot", "\(roster.text)")
        roster.press(.character("w"), .character("1"), .escape).showList()
        let other = try SQLiteRosterStore.open(path: roster.path)
        #expect(try other.monster(id: 1)?.weapon.type == .blowgun)
        let sorted = try other.monsters(matching: MonsterQuery(order: [MonsterSortKey(field: .weapon)])).map(\.name)
        #expect(roster.list.lines == sorted, "\(roster.text)")
    }
}
