import RosterCore
import TerminalKit

/// Writes monsters to stdout in the format asked for.
///
/// `table` is for people (aligned, coloured, cut to the terminal's width);
/// `plain` is for pipes (tab-separated, every field, nothing cut, no
/// colour); `json`, `ndjson` and `csv` are for programs. Text from the
/// database is escaped wherever it could reach a terminal: in `table` and
/// `plain` as visible escapes, in JSON as JSON escapes.
struct MonsterOutput {
    let context: CommandContext

    static func colorStyle(_ color: NameColor) -> String? {
        switch color {
        case .default: nil
        case .red: "31"
        case .green: "32"
        case .blue: "34"
        }
    }

    func list(_ store: RosterStore, weapon: WeaponType?, format: String) throws {
        let output = context.stdout
        switch format {
        case "json":
            try output.append("[")
            var first = true
            try store.forEachRow(carrying: weapon) { row in
                try output.append(first ? "\n  " : ",\n  ")
                first = false
                try MonsterRecords.appendJSON(row: row, to: output)
            }
            try output.append(first ? "]\n" : "\n]\n")
        case "ndjson":
            try store.forEachRow(carrying: weapon) { row in
                try MonsterRecords.appendJSON(row: row, to: output)
                try output.append(UInt8(ascii: "\n"))
            }
        case "csv":
            let writer = CSVWriter()
            try MonsterRecords.appendCSVHeader(to: output, writer: writer)
            try store.forEachRow(carrying: weapon) { row in
                try MonsterRecords.appendCSV(row: row, to: output, writer: writer)
            }
        case "plain":
            try store.forEachMonster(carrying: weapon) { monster in
                try output.append(plainLine(monster))
            }
        default:
            var table = TextTable(columns: [
                .init(header: "ID", alignment: .right),
                .init(header: "NAME"),
                .init(header: "WEAPON"),
                .init(header: "DESCRIPTION", flexible: true),
            ])
            try store.forEachMonster(carrying: weapon) { monster in
                table.rows.append([
                    .init(String(monster.id)),
                    .init(SafeText.escaped(monster.name), style: Self.colorStyle(monster.nameColor)),
                    .init("\(monster.weapon.glyph) \(monster.weapon.displayName)"),
                    .init(SafeText.escaped(monster.description)),
                ])
            }
            try output.append(table.render(maxWidth: context.terminalWidth, color: context.colorEnabled))
        }
    }

    /// `id, name, description, icon, name_color, weapon`, tab-separated.
    func plainLine(_ monster: Monster) -> String {
        [String(monster.id), monster.name, monster.description, monster.icon, monster.nameColor.key,
         monster.weapon.type.key].map(SafeText.escaped).joined(separator: "\t") + "\n"
    }

    func show(_ monster: Monster, format: String) throws {
        let output = context.stdout
        switch format {
        case "json":
            try MonsterRecords.appendJSON(monster, to: output)
            try output.append("\n")
        case "plain":
            let fields = [("id", String(monster.id)), ("name", monster.name), ("description", monster.description),
                          ("icon", SafeText.escaped(monster.icon)), ("name_color", monster.nameColor.key), ("weapon", monster.weapon.type.key)]
            for (key, value) in fields {
                try output.append("\(key)\t\(SafeText.escaped(value))\n")
            }
        default:
            let name = SafeText.escaped(monster.name)
            if context.colorEnabled {
                let style = Self.colorStyle(monster.nameColor).map { "1;\($0)" } ?? "1"
                try output.append("\u{1B}[\(style)m\(name)\u{1B}[0m\n")
            } else {
                try output.append(name + "\n")
            }
            let rows: [(String, String)] = [
                ("id", String(monster.id)),
                ("description", SafeText.escaped(monster.description)),
                ("icon", SafeText.escaped(monster.icon)),
                ("name colour", monster.nameColor.displayName),
                ("weapon", "\(monster.weapon.glyph) \(monster.weapon.displayName)"),
            ]
            for (label, value) in rows {
                try output.append("  " + label.padding(to: 13) + value + "\n")
            }
        }
    }
}
