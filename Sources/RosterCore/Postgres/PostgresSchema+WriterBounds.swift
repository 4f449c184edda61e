/// Version 10 of roster's PostgreSQL schema: what a writer role can no
/// longer do to roster's bookkeeping, or to other people's writes.
///
/// Schema 8 counts a transaction that changes monsters as another
/// program's unless it wrote the newest history entry, and its statement
/// trigger asks that question when each statement runs. Three gaps
/// followed (issue 23, H3b and L13):
/// - an entry written, monsters changed, then the entry deleted (or moved
///   to another id) in the same transaction: the question was answered
///   "yes" while the entry stood, and nothing asked again;
/// - `roster.unrecorded_write` was written by anyone granted the sharing
///   recipe's `ALL TABLES`: a row planted under another transaction's
///   future id made that transaction's note conflict, so its check was
///   never queued and its write never counted;
/// - a writer that wound `history_counter.last_id` back made every later
///   entry collide with one that exists (a raw 23505, exit 74).
///
/// The fixes keep roster's own writes as cheap as before (no trigger
/// function for a write that records its entry first):
/// - An entry of the current transaction that is deleted or renumbered
///   notes the transaction as schema 8's statement trigger does (a row
///   trigger whose `WHEN` compares the entry's `xact`, so deleting other
///   transactions' entries, as the history's bound and `history --clear`
///   do, calls nothing). The note queues the deferred check, which at the
///   commit finds no entry of this transaction and counts the write. If
///   the check already ran (`SET CONSTRAINTS … IMMEDIATE`), it had
///   deleted its row, so the note queues it again. Emptying the history
///   with TRUNCATE counts at once, as TRUNCATE of the monsters does.
/// - `unrecorded_write` has row-level security with no policy: only its
///   owner (and the triggers' functions, which run as that owner) sees or
///   writes a row, whatever a role is granted. A role's INSERT is refused
///   and its UPDATE and DELETE find nothing, so nobody can plant a row or
///   remove another transaction's. Rows a writer planted before are
///   dropped here. Every row the note writes is deleted by its own check at
///   the commit, or rolled back with its transaction, so the table holds
///   only transactions in progress.
/// - The next history id is one past the larger of the counter and the
///   largest id in the history (the primary key's index answers that), so
///   a counter wound back gives an id nobody has.
extension PostgresSchema {
    static let version10 = #"""
        DELETE FROM roster.unrecorded_write;
        REVOKE ALL ON roster.unrecorded_write FROM PUBLIC;
        ALTER TABLE roster.unrecorded_write ENABLE ROW LEVEL SECURITY;

        CREATE TRIGGER history_entry_dropped AFTER DELETE ON roster.history FOR EACH ROW
            WHEN (OLD.xact = txid_current())
            EXECUTE FUNCTION roster.note_unrecorded_write();
        CREATE TRIGGER history_entry_renumbered AFTER UPDATE OF id ON roster.history FOR EACH ROW
            WHEN (OLD.xact = txid_current() AND NEW.id IS DISTINCT FROM OLD.id)
            EXECUTE FUNCTION roster.note_unrecorded_write();
        CREATE TRIGGER history_emptied AFTER TRUNCATE ON roster.history FOR EACH STATEMENT
            EXECUTE FUNCTION roster.note_unrecorded_write();

        CREATE OR REPLACE FUNCTION roster.next_history_id() RETURNS bigint LANGUAGE sql VOLATILE AS $$
            UPDATE roster.history_counter
            SET last_id = greatest(last_id, (SELECT coalesce(max(id), 0) FROM roster.history)) + 1
            RETURNING last_id
        $$;
        """#
}
