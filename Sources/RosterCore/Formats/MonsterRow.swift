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
