import RosterCore
import TerminalKit
import TextSafety

/// `roster history` in its four formats. Text from the database (names,
/// summaries, file names) is escaped before it reaches a terminal; the
/// JSON keys and their order are fixed for scripts.
struct HistoryOutput {
    let context: CommandContext

    func list(_ entries: [HistoryEntry], store: any RosterStore, format: OutputFormat) throws {
        let output = context.stdout
        switch format {
        case .json, .ndjson:
            let json = format == .json
            if json { try output.append("[") }
            for (index, entry) in entries.enumerated() {
                if json { try output.append(index == 0 ? "\n  " : ",\n  ") }
                try appendJSON(entry, revisions: try store.revisions(of: entry), to: output)
                if !json { try output.append("\n") }
            }
            if json { try output.append(entries.isEmpty ? "]\n" : "\n]\n") }
        case .plain:
            for entry in entries {
                // A roster a team shares says who, in an eighth field.
                let cells = [String(entry.id), entry.at.iso8601, entry.surface.rawValue, entry.command, entry.file ?? "",
                             entry.summary, entry.isUndone ? "undone" : "done"] + (entry.author.map { [$0] } ?? [])
                try output.append(cells.map(SafeText.fieldEscaped).joined(separator: "\t") + "\n")
            }
        case .table, .csv:
            if entries.isEmpty {
                context.note("the history is empty")
                return
            }
            let width = context.terminalWidth
            // WHAT is what a person reads the history for: the other columns
            // give up their length, step by step, until it has room.
            let roomy = HistoryTableForm.allCases.lazy.map { table(entries, form: $0) }.first { table in
                let what = table.columns.count - 1
                return table.room(for: what, within: width) >= min(Self.roomForWhat, table.naturalWidth(of: what))
            }
            let chosen = roomy ?? table(entries, form: .commandOnly)
            try output.append(chosen.render(maxWidth: width, depth: context.colorDepth))
        }
    }

    /// What WHAT is given before the other columns shorten: a summary's
    /// names and values, `Cat-Bot: description `MEE-OW` → `Purrs``.
    static let roomForWhat = 40

    /// How much the columns beside WHAT say: everything, then the time
    /// without its zone, then without its year, then the change as its
    /// command alone, without the surface or the file (which `--format
    /// plain` and `json` still give).
    enum HistoryTableForm: Int, CaseIterable {
        case full, noZone, noYear, commandOnly
    }

    private func table(_ entries: [HistoryEntry], form: HistoryTableForm) -> TextTable {
        let shared = entries.contains { $0.author != nil }
        var table = TextTable(columns: [.init(header: "#", alignment: .right), .init(header: "WHEN")]
                                  + (shared ? [.init(header: "WHO")] : [])
                                  + [.init(header: "CHANGE"), .init(header: "WHAT", flexible: true)])
        for entry in entries {
            var title = entry.title
            if form == .commandOnly {
                title = entry.command
            } else if entry.surface == .interactiveRoster {
                title += " (interactive roster)"
            }
            var what = entry.summary
            if entry.isUndone { what += " (undone)" }
            var when = entry.at.localDisplay
            if form.rawValue >= HistoryTableForm.noZone.rawValue { when = String(when.prefix(16)) }
            if form.rawValue >= HistoryTableForm.noYear.rawValue { when = String(when.dropFirst(5)) }
            table.rows.append([.init(String(entry.id)), .init(when)]
                              + (shared ? [.init(SafeText.escaped(entry.author ?? ""))] : [])
                              + [.init(SafeText.escaped(title)), .init(SafeText.escaped(what))])
        }
        return table
    }

    private func appendJSON(_ entry: HistoryEntry, revisions: [MonsterRevision], to output: ByteOutput) throws {
        try output.append("{\"id\":")
        try output.append(decimal: entry.id)
        try output.append(",\"at\":")
        try JSONWriter.appendString(entry.at.iso8601, to: output)
        try output.append(",\"surface\":")
        try JSONWriter.appendString(entry.surface.rawValue, to: output)
        try output.append(",\"command\":")
        try JSONWriter.appendString(entry.command, to: output)
        try output.append(",\"file\":")
        if let file = entry.file { try JSONWriter.appendString(file, to: output) } else { try output.append("null") }
        try output.append(",\"summary\":")
        try JSONWriter.appendString(entry.summary, to: output)
        try output.append(entry.isUndone ? ",\"undone\":true" : ",\"undone\":false")
        try output.append(",\"reverses\":")
        try appendNumber(entry.reverses, to: output)
        try output.append(",\"count_before\":")
        try appendNumber(entry.countBefore.map(Int64.init), to: output)
        try output.append(",\"count_after\":")
        try appendNumber(entry.countAfter.map(Int64.init), to: output)
        if let author = entry.author {
            try output.append(",\"by\":")
            try JSONWriter.appendString(author, to: output)
        }
        try output.append(",\"monsters\":")
        if entry.isSnapshot || entry.isSnapshotDropped || (revisions.isEmpty && entry.reverses != nil) {
            // An import (or its undo) is kept as whole rosters, not per monster.
            try output.append("null}")
            return
        }
        try output.append("[")
        for (index, revision) in revisions.enumerated() {
            if index > 0 { try output.append(",") }
            try output.append("{\"id\":")
            try output.append(decimal: revision.monsterID)
            try output.append(",\"name\":")
            try JSONWriter.appendString(revision.after?.name ?? revision.before?.name ?? "", to: output)
            let changed = revision.changedFields.filter { $0 != "id" }
            try output.append(",\"before\":")
            try appendFields(revision.before, changed, to: output)
            try output.append(",\"after\":")
            try appendFields(revision.after, changed, to: output)
            try output.append("}")
        }
        try output.append("]}")
    }

    private func appendFields(_ monster: Monster?, _ keys: [String], to output: ByteOutput) throws {
        guard let monster else { return try output.append("null") }
        try output.append("{")
        for (index, key) in keys.enumerated() {
            guard let field = MonsterFields.field(key) else { continue }
            if index > 0 { try output.append(",") }
            try JSONWriter.appendString(key, to: output)
            try output.append(":")
            switch field.value(monster) {
            case .integer(let number): try output.append(decimal: number)
            case .text(let text): try JSONWriter.appendString(text, to: output)
            case .null: try output.append("null")
            }
        }
        try output.append("}")
    }

    private func appendNumber(_ number: Int64?, to output: ByteOutput) throws {
        if let number { try output.append(decimal: number) } else { try output.append("null") }
    }
}
