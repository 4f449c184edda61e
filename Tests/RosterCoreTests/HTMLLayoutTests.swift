import Foundation
import Testing
@testable import RosterCore

/// The HTML report's layout at the widths where it broke: between about
/// 641 and 930 px its table squeezed names to a letter a line and ran off
/// the page. What the page looks like is checked in a browser by
/// `script/check-html-report`; these pin the rules that fixed it.
@Suite("The HTML report's layout by width")
struct HTMLLayoutTests {
    @Test("below 60rem each monster is a card, in as many columns as fit; above, the name keeps room in the table")
    func cardsUntilTheTableFits() {
        let sheet = HTMLStyle.sheet
        guard let cards = sheet.firstRange(of: "@media (max-width:60rem){") else {
            Issue.record("no card layout below 60rem:\n\(sheet)")
            return
        }
        let narrow = sheet[cards.upperBound...]
        #expect(narrow.contains("table,tbody,tr,td{display:block}"))
        #expect(narrow.contains("tbody{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,17rem),1fr))"))
        #expect(narrow.contains("td.monster{grid-area:who;min-width:0}"), "a card's name shares its row with the weapon")
        #expect(sheet[..<cards.lowerBound].contains("td.monster{min-width:12rem}"), "a table never squeezes the name")
        #expect(!sheet.contains("<script"), "the page stays without scripts")
    }
}
