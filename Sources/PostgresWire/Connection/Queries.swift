/// Running SQL: the simple protocol for statements without values
/// (several at once, as in a migration), and the extended protocol for
/// everything that carries values: Parse, Bind (each value a text
/// parameter), Describe, Execute, then one Sync. A batch of statements
/// goes in one write and one round trip; as the server skips the rest of
/// a batch after an error, and runs a batch outside BEGIN as one implicit
/// transaction, a batch is all or nothing.
extension PostgresConnection {
    /// Runs one or more statements separated by semicolons, without
    /// parameters; one result per statement.
    @discardableResult
    public func simpleQuery(_ sql: String) throws(PostgresError) -> [QueryResult] {
        try refuseNUL(in: sql)
        try machine.startQuery()
        send(Query(sql: sql))
        try flush()
        return try collectStatementResults(caller: "simpleQuery")
    }

    /// Runs one statement with its values bound as parameters.
    @discardableResult
    public func query(_ sql: String, _ parameters: [String?] = []) throws(PostgresError) -> QueryResult {
        try execute([BoundStatement(sql, parameters)])[0]
    }

    /// Runs one statement and hands each row to `row` as it arrives,
    /// without keeping them: for results too large to hold. Returns the
    /// command tag. If `row` throws, the rest of the rows are read and
    /// dropped, then its error is rethrown.
    @discardableResult
    public func query(_ sql: String, _ parameters: [String?] = [], eachRow row: ([String?]) throws -> Void) throws -> String {
        try queueBatch([BoundStatement(sql, parameters)])
        var tag = ""
        var callerError: (any Error)?
        try collectResults { (event) throws(PostgresError) in
            switch event {
            case .row(let values) where callerError == nil:
                do { try row(values.textValues) } catch { callerError = error }
            case .commandComplete(let completed): tag = completed
            default: break
            }
        }
        if let callerError { throw callerError }
        return tag
    }

    /// Runs statements in one round trip, in order, all or nothing (see
    /// above); one result per statement.
    @discardableResult
    public func execute(_ statements: [BoundStatement]) throws(PostgresError) -> [QueryResult] {
        guard !statements.isEmpty else { return [] }
        try queueBatch(statements)
        let results = try collectStatementResults(caller: "query")
        guard results.count == statements.count else {
            throw .protocolViolation("it answered \(statements.count) statements with \(results.count) results")
        }
        return results
    }

    /// One result per statement until ReadyForQuery: its columns, its rows
    /// as text, its tag. `caller` names the method in the misuse a COPY is.
    private func collectStatementResults(caller: String) throws(PostgresError) -> [QueryResult] {
        var results: [QueryResult] = []
        var current = QueryResult()
        try collectResults { (event) throws(PostgresError) in
            switch event {
            case .rowDescription(let description): current.columns = description.fields.map(\.name)
            case .row(let row): current.rows.append(row.textValues)
            case .commandComplete(let tag):
                current.commandTag = tag
                results.append(current)
                current = QueryResult()
            case .emptyQuery:
                results.append(current)
                current = QueryResult()
            case .copyInStarted, .copyOutStarted:
                throw .misuse("COPY runs through copyIn or copyOut, not \(caller).")
            default: break
            }
        }
        return results
    }

    func queueBatch(_ statements: [BoundStatement]) throws(PostgresError) {
        for statement in statements {
            try refuseNUL(in: statement.sql)
            for case let value? in statement.parameters { try refuseNUL(in: value) }
            guard statement.parameters.count <= Int(Int16.max) else {
                throw .misuse("A statement can have at most 32767 parameters.")
            }
        }
        try machine.startQuery()
        for statement in statements {
            send(Parse(statementName: "", sql: statement.sql, parameterTypes: []))
            send(Bind(parameters: statement.parameters.map { $0.map { Array($0.utf8) } }))
            send(Describe(target: .portal, name: ""))
            send(Execute())
        }
        send(Sync())
        try flush()
    }

    /// Reads events until ReadyForQuery, handing each to `handle`. An
    /// ErrorResponse is kept and thrown once the server is ready again, so
    /// the connection stays usable; an error thrown by `handle` likewise
    /// waits for ReadyForQuery.
    func collectResults(_ handle: (ConnectionStateMachine.Event) throws(PostgresError) -> Void) throws(PostgresError) {
        var failure: PostgresError?
        while true {
            let event = try nextEvent()
            switch event {
            case .readyForQuery:
                if let failure { throw failure }
                return
            case .queryError(let error):
                if failure == nil { failure = .server(error) }
            case .copyInStarted:
                // Nothing will be sent: end COPY so the server gets ready.
                send(CopyFail(reason: "COPY FROM STDIN must be run with copyIn"))
                try machine.finishCopyIn()
                try flush()
                if failure == nil { failure = .misuse("COPY runs through copyIn or copyOut, not a query.") }
            default:
                guard failure == nil else { continue }
                do throws(PostgresError) { try handle(event) } catch { failure = error }
            }
        }
    }

    func refuseNUL(in text: String) throws(PostgresError) {
        if text.utf8.contains(0) {
            throw .misuse("A value holds a NUL character, which PostgreSQL's text cannot hold.")
        }
    }
}
