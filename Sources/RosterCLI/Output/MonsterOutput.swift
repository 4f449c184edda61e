import RosterCore
import TerminalKit
import TextSafety

/// Writes monsters to stdout in the format asked for.
///
/// `table` is for people (aligned, cut to the terminal's width, a name's
/// colour as a swatch beside it);
/// `plain` is for pipes (tab-separated, every field, nothing cut, no
/// colour); `json`, `ndjson` and `csv` are for programs. Text from the
/// database is escaped wherever it could reach a terminal: in `table` and
/// `plain` as visible escapes, in JSON as JSON escapes.
struct MonsterOutput {
    let context: CommandContext

    func list(_ store: any RosterStore, query: MonsterQuery, format: OutputFormat, header: Bool = false) throws {
        let output = context.stdout
        switch format {
        case .json:
            try output.append("[")
            let written = try store.appendRecords(.json, matching: query, to: output) { written in
                try output.append(written == 0 ? "\n  " : ",\n  ")
            }
            try output.append(written == 0 ? "]\n" : "\n]\n")
        case .ndjson:
            try store.appendRecords(.jsonLine, matching: query, to: output)
        case .csv:
            let writer = CSVWriter(escapesForTerminal: context.stdoutIsTerminal)
            try MonsterRecords.appendCSVHeader(query.recordFields, to: output, writer: writer)
            try store.appendRecords(.csv(writer), matching: query, to: output)
        case .plain:
            if header { try output.append(query.recordFields.map(\.key).joined(separator: "\t") + "\n") }
            try store.appendRecords(.plain, matching: query, to: output)
        case .table:
            if let fields = query.fields {
                try output.append(try fieldTable(store, query: query, fields: fields))
                return
            }
            // Height and origin fit compactly where there is room; the rest
            // of the details are `show`'s.
            let width = context.terminalWidth
            let details = width >= Self.detailColumnsWidth
            var columns: [TextTable.Column] = [.init(header: "ID", alignment: .right), .init(header: "NAME", shrinksLast: true), .init(header: "WEAPON")]
            if details { columns += [.init(header: "HEIGHT", alignment: .right), .init(header: "ORIGIN")] }
            var table = TextTable(columns: columns + [.init(header: "DESCRIPTION", flexible: true)])
            try store.forEachMonster(matching: query) { monster in
                var cells: [TextTable.Cell] = [
                    .init(String(monster.id)),
                    .init(SafeText.escaped(monster.name), swatch: monster.nameColor.swatch),
                    .init(monster.weapon.label),
                ]
                if details {
                    cells.append(.init(monster.height.map { "\($0.feet)'\($0.inches)\"" } ?? ""))
                    cells.append(.init(monster.country?.code ?? ""))
                }
                table.rows.append(cells + [.init(SafeText.escaped(monster.description))])
            }
            try output.append(table.render(maxWidth: width, depth: context.colorDepth))
        }
    }

    /// A table's heading for `field`, a word for people: `COLOUR`, not
    /// the export's key `NAME_COLOR`, which a person typing `colour` does
    /// not recognise. Data (`--header`, CSV) keeps the export's keys, so
    /// that it reads back with `import`.
    static func heading(_ field: MonsterField) -> String {
        field.key == QueryField.nameColor.key ? "COLOUR" : field.key.uppercased()
    }

    /// The table of the fields `--fields` names, in its order, each
    /// value as people read it; the last text column gives way first.
    private func fieldTable(_ store: any RosterStore, query: MonsterQuery, fields: [MonsterField]) throws -> String {
        let columns: [TextTable.Column] = fields.enumerated().map { index, field in
            TextTable.Column(header: Self.heading(field), alignment: field.kind == .integer ? .right : .left,
                             flexible: index == fields.count - 1 && field.kind == .text)
        }
        var table = TextTable(columns: columns)
        try store.forEachMonster(matching: query) { monster in
            table.rows.append(fields.map { field in
                if field.key == "weapon" { return TextTable.Cell(monster.weapon.label) }
                if field.key == "name" { return TextTable.Cell(SafeText.escaped(monster.name), swatch: monster.nameColor.swatch) }
                return TextTable.Cell(SafeText.escaped(field.readable(monster)))
            })
        }
        return table.render(maxWidth: context.terminalWidth, depth: context.colorDepth)
    }

    /// Below this many columns the table leaves out height and origin.
    static let detailColumnsWidth = 72

    /// `6 ft 2 in`, when known.
    static func heightText(_ monster: Monster) -> String? {
        monster.height?.displayName
    }

    /// `France (FR)`, when known.
    static func originText(_ monster: Monster) -> String? {
        monster.country?.description
    }

    /// `2026-11-29 15:05 CET`, on the user's clock (`TZ`), when known.
    static func activatedText(_ monster: Monster) -> String? {
        monster.activated?.localDisplay
    }

    func show(_ monster: Monster, format: OutputFormat) throws {
        let output = context.stdout
        switch format {
        case .json:
            try MonsterRecords.appendJSON(monster, to: output)
            try output.append("\n")
        case .plain:
            // Every field by its key, in the stored forms; unknown is empty.
            for field in MonsterFields.all {
                try output.append("\(field.key)\t\(SafeText.fieldEscaped(field.value(monster).text))\n")
            }
        default:
            if monster.iconIsMissing {
                context.note("\(monster.name)'s icon \(monster.icon) is not one of roster's pictures; showing \(Monster.defaultIcon) instead")
            }
            let lines = detailLines(monster, swatches: context.colorEnabled)
            let mode = try pictureMode()
            if mode.showsPictures, pictureDepth != .none {
                // Drawn and sent as the interactive roster draws and sends them.
                let library = PictureLibrary(load: Assets.bytes(named:))
                let drawing = PictureDrawing(library: library, mode: mode, fallbackDepth: pictureDepth)
                drawing.cellPixels = TerminalSession.cellPixelSize(1)
                var pictures = mode.output(library: library, cellPixels: drawing.cellPixels, probe: terminalAnswers)
                let card = MonsterCard(icon: monster.iconPicture, weapon: monster.weapon.imageAssetName, lines: lines)
                let bytes = MonsterCard.bytes(of: card.buffer(width: context.terminalWidth, drawing: drawing),
                                              depth: pictureDepth, pictures: &pictures)
                try output.append(String(decoding: bytes, as: UTF8.self))
                return
            }
            for line in lines {
                try output.append(line.styled(depth: context.colorEnabled ? .ansi16 : .none) + "\n")
            }
        }
    }

    /// The name, then one line per field: what `show` prints for people.
    /// The name is in the terminal's own text colour, which is readable on
    /// its background; with `swatches` (colour on) the name colour shows
    /// as a `■` in it, as in the interactive roster's Colour field.
    func detailLines(_ monster: Monster, swatches: Bool = false) -> [MonsterCard.Line] {
        let colour = (swatches ? "■ " : "") + monster.nameColor.displayName
        let rows: [(String, String)] = [
            ("id", String(monster.id)),
            ("description", SafeText.escaped(monster.description)),
            ("icon", SafeText.escaped(monster.icon)),
            ("name colour", colour),
            ("weapon", monster.weapon.label),
            ("height", Self.heightText(monster) ?? "unknown"),
            ("origin", Self.originText(monster) ?? "unknown"),
            ("activated", Self.activatedText(monster) ?? "unknown"),
        ]
        let indent = 2, labelWidth = 13
        return [MonsterCard.Line(text: SafeText.escaped(monster.name), style: Style().bold)]
            + rows.map { label, value in
                var line = MonsterCard.Line(text: String(repeating: " ", count: indent) + label.padding(to: labelWidth) + value)
                if swatches, label == "name colour" {
                    line.swatch = (indent + labelWidth, monster.nameColor.swatch ?? Style())
                }
                return line
            }
    }

    /// The colours pictures are drawn in: none unless stdout is a
    /// terminal that shows colour; 24-bit when the terminal says so.
    var pictureDepth: ColorDepth {
        guard context.colorEnabled else { return .none }
        let depth = ColorDepth.detect(environment: context.environment)
        return terminalAnswers?.truecolor == true && depth > .none ? .truecolor : depth
    }

    /// How the pictures are shown: `ROSTER_PICTURES`, else as the
    /// terminal answers (kitty images, sixel or half blocks), as in the
    /// interactive roster.
    func pictureMode() throws(UsageError) -> PictureMode {
        let depth = pictureDepth
        if let chosen = try PictureChoice.fromEnvironment(context.environment("ROSTER_PICTURES"), depth: depth, command: "show") {
            // A kitty command written to tmux or screen itself would become
            // the pane's title; show has no placeholders to send through it.
            if chosen == .kittyGraphics, PictureChoice.insideMultiplexer(context.environment) { return .halfBlocks(depth) }
            return chosen
        }
        return PictureMode.best(colorDepth: depth, probe: terminalAnswers, environment: context.environment)
    }

    /// What the terminal said when asked, once: only with colour, outside
    /// tmux and screen, with `ROSTER_PICTURES` unset, `auto` or `sixel`
    /// (for the number of colour registers).
    var terminalAnswers: TerminalProbe? {
        if let asked = context.terminalProbe { return asked }
        let setting = PictureSetting(environment: context.environment("ROSTER_PICTURES"))
        guard context.colorEnabled, context.stdinIsTerminal, setting == .auto || setting == .sixel,
              !PictureChoice.insideMultiplexer(context.environment),
              ColorDepth.detect(environment: context.environment) != .none else { return nil }
        context.terminalProbe = TerminalProbe.ask() ?? TerminalProbe()
        return context.terminalProbe
    }
}
