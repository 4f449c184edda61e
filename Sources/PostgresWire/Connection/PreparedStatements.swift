/// Named prepared statements: parsed and planned once per session, then
/// run with new values each time (Bind, Execute, Sync), so a statement a
/// program runs again and again (an interface's filter, a bulk update)
/// skips the parse. Preparing also asks the server for the parameter
/// count and the result's columns (Describe), so a wrong number of values
/// is refused before anything is sent. A prepared statement lives until
/// `deallocate` or the end of the session; it is not undone by ROLLBACK.
public struct PreparedStatement: Equatable, Sendable {
    public let name: String
    public let sql: String
    public let parameterCount: Int
    /// The result's column names; empty for a statement returning no rows.
    public let columns: [String]
}

extension PostgresConnection {
    public func prepare(_ sql: String) throws(PostgresError) -> PreparedStatement {
        try refuseNUL(in: sql)
        preparedCount += 1
        let name = "roster_\(preparedCount)"
        try machine.startQuery()
        send(Parse(statementName: name, sql: sql, parameterTypes: []))
        send(Describe(target: .statement, name: name))
        send(Sync())
        try flush()
        var parameterCount = 0
        var columns: [String] = []
        try collectResults { (event) throws(PostgresError) in
            switch event {
            case .rowDescription(let description): columns = description.fields.map(\.name)
            case .parameterDescription(let count): parameterCount = count
            default: break
            }
        }
        return PreparedStatement(name: name, sql: sql, parameterCount: parameterCount, columns: columns)
    }

    /// Runs a prepared statement once.
    @discardableResult
    public func query(_ statement: PreparedStatement, _ parameters: [String?] = []) throws(PostgresError) -> QueryResult {
        try execute(statement, batch: [parameters])[0]
    }

    /// Runs a prepared statement once per set of values, all in one round
    /// trip and, outside BEGIN, as one implicit transaction: all or nothing.
    @discardableResult
    public func execute(_ statement: PreparedStatement, batch: [[String?]]) throws(PostgresError) -> [QueryResult] {
        guard !batch.isEmpty else { return [] }
        for parameters in batch {
            guard parameters.count == statement.parameterCount else {
                throw .misuse("The statement takes \(statement.parameterCount) values, and \(parameters.count) were given.")
            }
            for case let value? in parameters { try refuseNUL(in: value) }
        }
        try machine.startQuery()
        for parameters in batch {
            send(Bind(statementName: statement.name, parameters: parameters.map { $0.map { Array($0.utf8) } }))
            send(Execute())
        }
        send(Sync())
        try flush()
        var results: [QueryResult] = []
        var current = QueryResult(columns: statement.columns)
        try collectResults { (event) throws(PostgresError) in
            switch event {
            case .row(let row): current.rows.append(row.textValues)
            case .commandComplete(let tag):
                current.commandTag = tag
                results.append(current)
                current = QueryResult(columns: statement.columns)
            case .emptyQuery:
                results.append(current)
                current = QueryResult(columns: statement.columns)
            default: break
            }
        }
        return results
    }

    /// Frees a prepared statement on the server.
    public func deallocate(_ statement: PreparedStatement) throws(PostgresError) {
        try machine.startQuery()
        send(Close(target: .statement, name: statement.name))
        send(Sync())
        try flush()
        try collectResults { _ in }
    }
}
