import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// What the list says about itself: its title keeps the facts a person
/// acts on (the marks, the marks the filter hides, the order) at every
/// width, shortening words before it drops one; a row of headings names
/// the name and each column shown, the sort's marked ▲ or ▼.
@Suite("The list's title and its headings")
struct ListTitleAndHeadingsTests {
    static let sizes = [Size(width: 120, height: 35), Size(width: 80, height: 24), Size(width: 60, height: 20)]

    /// Cat-Bot, Dog-Bot and Ice-Bot marked, Ice-Bot (Fire) hidden by `weapon!=fire`.
    private func markedAndFiltered(_ size: Size) throws -> RosterScreenHarness {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        roster.showList()
        for position in [0, 1, 4] {
            roster.press(.home)
            for _ in 0..<position { roster.press(.down) }
            roster.press(.character(" "))
        }
        roster.press(.character("/")).type("weapon!=fire").press(.enter).showList()
        return roster
    }

    @Test("a sort on keeps “1 hidden” and the marks in the title, at every size", arguments: sizes)
    func sortKeepsHiddenMarks(_ size: Size) throws {
        let roster = try markedAndFiltered(size)
        roster.press(.character("s")).showList()
        let title = try #require(roster.listTitle, "\(roster.text)")
        #expect(title.contains("3 marked, 1 hidden") || title.contains("3✓, 1 hidden"), "\(title)")
        roster.press(.character("s"), .character("s")).showList()     // by height: "height ▲" at the least
        let byHeight = try #require(roster.listTitle)
        #expect(byHeight.contains("1 hidden"), "\(byHeight)")
    }

    @Test("the words shorten before a fact goes: marks, then hidden marks, then the order, then the count")
    func factsByPriority() {
        let tallest = MonsterSortKey(field: .height, descending: true)
        func title(_ width: Int) -> String {
            MonsterListView.title(count: 5, filtered: true, order: tallest, marks: 3, hiddenMarks: 1, width: width)
        }
        #expect(title(80) == "Monsters · 5 found · sorted by height, tallest first · 3 marked, 1 hidden")
        #expect(title(50) == "5 · height, tallest first · 3 marked, 1 hidden")
        #expect(title(34) == "5 · height ▼ · 3 marked, 1 hidden")
        #expect(title(30) == "5 · height ▼ · 3✓, 1 hidden")
        #expect(title(24) == "height ▼ · 3✓, 1 hidden")
        #expect(title(18) == "3✓, 1 hidden", "the 24-column list of an 80-column split")
        #expect(title(4) == "3✓")
        #expect(MonsterListView.title(count: 6, filtered: false, order: nil, marks: 0, width: 34) == "Monsters · 6")
        #expect(MonsterListView.title(count: 6, filtered: false, order: tallest, marks: 0, width: 18) == "6 · height ▼")
    }

    @Test("names alone: a heading over the names, marked ▲ when sorted by name and ▼ reversed", arguments: sizes)
    func nameHeading(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        roster.showList()
        #expect(roster.listHeadings == "Name", "\(roster.text)")
        roster.press(.character("s")).showList()
        #expect(roster.listHeadings == "Name ▲", "\(roster.text)")
        roster.press(.character("S")).showList()
        #expect(roster.listHeadings == "Name ▼", "\(roster.text)")
        #expect(roster.list.lines.first == "Mini-Tomato-Bot", "the heading is no monster's row: \(roster.list.lines)")
    }

    @Test("all four columns at 160 and 200: a heading over each, where its values start, the sort's marked", arguments: [
        Size(width: 160, height: 35), Size(width: 200, height: 35),
    ])
    func columnHeadings(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        roster.interface.controller.listColumns = ListColumn.allCases
        #expect(roster.listHeadings == "Name  Weapon  Height  Origin  Activated", "\(roster.text)")
        roster.press(.character("s"), .character("s"), .character("s"), .character("S"))    // by height, tallest first
        #expect(roster.listHeadings == "Name  Weapon  Height ▼  Origin  Activated", "\(roster.text)")
        // Each heading starts in the cell its column's values start in.
        let list = roster.interface.screen.list
        let heading = roster.screen.text(row: list.headingArea.y)
        let fireBot = try #require(roster.lines.first { $0.contains("Fire-Bot") })
        for (word, value) in [("Name", "Fire-Bot"), ("Weapon", "Ninja Star"), ("Height", "5 ft 9 in")] {
            let headingAt = try #require(heading.range(of: word)).lowerBound
            let valueAt = try #require(fireBot.range(of: value)).lowerBound
            #expect(DisplayWidth.of(String(heading[..<headingAt])) == DisplayWidth.of(String(fireBot[..<valueAt])),
                    "\(word) over \(value):\n\(heading)\n\(fireBot)")
        }
    }

    @Test("at 120 the headings are those of the columns that fit; a sorted heading cut short keeps its ▼")
    func cutHeadingKeepsMark() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        roster.interface.controller.listColumns = [.activated]
        roster.press(.character("s"), .character("s"), .character("s"), .character("s"), .character("s"), .character("S"))
        #expect(roster.interface.controller.list.order == MonsterSortKey(field: .activated, descending: true))
        #expect(roster.listHeadings == "Name  Activat… ▼", "\(roster.text)")
    }

    @Test("an empty list has no headings over its sentence")
    func noHeadingsOverNothing() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        roster.press(.character("/")).type("zzz").press(.enter)
        #expect(roster.listHeadings == nil, "\(roster.text)")
        #expect(roster.listMessage?.hasPrefix("No names contain") == true, "\(roster.text)")
    }
}
