/// What one statement returned: its columns' names, its rows as text
/// (nil for NULL), and the command tag that says what it did.
public struct QueryResult: Equatable, Sendable {
    public var columns: [String]
    public var rows: [[String?]]
    /// "SELECT 3", "INSERT 0 1", "UPDATE 2", "COPY 100000", "BEGIN"…;
    /// empty for an empty query.
    public var commandTag: String

    public init(columns: [String] = [], rows: [[String?]] = [], commandTag: String = "") {
        self.columns = columns
        self.rows = rows
        self.commandTag = commandTag
    }

    /// The count at the end of the tag: rows inserted, updated, deleted,
    /// selected or copied; nil for commands that count nothing.
    public var rowCount: Int? { Self.rowCount(inTag: commandTag) }

    static func rowCount(inTag tag: String) -> Int? {
        guard let last = tag.split(separator: " ").last, tag.contains(" ") else { return nil }
        return Int(last)
    }

    /// The first row's first value, for queries that return one value.
    public var firstValue: String? { rows.first?.first ?? nil }
}

/// A statement and the values for its $1, $2… placeholders, every one
/// sent as a bound parameter in text (nil is NULL), never in the SQL.
public struct BoundStatement: Equatable, Sendable {
    public var sql: String
    public var parameters: [String?]

    public init(_ sql: String, _ parameters: [String?] = []) {
        self.sql = sql
        self.parameters = parameters
    }
}
