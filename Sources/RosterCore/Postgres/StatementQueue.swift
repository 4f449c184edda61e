import PostgresWire

/// The statements a PostgreSQL session sends with its next request that
/// needs an answer, kept in three parts that go in this order whatever
/// order they were queued in:
///
/// 1. the opening: how the transaction begins (`BEGIN`, the write lock
///    and the write's settings), set whole when a transaction starts;
/// 2. the history: each change's history entry, then its rows;
/// 3. the writes: the change's monster statements, and what follows its
///    entry (trimming the history, the `NOTIFY`).
///
/// Why the history goes before the writes: schema 8's statement trigger
/// on `roster.monster` calls no function when the newest history entry
/// was written by the statement's own transaction; a monster written
/// before its entry queues a check at commit (about 4 ms a write in a new
/// server process). A write works out its history entry only once it
/// knows what it changed, after queuing the monster statements, so the
/// order is the queue's to keep, by part, not the caller's.
///
/// A round trip takes everything queued (`take`); what is queued after it
/// starts a new order, so an entry queued after its monster writes were
/// sent goes after them (`add`, for instance, draws its id first to avoid
/// that).
struct StatementQueue {
    private(set) var opening: [BoundStatement]
    private(set) var history: [BoundStatement] = []
    private(set) var writes: [BoundStatement] = []

    init(opening: [BoundStatement] = []) {
        self.opening = opening
    }

    /// Every statement waiting, in the order they go.
    var statements: [BoundStatement] { opening + history + writes }

    var isEmpty: Bool { opening.isEmpty && history.isEmpty && writes.isEmpty }

    /// Adds to the transaction's opening, after what it holds and before
    /// any history or write waiting (a lock that could only be taken once
    /// the transaction had made its table, for instance).
    mutating func queueOpening(_ statement: BoundStatement) {
        opening.append(statement)
    }

    /// Queues a history entry or its rows, after any history waiting and
    /// before every write waiting.
    mutating func queueHistory(_ statements: [BoundStatement]) {
        history.append(contentsOf: statements)
    }

    /// Queues a statement of the change itself, after everything waiting.
    mutating func queueWrite(_ statement: BoundStatement) {
        writes.append(statement)
    }

    /// Everything waiting, in order, leaving the queue empty.
    mutating func take() -> [BoundStatement] {
        defer { self = StatementQueue() }
        return statements
    }
}
