/// A transaction around a closure, as GRDB's inTransaction: BEGIN, the
/// body, COMMIT; any throw rolls back and is rethrown. A COMMIT that the
/// server turned into a rollback (the transaction had failed) is an error,
/// never a silent success.
extension PostgresConnection {
    /// `begin` may carry options ("BEGIN ISOLATION LEVEL SERIALIZABLE").
    @discardableResult
    public func transaction<T>(begin: String = "BEGIN", _ body: () throws -> T) throws -> T {
        guard transactionStatus == .idle else {
            throw PostgresError.misuse("A transaction was begun inside another.")
        }
        try simpleQuery(begin)
        let value: T
        do {
            value = try body()
        } catch {
            rollBackQuietly()
            throw error
        }
        if transactionStatus == .failed {
            rollBackQuietly()
            throw PostgresError.misuse("The transaction failed part way, so it was rolled back.")
        }
        let tag = try simpleQuery("COMMIT").last?.commandTag
        if tag == "ROLLBACK" {
            throw PostgresError.misuse("The transaction failed part way, so COMMIT rolled it back.")
        }
        return value
    }

    /// Rolls back if the connection is still there and in a transaction;
    /// on a lost connection the server has rolled back already.
    private func rollBackQuietly() {
        guard !isClosed, machine.isIdle, transactionStatus != .idle else { return }
        _ = try? simpleQuery("ROLLBACK")
    }
}
