import PostgresWire

/// A dry run of several undo or redo steps for a role that may only read.
///
/// Each step depends on the ones before it: which change comes next, the
/// monsters as the earlier steps left them, the history ids they drew. A
/// writer's dry run makes the steps and rolls them back; a reader may not
/// make them. So the reader's dry run makes them on copies: roster's
/// monster and history tables are copied into temporary tables of the
/// session (`TEMPORARY` is granted to everyone by default), the same
/// statements run against the copies (`rehearsed` renames the tables in
/// each statement sent), and the transaction is rolled back, copies and
/// all. Nothing of roster's is written or locked; the copy costs a read
/// of the roster, which only this dry run pays.
extension PostgresRosterStore {
    /// The tables (and the history counter's function) a rehearsal copies.
    private static let copiedNames = ["monster", "history", "history_row", "history_roster", "history_counter", "next_history_id"]

    /// Makes the copies. The sources are written as quoted identifiers,
    /// `"roster"."monster"`, which `rehearsed` leaves as they are.
    private static let makeCopies = [
        #"CREATE TEMPORARY TABLE rehearsal_monster (LIKE "roster"."monster" INCLUDING DEFAULTS INCLUDING CONSTRAINTS) ON COMMIT DROP"#,
        #"INSERT INTO pg_temp.rehearsal_monster SELECT * FROM "roster"."monster""#,
        #"ALTER TABLE pg_temp.rehearsal_monster ADD PRIMARY KEY (id), ADD UNIQUE (name_key)"#,
        #"CREATE TEMPORARY TABLE rehearsal_history_counter ON COMMIT DROP AS SELECT * FROM "roster"."history_counter""#,
        #"""
        CREATE FUNCTION pg_temp.rehearsal_next_history_id() RETURNS bigint LANGUAGE sql VOLATILE AS $$
            UPDATE pg_temp.rehearsal_history_counter SET last_id = last_id + 1 RETURNING last_id
        $$
        """#,
        #"CREATE TEMPORARY TABLE rehearsal_history (LIKE "roster"."history" INCLUDING DEFAULTS) ON COMMIT DROP"#,
        #"ALTER TABLE pg_temp.rehearsal_history ALTER COLUMN id SET DEFAULT pg_temp.rehearsal_next_history_id()"#,
        #"INSERT INTO pg_temp.rehearsal_history SELECT * FROM "roster"."history""#,
        #"CREATE TEMPORARY TABLE rehearsal_history_row ON COMMIT DROP AS SELECT * FROM "roster"."history_row""#,
        #"CREATE TEMPORARY TABLE rehearsal_history_roster ON COMMIT DROP AS SELECT * FROM "roster"."history_roster""#,
    ]

    /// Runs `body` on copies of roster's tables, in a transaction that is
    /// rolled back: what it answers is what the steps would do.
    func rehearseOnCopies<T>(_ body: () throws -> T) throws(RosterError) -> T {
        try guarded {
            pending = [BoundStatement("BEGIN ISOLATION LEVEL REPEATABLE READ")] + Self.makeCopies.map { BoundStatement($0) }
            isRehearsingOnCopies = true
            defer { isRehearsingOnCopies = false }
            do {
                let value = try body()
                pending = []
                try run("ROLLBACK")
                return value
            } catch {
                rollBack()
                throw error
            }
        }
    }

    /// `sql` as a rehearsal on copies sends it: `roster.monster` is
    /// `pg_temp.rehearsal_monster`, and so on for each copied name. The
    /// names are only ever written unquoted in roster's statements.
    func rehearsed(_ sql: String) -> String {
        guard isRehearsingOnCopies else { return sql }
        let prefix = Array("roster.".utf8)
        let bytes = Array(sql.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 64)
        var index = 0
        func isNamePart(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "_") || (byte >= 0x61 && byte <= 0x7A) }
        while index < bytes.count {
            if bytes[index...].starts(with: prefix), index == 0 || !isNamePart(bytes[index - 1]) && bytes[index - 1] != UInt8(ascii: "\"") {
                var end = index + prefix.count
                while end < bytes.count, isNamePart(bytes[end]) { end += 1 }
                let name = String(decoding: bytes[(index + prefix.count)..<end], as: UTF8.self)
                if Self.copiedNames.contains(name) {
                    output += Array("pg_temp.rehearsal_\(name)".utf8)
                    index = end
                    continue
                }
            }
            output.append(bytes[index])
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }
}
