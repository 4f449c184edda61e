/// How an export is written (see `RosterStore.export`).
public struct ExportOptions {
    /// CSV: neutralise cells a spreadsheet would run as formulas.
    public var neutralizeFormulas = true
    /// CSV: start with a UTF-8 byte order mark, for spreadsheet programs.
    public var byteOrderMark = false
    /// CSV: the output is a terminal, so cells are made safe to show
    /// (see `CSVWriter.escapesForTerminal`).
    public var escapesForTerminal = false
    /// Called now and then with the number of monsters written so far.
    public var progress: ((_ done: Int) -> Void)?
    /// Which monsters, in which order, with which fields (`--where`,
    /// `--sort`, `--fields`): the whole roster unless told.
    public var query = MonsterQuery.everything

    /// How many rows pass between progress reports: rare enough to cost nothing.
    static let progressInterval = 8192

    public init(neutralizeFormulas: Bool = true, byteOrderMark: Bool = false,
                progress: ((_ done: Int) -> Void)? = nil) {
        self.neutralizeFormulas = neutralizeFormulas
        self.byteOrderMark = byteOrderMark
        self.progress = progress
    }
}

extension SQLiteRosterStore {
    /// Writes every monster to `output` in `format`. Does not flush.
    ///
    /// Streaming: rows go from SQLite to the output buffer one at a time,
    /// so memory stays flat however large the roster. Everything is read
    /// inside one read transaction, so an export is a consistent snapshot
    /// even while another process writes.
    public func export(_ format: ExportFormat, to output: ByteOutput, options: ExportOptions = ExportOptions()) throws {
        try passingThrough {
            try database.readTransaction {
                try writeExport(format, to: output, options: options) {
                    try database.prepare("SELECT DISTINCT icon FROM monster ORDER BY icon").rows { $0.text(0) }
                }
            }
        }
    }
}

/// How an export is laid out, the same on every store: each store runs
/// this inside its own snapshot (a read transaction) and says how to list
/// the icons its monsters use.
extension RosterStore {
    /// Writes the document around the records: the JSON envelope, the CSV
    /// header, the Markdown table, the HTML page. Reports progress every
    /// `ExportOptions.progressInterval` monsters and once at the end.
    func writeExport(_ format: ExportFormat, to output: ByteOutput, options: ExportOptions,
                     iconNames: () throws -> [String]) throws {
        var done = 0
        func advance() {
            done += 1
            report(done)
        }
        func report(_ written: Int) {
            if written > 0, written % ExportOptions.progressInterval == 0 { options.progress?(written) }
        }
        switch format {
        case .json:
            try output.append("{\n  \"format\": ")
            try JSONWriter.appendString(ExportFormat.documentName, to: output)
            try output.append(",\n  \"version\": ")
            try output.append(decimal: Int64(ExportFormat.documentVersion))
            try output.append(",\n  \"monsters\": [")
            done = try appendRecords(.json, matching: options.query, to: output) { written in
                try output.append(written == 0 ? "\n    " : ",\n    ")
                report(written)
            }
            try output.append(done == 0 ? "]\n}\n" : "\n  ]\n}\n")
        case .ndjson:
            done = try appendRecords(.jsonLine, matching: options.query, to: output) { report($0) }
        case .csv:
            let writer = CSVWriter(neutralizeFormulas: options.neutralizeFormulas, escapesForTerminal: options.escapesForTerminal)
            if options.byteOrderMark { try output.append("\u{FEFF}") }
            try MonsterRecords.appendCSVHeader(options.query.recordFields, to: output, writer: writer)
            done = try appendRecords(.csv(writer), matching: options.query, to: output) { report($0) }
        case .markdown:
            try MarkdownTable.appendHeader(to: output)
            try forEachMonster(matching: options.query) { monster in
                try MarkdownTable.appendRow(monster, to: output)
                advance()
            }
        case .html:
            let matched = options.query.conditions.isEmpty ? try count() : try monsterIDs(matching: options.query).count
            let page = HTMLReport(monsterCount: matched, iconNames: try iconNames())
            try page.appendHead(to: output)
            try forEachMonster(matching: options.query) { monster in
                try page.appendRow(monster, to: output)
                advance()
            }
            try page.appendTail(to: output)
        }
        options.progress?(done)
    }
}
