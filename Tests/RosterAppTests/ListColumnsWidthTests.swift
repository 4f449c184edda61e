import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// The split gives the list the room its chosen columns ask for where the
/// screen is wide, the details keeping theirs; narrow, the list stays a
/// glyph and a name. Read as a person reads the list: each row's words,
/// and where each column starts.
@Suite("The list's columns have room")
struct ListColumnsWidthTests {
    /// The monster list's rows as drawn inside its border, docked or the drawer.
    private static func rows(_ roster: RosterScreenHarness) -> (rows: [String], width: Int) {
        let screen = roster.interface.screen
        let buffer = roster.screen
        let view: MonsterListView = roster.window.isPresenting(screen.listOverlay) ? screen.listOverlay : screen.list
        let frame = view.frame
        // The headings' row heads the rows; it is none of them.
        let rows = ((frame.y + 1)..<(frame.maxY - 1)).filter { $0 != view.headingArea.y }.map { y in
            String(buffer.text(row: y).dropFirst(frame.x + 1).prefix(frame.width - 2))
        }.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        return (rows, frame.width)
    }

    /// Where `word` starts in `row`, in cells (every test row is ASCII but the glyph).
    private static func column(of word: String, in row: String) -> Int? {
        row.range(of: word).map { DisplayWidth.of(String(row[..<$0.lowerBound])) }
    }

    private static func roster(_ size: Size, columns: [ListColumn]) throws -> RosterScreenHarness {
        let roster = try RosterScreenHarness(width: size.width, height: size.height) { store in
            _ = try store.edit("Cat-Bot", MonsterChanges(origin: .some("JP")))
            _ = try store.edit("Dog-Bot", MonsterChanges(origin: .some("UM")))
        }
        roster.interface.controller.listColumns = columns
        return roster.showList()
    }

    static let wide = [Size(width: 200, height: 35), Size(width: 200, height: 50), Size(width: 160, height: 35), Size(width: 120, height: 35)]

    @Test("columns = weapon, origin: on a wide screen every row shows its name, weapon and origin, each in one aligned column",
          arguments: wide)
    func weaponAndOrigin(_ size: Size) throws {
        let roster = try Self.roster(size, columns: [.weapon, .origin])
        let (rows, width) = Self.rows(roster)
        #expect(width > 40, "the list is wider than names alone need: \(width)")
        #expect(roster.interface.screen.details.frame.width >= DetailPane.roomyWidth, "the details keep their room")
        let weapons = ["Sword", "Blowgun", "Smoke", "Ninja Star", "Fire", "Ninja Star"]
        #expect(rows.count == 6, "\(rows)")
        let weaponColumns = zip(rows, weapons).map { Self.column(of: $1, in: $0) }
        #expect(weaponColumns.allSatisfy { $0 != nil } && Set(weaponColumns).count == 1, "weapons aligned: \(rows)")
        // An origin too long for its column is cut with …, as names are.
        let japan = try #require(Self.column(of: "Japan", in: rows[0]), "\(rows)")
        let islands = try #require(Self.column(of: "United States…", in: rows[1]), "\(rows)")
        #expect(japan == islands, "origins aligned: \(rows)")
        #expect(!rows[1].contains("Minor"), "cut to its column: \(rows[1])")
        #expect(japan > (weaponColumns[0] ?? 0), "origin after weapon")
    }

    @Test("all four columns at 200 and 160 wide: weapon, height, origin and activated beside each name", arguments: [
        Size(width: 200, height: 35), Size(width: 160, height: 35),
    ])
    func allFour(_ size: Size) throws {
        let roster = try Self.roster(size, columns: ListColumn.allCases)
        let row = Self.rows(roster).rows[0]
        let height = try #require(roster.store.find("Cat-Bot")?.height?.displayName)
        let columns = ["Cat-Bot", "Sword", height, "Japan"].map { Self.column(of: $0, in: row) }
        #expect(columns.allSatisfy { $0 != nil } && columns == columns.sorted(by: { ($0 ?? 0) < ($1 ?? 0) }), "in order: \(row)")
    }

    @Test("80 columns: the list stays a glyph and a name, the details keep the picture beside the fields")
    func narrow() throws {
        let roster = try Self.roster(Size(width: 80, height: 24), columns: [.weapon, .origin])
        #expect(roster.list.lines == ["Cat-Bot", "Dog-Bot", "Explode-Bot", "Fire-Bot", "Ice-Bot", "Mini-Tomato-Bot"])
        #expect(Self.rows(roster).width == 24)
    }

    @Test("60×20: the monster drawer over the details takes the width its columns ask for")
    func drawer() throws {
        let roster = try Self.roster(Size(width: 60, height: 20), columns: [.weapon, .origin])
        #expect(roster.window.isPresenting(roster.interface.screen.listOverlay))
        let (rows, width) = Self.rows(roster)
        #expect(width == ListColumn.listWidth(showing: [.weapon, .origin]), "\(width)")
        #expect(Self.column(of: "Sword", in: rows[0]) == Self.column(of: "Blowgun", in: rows[1]), "\(rows)")
        #expect(rows[0].contains("Japan"), "\(rows)")
    }

    @Test("names only: the split is as before, a list of 36 at 120 columns and 40 at 200")
    func namesOnly() throws {
        #expect(RosterRootView.listWidth(bodyWidth: 120, columns: []) == 36)
        #expect(RosterRootView.listWidth(bodyWidth: 200, columns: []) == 40)
        #expect(RosterRootView.listWidth(bodyWidth: 80, columns: ListColumn.allCases) == 24)
    }

    @Test("v's sentence follows a resize: what fits is said again for the new width, as v says it there")
    func sentenceFollowsResize() throws {
        func sentence(at size: Size) throws -> String? {
            let fresh = try RosterScreenHarness(width: size.width, height: size.height)
            return fresh.press(.character("v")).footer.message
        }
        let roster = try RosterScreenHarness(width: 120, height: 35)
        roster.press(.character("v"))
        #expect(roster.interface.controller.listColumns == ListColumn.allCases)
        #expect(roster.footer.message == "the list shows weapon, height; origin, activated need a wider screen", "\(roster.text)")
        for size in [Size(width: 160, height: 35), Size(width: 80, height: 24), Size(width: 60, height: 20), Size(width: 200, height: 50)] {
            roster.interface.resize(to: size)
            #expect(roster.footer.message == (try sentence(at: size)), "\(size): \(roster.text)")
        }
        #expect(roster.footer.message == "the list shows weapon, height, origin, activated")
    }
}

/// Which columns the list shows depends on its width and the choice
/// alone: a filter, a longer name or a scroll never swaps one column for
/// another under the person.
@Suite("The columns stay as chosen, whatever names are shown")
struct ColumnsStayPutTests {
    /// The list's headings row, as drawn: "Name ▲  Weapon  Height".
    private static func headings(_ roster: RosterScreenHarness) -> String {
        let screen = roster.interface.screen
        let view: MonsterListView = roster.window.isPresenting(screen.listOverlay) ? screen.listOverlay : screen.list
        let row = roster.screen.text(row: view.headingArea.y)
        return String(row.dropFirst(view.frame.x).prefix(view.frame.width))
    }

    private static func words(_ headings: String) -> [String] {
        headings.split(whereSeparator: { !$0.isLetter }).map(String.init).filter { ["Name", "Weapon", "Height", "Origin", "Activated"].contains($0) }
    }

    @Test("all four chosen: a filter to short names, then cleared, shows the same columns in the same places", arguments: [
        Size(width: 120, height: 35), Size(width: 60, height: 20),
    ])
    func filterClearedKeepsColumns(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        roster.showList().press(.character("v"))
        let before = Self.headings(roster)
        #expect(Self.words(before) == ["Name", "Weapon", "Height"], "\(before)")
        roster.press(.character("/")).type("cat")
        #expect(roster.list.lines.count == 1, "\(roster.list.lines)")
        #expect(Self.headings(roster) == before, "filtered to Cat-Bot: \(Self.headings(roster))")
        roster.press(.escape)
        roster.showList()
        #expect(roster.list.lines.count == 6, "\(roster.list.lines)")
        #expect(Self.headings(roster) == before, "cleared: \(Self.headings(roster))")
    }

    @Test("another program lengthens Cat-Bot's name at 120 columns: the columns stay, and nothing need be said of them")
    func longerNameKeepsColumns() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        roster.showList().press(.character("v"))
        let before = Self.headings(roster)
        let other = try SQLiteRosterStore.open(path: roster.path)
        _ = try other.edit("Cat-Bot", MonsterChanges(name: "Cat-Bot-The-Longest-Of-All-The-Cats-Ever"))
        #expect(roster.interface.poll())
        #expect(Self.headings(roster) == before, "\(Self.headings(roster))")
        #expect(roster.footer.message?.contains("column") != true, "\(roster.footer.message ?? "")")
        // The long name is cut with … in the name column; its weapon stays aligned.
        let row = try #require(roster.list.lines.first { $0.hasPrefix("Cat-Bot-The") }, "\(roster.list.lines)")
        #expect(row.contains("…") && row.contains("Sword"), "\(row)")
    }
}
