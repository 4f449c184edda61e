import Testing
import PostgresWire
@testable import RosterCore

/// The PostgreSQL store's statement queue keeps its parts in order by
/// structure: a history entry queued after a change's writes still goes
/// before them, after the transaction's opening and earlier entries.
@Suite("The PostgreSQL store's statement queue")
struct StatementQueueTests {
    @Test("the opening, then history in the order queued, then writes in the order queued, whatever order they came in")
    func partsKeepTheirOrder() {
        var queue = StatementQueue(opening: [BoundStatement("BEGIN"), BoundStatement("SELECT lock")])
        queue.queueWrite(BoundStatement("UPDATE monster 1"))
        queue.queueHistory([BoundStatement("INSERT entry 1"), BoundStatement("INSERT rows 1")])
        queue.queueWrite(BoundStatement("DELETE old history"))
        queue.queueHistory([BoundStatement("INSERT entry 2")])
        #expect(queue.statements.map(\.sql) == [
            "BEGIN", "SELECT lock", "INSERT entry 1", "INSERT rows 1", "INSERT entry 2", "UPDATE monster 1", "DELETE old history",
        ])
        #expect(queue.take().count == 7)
        #expect(queue.isEmpty)
        // After a round trip took them, a new entry starts a new order.
        queue.queueWrite(BoundStatement("UPDATE monster 2"))
        queue.queueHistory([BoundStatement("INSERT entry 3")])
        #expect(queue.statements.map(\.sql) == ["INSERT entry 3", "UPDATE monster 2"])
    }
}
