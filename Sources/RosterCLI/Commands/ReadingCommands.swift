import RosterCore
import TerminalKit

/// `list`, `show` and `weapons`: the commands that only read.
enum ReadingCommands {
    static let listWeapon = Option<WeaponType>("weapon", short: "w", value: "W", "only monsters carrying this weapon")
    static let listFormat = CommonOptions.format(CommonOptions.listFormats, default: CommonOptions.formatDefaultHelp)
    static let listHeader = Flag("header", "plain: start with a line of the fields' names")

    static let list: CommandSpec = CommandSpec(
        name: "list",
        abstract: "list the monsters, optionally only those matching a filter, sorted",
        discussion: """
            Rows come in roster order (by id). On a terminal the list is an aligned table
            (with height and origin when it is wide enough); piped, it is one tab-separated
            line per monster with every field: id, name, description, icon, name_color,
            weapon, height, origin, activated, in their stored forms (5ft11in, FR, a UTC
            time such as 2026-11-29T14:05:00Z), empty when unknown; a tab, newline or other
            control character shows as an escape (\\t, \\n, \\e) and a backslash as \\\\.
            JSON and NDJSON keep that key order, with null when unknown, so their output
            is stable from run to run.

            --where FIELD OP VALUE keeps the monsters for which it holds; several (or
            several joined by `and`) must all hold. Fields are the export's keys (colour
            and color for name_color); = and != compare, <, <=, >, >= compare id, height
            and activated, ~ finds text inside name, description or icon ignoring case.
            Values are read as the other commands read them: weapon=ninja star,
            height>=5ft, origin=Japan, activated<2020-01-01, origin=none for unknown.
            --sort weapon,-height sorts by what values mean (heights by length, dates by
            time, weapons and colours by their names, text ignoring case), unknown last,
            ties by id. --fields name,weapon gives only those fields, in that order, in
            every format (--header starts plain output with their names).
            """,
        options: [listWeapon, QueryOptions.filter, QueryOptions.sort, QueryOptions.fields, listFormat, listHeader],
        examples: [
            "roster list",
            "roster list --weapon sword --format json",
            "roster list --where 'height>=5ft' --where 'origin=Japan' --sort -height",
            "roster list --where 'description~bot' --fields name,weapon --format csv",
            "roster list --format plain | cut -f2",
        ],
        suggestedFor: ["ls"]
    ) { invocation in
        let query = try invocation.query(carrying: invocation[listWeapon])
        let format = invocation.format(listFormat)
        if invocation[listHeader], format != .plain {
            throw UsageError("--header applies to --format plain only (csv always has one)", command: invocation.commandName)
        }
        let store = try invocation.store()
        try MonsterOutput(context: invocation.context).list(store, query: query, format: format, header: invocation[listHeader])
        return .success
    }

    static let showFormat = CommonOptions.format([.table, .plain, .json], default: CommonOptions.formatDefaultHelp)

    static let show: CommandSpec = CommandSpec(
        name: "show",
        abstract: "show one monster's details",
        discussion: """
            On a terminal, the activation is shown on your clock (TZ) and the origin as
            a country's name and code, such as France (FR). Piped (plain) and JSON give
            the stored forms: 5ft11in, FR and a UTC time such as 2026-11-29T14:05:00Z.
            The icon and the weapon's picture are drawn beside the details: as images in
            terminals that answer the kitty graphics query (kitty, Ghostty, Konsole), as
            iTerm2 inline images in iTerm2, WezTerm and VS Code's terminal with its
            images on, as sixel images in those that offer sixel (xterm -ti vt340,
            mlterm, foot, Windows Terminal), else in coloured half blocks (plain xterm,
            VTE terminals, alacritty, tmux and screen, here or over ssh), else (NO_COLOR,
            TERM=dumb, piped) not at all. ROSTER_PICTURES=kitty|sixel|iterm2|blocks|text
            chooses without asking (kitty inside tmux or screen gives half blocks). The
            name is in the terminal's own text colour; its colour is a coloured square
            before the colour's name.
            """,
        arguments: [ArgumentSpec("NAME", "the monster's name (any case) or id", completion: CommonOptions.monsterNames)],
        options: [showFormat],
        examples: ["roster show Cat-Bot", "roster show cat-bot --format json"]
    ) { invocation in
        let monster = try invocation.store().resolve(invocation.positionals[0])
        try MonsterOutput(context: invocation.context).show(monster, format: invocation.format(showFormat))
        return .success
    }

    static let weapons: CommandSpec = CommandSpec(
        name: "weapons",
        abstract: "list the weapons and how many monsters carry each",
        discussion: """
            Any spelling of a weapon works wherever one is asked for: ninja-star,
            NinjaStar, ninja_star and "Ninja Star" are the same weapon.
            """,
        options: [listFormat],
        examples: ["roster weapons", "roster weapons --format json"]
    ) { invocation in
        let counts = try invocation.store().weaponCounts()
        let output = invocation.context.stdout
        let format = invocation.format(listFormat)
        switch format {
        case .json, .ndjson:
            let json = format == .json
            if json { try output.append("[") }
            for (index, weapon) in WeaponType.allCases.enumerated() {
                if json { try output.append(index == 0 ? "\n  " : ",\n  ") }
                try output.append("{\"key\":")
                try JSONWriter.appendString(weapon.key, to: output)
                try output.append(",\"name\":")
                try JSONWriter.appendString(weapon.displayName, to: output)
                try output.append(",\"glyph\":")
                try JSONWriter.appendString(weapon.glyph, to: output)
                try output.append(",\"image\":")
                try JSONWriter.appendString(weapon.imageAssetName, to: output)
                try output.append(",\"monsters\":")
                try output.append(decimal: Int64(counts[weapon] ?? 0))
                try output.append(json ? "}" : "}\n")
            }
            if json { try output.append("\n]\n") }
        case .csv:
            let writer = CSVWriter()
            try writer.appendRecord(["key", "name", "glyph", "image", "monsters"], to: output)
            for weapon in WeaponType.allCases {
                try writer.appendRecord([weapon.key, weapon.displayName, weapon.glyph, weapon.imageAssetName,
                                         String(counts[weapon] ?? 0)], to: output)
            }
        case .plain:
            for weapon in WeaponType.allCases {
                try output.append([weapon.key, weapon.displayName, weapon.glyph, weapon.imageAssetName,
                                   String(counts[weapon] ?? 0)].joined(separator: "\t") + "\n")
            }
        case .table:
            var table = TextTable(columns: [
                .init(header: "KEY"), .init(header: "WEAPON"), .init(header: "MONSTERS", alignment: .right),
            ])
            for weapon in WeaponType.allCases {
                table.rows.append([.init(weapon.key), .init("\(weapon.glyph) \(weapon.displayName)"),
                                   .init(String(counts[weapon] ?? 0))])
            }
            try output.append(table.render(maxWidth: invocation.context.terminalWidth,
                                           depth: invocation.context.colorDepth))
        }
        return .success
    }
}
