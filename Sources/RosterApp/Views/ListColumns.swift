import RosterCore
import TerminalKit

/// The columns the monster list can show beside each name: weapon,
/// height, origin and activation date, in that order.
///
/// `v` steps through what is shown: nothing but glyph and name, all four,
/// then each alone. The start is `columns` in config.toml
/// (`ROSTER_COLUMNS`), else nothing. Only the columns that fit are
/// drawn, left to right, after a name column of `nameLimit` cells, so
/// that a narrow list stays a glyph and a name. Which fit depends on the
/// list's width alone, never on the names in sight: a filter, a scroll
/// or a rename never swaps one column for another under the person. The
/// name column takes whatever room the columns shown leave; a value too
/// long for its column is cut with … as names are. Every value is drawn
/// through the buffer, which shows control characters as visible escapes.
///
/// The split gives the list the width its chosen columns ask for
/// (`listWidth(showing:)`) as far as the details keep their own room
/// (`DetailPane.roomyWidth`), as ranger and lazygit widen a pane for
/// what it shows: with no columns it stays the narrow list of names.
public enum ListColumn: String, CaseIterable, Sendable {
    case weapon, height, origin, activated

    /// The columns a setting names: a comma-separated list of column
    /// names in any order and case (`"weapon, origin"`), `all`, or
    /// `none`; nil when a word is none of these. Shown in their own order.
    public static func named(setting: String) -> [ListColumn]? {
        let words = setting.split(separator: ",", omittingEmptySubsequences: false).map { trimmed($0).lowercased() }
        guard !words.isEmpty, !words.contains("") else { return nil }
        if words == ["none"] { return [] }
        if words == ["all"] { return allCases }
        let columns = words.compactMap(ListColumn.init(rawValue:))
        guard columns.count == words.count else { return nil }
        return allCases.filter(columns.contains)
    }

    /// The word of `setting` that names no column, for the sentence that refuses it.
    public static func unknownWord(inSetting setting: String) -> String? {
        setting.split(separator: ",", omittingEmptySubsequences: false)
            .map(trimmed)
            .first { ListColumn(rawValue: $0.lowercased()) == nil && !["none", "all"].contains($0.lowercased()) }
    }

    private static func trimmed(_ word: Substring) -> String {
        String(word.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    /// What `v` steps through, starting from none.
    static let choices: [[ListColumn]] = [[], allCases, [.weapon], [.height], [.origin], [.activated]]

    /// The room a name column keeps before any column is shown beside it:
    /// a name of 18 cells shows whole, with a mark's two cells before it.
    static let nameLimit = 20

    /// The column's width in cells.
    var width: Int {
        switch self {
        case .weapon: 10
        case .height: 11
        case .origin: 14
        case .activated: 10
        }
    }

    /// The column's heading, over its values.
    var heading: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// The field a sort by this column orders by.
    var sortField: QueryField {
        switch self {
        case .weapon: .weapon
        case .height: .height
        case .origin: .origin
        case .activated: .activated
        }
    }

    /// The value in the column, or an empty cell when unknown.
    func value(of monster: Monster) -> String {
        switch self {
        case .weapon: monster.weapon.type.displayName
        case .height: monster.height?.displayName ?? ""
        case .origin: monster.country?.name ?? monster.origin ?? ""
        case .activated: monster.activated.map { String($0.localDisplay.prefix(10)) } ?? ""
        }
    }

    /// What the footer says the list shows: "weapon, height".
    static func named(_ columns: [ListColumn]) -> String {
        columns.isEmpty ? "names only" : columns.map { "\($0)" }.joined(separator: ", ")
    }

    /// How wide a list must be to show `columns` beside names as long as
    /// `nameLimit`: its border, the glyph's three cells, the name column,
    /// each column after a gap of two, and a cell before the right border.
    /// None chosen: no width asked for.
    static func listWidth(showing columns: [ListColumn]) -> Int {
        guard !columns.isEmpty else { return 0 }
        return 2 + 3 + nameLimit + columns.reduce(0) { $0 + 2 + $1.width } + 1
    }

    /// The columns of `chosen` that fit `width` cells after the glyph's
    /// three cells and a name column of `nameLimit`, each after a gap of
    /// two; one that does not fit is skipped and the next tried. The same
    /// for the same width, whatever names the list shows.
    static func fitting(_ chosen: [ListColumn], width: Int) -> [ListColumn] {
        var used = 3 + nameLimit
        var shown: [ListColumn] = []
        for column in chosen where used + 2 + column.width <= width {
            shown.append(column)
            used += 2 + column.width
        }
        return shown
    }

    /// The name column's width in a list `width` cells wide (inside its
    /// border, less the glyph's three cells) showing `shown`: the room
    /// the columns leave, at least `nameLimit`.
    static func nameWidth(width: Int, showing shown: [ListColumn]) -> Int {
        max(nameLimit, width - 3 - shown.reduce(0) { $0 + 2 + $1.width })
    }
}

extension RosterSessionController {
    /// `v`: the next set of columns, and which of them fit (`tellColumns`).
    func cycleColumns(shown: ([ListColumn]) -> [ListColumn]) {
        let index = ListColumn.choices.firstIndex(of: listColumns) ?? 0
        listColumns = ListColumn.choices[(index + 1) % ListColumn.choices.count]
        tellColumns(shown: shown)
    }

    /// The footer says which of the chosen columns the list has room for
    /// at this size (`shown`), and which need a wider screen.
    func tellColumns(shown: ([ListColumn]) -> [ListColumn]) {
        let fitting = shown(listColumns)
        let missing = listColumns.filter { !fitting.contains($0) }
        let rest = missing.isEmpty ? "" : "; \(ListColumn.named(missing)) \(missing.count == 1 ? "needs" : "need") a wider screen"
        tell("the list shows \(ListColumn.named(fitting))\(rest)", isError: false)
        toldColumns = status?.text
    }
}
