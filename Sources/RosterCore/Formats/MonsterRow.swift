/// A monster's row as column bytes, whichever store it comes from: the
/// record writers' fast paths (`MonsterRecords.appendJSON(row:)`,
/// `appendCSV(row:)`, `appendPlain(row:)`) copy from it without making a
/// `Monster` or a `String`, so a file's export and a server's write the
/// same bytes through the same code. Columns are the fields of
/// `MonsterFields.all`, in order; a row is valid only inside the callback
/// it was passed to.
protocol MonsterRow {
    func isNull(_ column: Int32) -> Bool
    /// An integer column's value.
    func int(_ column: Int32) -> Int64
    /// The column's bytes as valid UTF-8 (invalid sequences replaced).
    func withUTF8<T, E: Error>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> T) throws(E) -> T
    /// The column's bytes, not checked: for writers that check as they copy.
    func uncheckedUTF8(_ column: Int32) -> UnsafeBufferPointer<UInt8>
}

extension Row: MonsterRow {}

extension MonsterRecords {
    /// Writes each row `eachRow` gives as one record in `form`, with the
    /// query's fields in its order: what `appendRecords` is on every
    /// store, each giving its own rows. `before` runs ahead of each record
    /// with the number written so far. Returns how many were written.
    static func append<SomeRow: MonsterRow>(_ form: Form, matching query: MonsterQuery, to output: ByteOutput,
                                        before: ((_ written: Int) throws -> Void)?,
                                        eachRow: ((SomeRow) throws -> Void) throws -> Void) throws -> Int {
        var written = 0
        let plan = query.fields.map(RowPlan.init(fields:)) ?? .shared
        // One loop per form, so that the choice is made once, not per row.
        func each(_ append: (SomeRow) throws(IOFailure) -> Void) throws {
            // Handed on to the store's row loop, which cannot keep it.
            try withoutActuallyEscaping(append) { append in
                try eachRow { row in
                    try before?(written)
                    try append(row)
                    written += 1
                }
            }
        }
        switch form {
        case .json: try each { (row) throws(IOFailure) in try appendJSON(row: row, to: output, plan: plan) }
        case .jsonLine:
            try each { (row) throws(IOFailure) in
                try appendJSON(row: row, to: output, plan: plan)
                try output.append(UInt8(ascii: "\n"))
            }
        case .csv(let writer):
            try each { (row) throws(IOFailure) in try appendCSV(row: row, to: output, writer: writer, plan: plan) }
        case .plain: try each { (row) throws(IOFailure) in try appendPlain(row: row, to: output, plan: plan) }
        }
        return written
    }
}
