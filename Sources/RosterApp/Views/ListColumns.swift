import RosterCore
import TerminalKit

/// The columns the monster list can show beside each name: weapon,
/// height, origin and activation date, in that order.
///
/// `v` steps through what is shown: nothing but glyph and name, all four,
/// then each alone. The start is `columns` in config.toml
/// (`ROSTER_COLUMNS`), else nothing. Only the columns that fit are
/// drawn, left to right, after a name column as wide as the longest name
/// on screen (at most `nameLimit`), so that a narrow list stays a glyph
/// and a name; a value too long for its column is cut with … as names
/// are. Every value is drawn through the buffer, which shows control
/// characters as visible escapes.
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

    /// The widest a name column grows before its names are cut.
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

    /// The columns of `chosen` that fit `width` cells after a name column
    /// of `nameWidth` and the glyph's three cells, each after a gap of two.
    static func fitting(_ chosen: [ListColumn], width: Int, nameWidth: Int) -> [ListColumn] {
        var used = 3 + nameWidth
        var shown: [ListColumn] = []
        for column in chosen where used + 2 + column.width <= width {
            shown.append(column)
            used += 2 + column.width
        }
        return shown
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

extension RosterRootView {
    /// After an event: a chosen column the list showed and no longer has
    /// room for, while neither the choice (`v`) nor the screen's size
    /// changed, went because the names shown grew (a rename, another
    /// program's, or scrolling to a longer name), as the columns' rule
    /// says: names first, up to `ListColumn.nameLimit`. Said once as it
    /// goes, after whatever the event itself said; a column coming back
    /// needs no word.
    func noticeColumnsHidden() {
        let listShown = !isCollapsed || window?.isPresenting(listOverlay) == true
        let shown = listShown && !controller.listColumns.isEmpty ? columnsFitting(controller.listColumns) : []
        defer { columnsSeen = (controller.listColumns, frame.size, isCollapsed, shown) }
        guard listShown, let seen = columnsSeen, seen.chosen == controller.listColumns, seen.size == frame.size,
              seen.collapsed == isCollapsed else { return }
        let hidden = seen.shown.filter { !shown.contains($0) }
        guard !hidden.isEmpty else { return }
        let names = hidden.map(\.rawValue)
        let listed = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        let sentence = hidden.count == 1 ? "the \(listed) column is hidden: the names need its room; v chooses columns"
            : "the \(listed) columns are hidden: the names need their room; v chooses columns"
        // What `v` said the list shows no longer holds: this replaces it,
        // keeping what was said after it (another program's news).
        var before = controller.status
        if let told = before, let columns = controller.toldColumns, told.text.hasPrefix(columns) {
            // "meanwhile" was said of v's sentence, which goes.
            var after = told.text.dropFirst(columns.count).drop { $0 == ";" || $0 == " " }
            if after.hasPrefix("meanwhile ") { after = after.dropFirst("meanwhile ".count) }
            before = after.isEmpty ? nil : (String(after), told.isError)
            controller.toldColumns = nil
        }
        if let told = before {
            controller.tell("\(told.text); \(sentence)", isError: told.isError)
        } else {
            controller.tell(sentence, isError: false)
        }
    }
}
