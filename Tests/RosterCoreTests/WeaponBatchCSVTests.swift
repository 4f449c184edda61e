import Testing
@testable import RosterCore

/// `set-weapon --stdin` given what a spreadsheet or a hand-written file
/// holds: `NAME,WEAPON` lines with CSV quoting, a `name,weapon` header and
/// `#` comments, beside the tab-separated and NDJSON lines it took before.
@Suite("Weapon batches as CSV")
struct WeaponBatchCSVTests {
    @Test("NAME,WEAPON lines are read, quoted cells too; the header and comments are skipped")
    func csvLines() {
        let input = "# weapons for the show\nName, Weapon\nCat-Bot,fire\n\"Bot, Esq.\",ninja star\n\"Say \"\"Hi\"\"\",smoke\n  # indented comment\nDog-Bot\tsword\n"
        let parsed = WeaponBatch.parse(Array(input.utf8))
        #expect(parsed.problems.isEmpty, "\(parsed.problems)")
        #expect(parsed.assignments.map(\.reference) == ["Cat-Bot", "Bot, Esq.", "Say \"Hi\"", "Dog-Bot"])
        #expect(parsed.assignments.map(\.weapon) == [.fire, .ninjaStar, .smoke, .sword])
    }

    @Test("a bad CSV line is reported at its line, the weapon at its column")
    func csvProblems() {
        let input = "Cat-Bot,swrod\n\"open,fire\nA,B,C\nlonely\n"
        let parsed = WeaponBatch.parse(Array(input.utf8))
        #expect(parsed.problems.map { $0.location?.line } == [1, 2, 3, 4])
        #expect(parsed.problems[0].location?.column == 9)
        #expect(parsed.problems[0].message.contains("did you mean `sword`"))
        #expect(parsed.problems[2].message.contains("3 comma-separated cells"))
        #expect(parsed.assignments.isEmpty)
    }
}
