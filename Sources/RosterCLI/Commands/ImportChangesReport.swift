import RosterCore
import TextSafety

/// The monsters a dry run would change, one a line for people
/// (`would change Cat-Bot: weapon Sword → Fire`), or as JSON for scripts:
/// `{"added": …, "updated": …, "unchanged": …, "removed": …, "changing": N,
/// "listed": M, "capped": false, "changes": [{"action": "add|change|remove",
/// "id": …, "name": …, "fields": {"weapon": {"before": "sword", "after":
/// "fire"}, …}}]}`, values in their stored forms, in order of id. The
/// first four count monsters by what would happen to them; `changing` is
/// added + updated + removed, `listed` how many of those `changes` holds
/// (at most `ImportPreview.listLimit`), and `capped` says some are left out.
enum ImportChangesReport {
    static func lines(_ preview: ImportPreview) -> [String] {
        var lines = preview.differences.map { difference -> String in
            switch (difference.before, difference.after) {
            case (let before?, let after?):
                "would change \(Quote.name(before.name)): \(WritingCommands.describeDifferences(before, after).joined(separator: ", "))"
            case (nil, let after?):
                "would add \(Quote.name(after.name))"
            case (let before?, nil):
                "would remove \(Quote.name(before.name))"
            case (nil, nil):
                ""
            }
        }
        if preview.total > preview.differences.count {
            lines.append("… and \(preview.total - preview.differences.count) more (the first \(preview.differences.count) are listed)")
        }
        return lines
    }

    static func write(_ preview: ImportPreview, to output: ByteOutput) throws(IOFailure) {
        let summary = preview.summary
        try output.append("{\"added\":")
        try output.append(decimal: Int64(summary.added))
        try output.append(",\"updated\":")
        try output.append(decimal: Int64(summary.updated))
        try output.append(",\"unchanged\":")
        try output.append(decimal: Int64(summary.unchanged))
        try output.append(",\"removed\":")
        try output.append(decimal: Int64(summary.removed))
        try output.append(",\"changing\":")
        try output.append(decimal: Int64(preview.total))
        try output.append(",\"listed\":")
        try output.append(decimal: Int64(preview.differences.count))
        try output.append(",\"capped\":")
        try output.append(preview.isCapped ? "true" : "false")
        try output.append(",\"changes\":[")
        for (index, difference) in preview.differences.enumerated() {
            guard let monster = difference.after ?? difference.before else { continue }
            try output.append(index == 0 ? "\n" : ",\n")
            let action = difference.before == nil ? "add" : difference.after == nil ? "remove" : "change"
            try output.append("{\"action\":\"\(action)\",\"id\":")
            try output.append(decimal: monster.id)
            try output.append(",\"name\":")
            try JSONWriter.appendString(monster.name, to: output)
            try output.append(",\"fields\":{")
            var first = true
            for field in MonsterFields.all where field.key != "id" {
                let before = difference.before.map { field.value($0) } ?? .null
                let after = difference.after.map { field.value($0) } ?? .null
                guard before != after else { continue }
                try output.append(first ? "" : ",")
                first = false
                try JSONWriter.appendString(field.key, to: output)
                try output.append(":{\"before\":")
                try append(before, to: output)
                try output.append(",\"after\":")
                try append(after, to: output)
                try output.append("}")
            }
            try output.append("}}")
        }
        try output.append(preview.differences.isEmpty ? "]}\n" : "\n]}\n")
    }

    private static func append(_ value: FieldValue, to output: ByteOutput) throws(IOFailure) {
        switch value {
        case .integer(let number): try output.append(decimal: number)
        case .text(let text): try JSONWriter.appendString(text, to: output)
        case .null: try output.append("null")
        }
    }
}
