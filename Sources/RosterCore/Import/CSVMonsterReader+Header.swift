import TextSafety

/// The header line of a CSV import: which separator a file uses when the
/// caller names none, and which field of `MonsterFields.all` each column
/// holds. A header that is wrong as a whole (its names joined by another
/// separator than its cells, a required column missing) stops the reading.
extension CSVMonsterReader {
    /// `,` when the header has a comma outside quotes; else `;` or tab,
    /// whichever it has more of outside quotes (`;` on a tie); else `,`.
    static func detectDelimiter(_ header: UnsafeBufferPointer<UInt8>) -> UInt8 {
        var inQuotes = false
        var semicolons = 0, tabs = 0
        for byte in header {
            if byte == UInt8(ascii: "\"") { inQuotes.toggle() }
            else if inQuotes { continue }
            else if byte == UInt8(ascii: ",") { return UInt8(ascii: ",") }
            else if byte == UInt8(ascii: ";") { semicolons += 1 }
            else if byte == 0x09 { tabs += 1 }
        }
        if tabs > semicolons { return 0x09 }
        return semicolons > 0 ? UInt8(ascii: ";") : UInt8(ascii: ",")
    }

    /// The separator a header cell that names no column seems to be
    /// split by: `name|weapon` read with the wrong delimiter is one cell,
    /// yet made of column names. Nil when it is not so made.
    static func separatorInside(_ cell: String) -> Character? {
        let keys = Set(MonsterFields.keys)
        for character in cell where !(character.isLetter || character.isNumber || character == "_" || character == " ") {
            let parts = cell.split(separator: character, omittingEmptySubsequences: false)
                .map { $0.lowercased().trimmingBlanks() }
            if parts.count >= 2, parts.allSatisfy(keys.contains) { return character }
        }
        return nil
    }

    /// The field each header cell names (nil for a cell that names none,
    /// reported), and whether the header stops the reading. `cells` are
    /// the header's cells, each with the offset in `bytes` where it starts.
    static func readColumns(_ cells: [(text: String, start: Int)], of bytes: UnsafeBufferPointer<UInt8>, line: Int,
                            delimiter: UInt8?, required: UInt64, unknownFields: UnknownFields = .refused(wayOut: nil),
                            log: inout ProblemLog) -> (columns: [Int?], stop: Bool) {
        var seen = Set<Int>()
        // A header of column names joined by another separator than the
        // one in use is one message, not an unknown column that suggests
        // `name` and then a header said to have no name column.
        let using = delimiter.map { $0 == 0x09 ? "tabs" : "\(Quote.code(Character(UnicodeScalar($0))))" } ?? "`,`"
        if cells.count == 1, let separator = separatorInside(cells[0].text) {
            let advice = separator == "\t" ? "separated by tabs, not \(using); give --delimiter tab"
                : "separated by \(Quote.code(separator)), not \(using); give that separator with --delimiter"
            log.add(.syntax, at: TextLocation(line: line, column: 1),
                    "the header reads as one column: its column names are \(advice)")
            return ([], true)
        }
        // Some cells joined by one separator and some by another
        // (`name;weapon,icon`): said once, at the cell, for the same reason.
        for cell in cells {
            guard let separator = separatorInside(cell.text) else { continue }
            let joined = separator == "\t" ? "tabs" : "\(Quote.code(separator))"
            log.add(.syntax, at: location(of: cell.start, in: bytes, line: line),
                    "the header cell \(Quote.code(cell.text)) holds column names separated by \(joined), but its cells are separated by \(using); separate every column the same way")
            return ([], true)
        }
        // Columns an unknown column's suggestion names: not told missing
        // again, which would only follow from the misspelling.
        var suggested = Set<String>()
        let columns = cells.map { cell -> Int? in
            let key = cell.text.lowercased().trimmingBlanks()
            let place = location(of: cell.start, in: bytes, line: line)
            guard let index = MonsterFields.all.firstIndex(where: { $0.key == key }) else {
                if unknownFields == .ignored { return nil }
                var message = "unknown column \(Quote.code(cell.text))"
                if let suggestion = MonsterFields.suggestion(for: key) {
                    suggested.insert(suggestion)
                    message += "; did you mean \(Quote.code(suggestion))?"
                } else {
                    message += "; the columns are \(MonsterFields.keys.joined(separator: ", "))"
                }
                log.add(.syntax, at: place, unknownFields.refusal(message))
                return nil
            }
            if !seen.insert(index).inserted {
                log.add(.syntax, at: place, field: key, "the column \(Quote.code(key)) appears twice in the header")
                return nil
            }
            return index
        }
        let absent = MonsterFields.all.enumerated().filter { required & (1 << UInt64($0.offset)) != 0 && !seen.contains($0.offset) }
        let missing = absent.filter { !suggested.contains($0.element.key) }
        if missing.isEmpty && !absent.isEmpty { return (columns, true) }
        if !missing.isEmpty {
            let names = missing.map(\.element.key).joined(separator: " and ")
            let noun = missing.count == 1 ? "column" : "columns"
            log.add(.syntax, at: TextLocation(line: line, column: 1),
                    "the header has no \(names) \(noun); the first line must name the columns, such as \(MonsterFields.keys.joined(separator: ","))")
            return (columns, true)
        }
        return (columns, false)
    }
}
