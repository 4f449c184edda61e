import TextSafety

/// Turns one parsed JSON monster object into a record: each member goes
/// to its field in `MonsterFields`, with type checks (a string where text
/// belongs, a whole number for the id). Unknown keys are problems, with a
/// suggestion, so a typo never silently drops a value. `null` means
/// unknown for a nullable field, and leaves another optional field at its
/// default.
enum JSONRecordDecoder {
    static func decode(_ node: JSONNode, log: inout ProblemLog,
                       required: UInt64 = MonsterDecoder.requiredByModel,
                       unknownFields: UnknownFields = .refused(wayOut: nil)) -> ImportedRecord? {
        guard case .object(let members) = node.value else {
            log.add(.shape, at: node.location, "expected a monster object but found \(node.kindName)")
            return nil
        }
        var decoder = MonsterDecoder(required: required)
        var locations = [TextLocation?](repeating: nil, count: MonsterFields.all.count)
        for (key, value) in members {
            guard let index = MonsterFields.index(of: key) else {
                if unknownFields == .ignored { continue }
                var message = "unknown key \(Quote.code(key))"
                let suggestion = MonsterFields.suggestion(for: key)
                if let suggestion {
                    message += "; did you mean \(Quote.code(suggestion))?"
                } else {
                    message += "; a monster has \(MonsterFields.keys.joined(separator: ", "))"
                }
                log.add(.value, at: value.location, field: key, unknownFields.refusal(message))
                decoder.noteMisspelt(suggestion)
                continue
            }
            let field = MonsterFields.all[index]
            locations[index] = value.location
            switch (field.kind, value.value) {
            case (_, .null) where field.isNullable:
                decoder.set(index, .null, log: &log) { value.location }
            case (_, .null) where !field.isRequired:
                continue
            case (.integer, .number(let text)):
                guard let number = Int64(text) else {
                    decoder.noteRefused(index)
                    log.add(.value, at: value.location, field: key, MonsterFields.importedIDRule(not: text))
                    continue
                }
                decoder.set(index, .integer(number), log: &log) { value.location }
            case (.text, .string(let text)):
                decoder.set(index, .text(text), log: &log) { value.location }
            default:
                decoder.noteRefused(index)
                let expected = field.kind == .integer ? "a whole number" : "a string"
                log.add(.value, at: value.location, field: key, "expected \(expected) but found \(value.kindName)")
            }
        }
        return decoder.finish(log: &log) { index in
            index.flatMap { locations[$0] } ?? node.location
        }
    }
}
