/// The fields of an ErrorResponse or NoticeResponse, by their one-letter
/// codes (protocol chapter "Error and Notice Message Fields"), with the
/// common ones named. The SQLSTATE is what a caller decides on: a unique
/// violation, a lock timeout, a permission refused.
public struct ServerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Every field as sent, keyed by its code byte ("C" is the SQLSTATE).
    public let fields: [UInt8: String]

    public init(fields: [UInt8: String]) { self.fields = fields }

    /// ERROR, FATAL or PANIC (or WARNING, NOTICE… for a notice), not localized.
    public var severity: String { fields[UInt8(ascii: "V")] ?? fields[UInt8(ascii: "S")] ?? "ERROR" }
    public var sqlState: SQLState { SQLState(fields[UInt8(ascii: "C")] ?? "XX000") }
    public var message: String { fields[UInt8(ascii: "M")] ?? "" }
    public var detail: String? { fields[UInt8(ascii: "D")] }
    public var hint: String? { fields[UInt8(ascii: "H")] }
    /// 1-based character position in the query text, when the error points into it.
    public var position: Int? { fields[UInt8(ascii: "P")].flatMap { Int($0) } }
    public var schemaName: String? { fields[UInt8(ascii: "s")] }
    public var tableName: String? { fields[UInt8(ascii: "t")] }
    public var columnName: String? { fields[UInt8(ascii: "c")] }
    public var constraintName: String? { fields[UInt8(ascii: "n")] }

    /// The server's words. Untrusted: made harmless by whoever shows it.
    public var description: String {
        var text = "\(severity): \(message) (SQLSTATE \(sqlState.code))"
        if let detail { text += " \(detail)" }
        if let hint { text += " \(hint)" }
        return text
    }
}

/// A five-character SQLSTATE code, with the ones roster acts on named.
public struct SQLState: Hashable, Sendable, CustomStringConvertible {
    public let code: String

    public init(_ code: String) { self.code = code }

    /// The two-character class: "23" integrity constraint, "08" connection…
    public var errorClass: String { String(code.prefix(2)) }

    public var description: String { code }

    public static let uniqueViolation = SQLState("23505")
    public static let foreignKeyViolation = SQLState("23503")
    public static let checkViolation = SQLState("23514")
    public static let notNullViolation = SQLState("23502")
    public static let serializationFailure = SQLState("40001")
    public static let deadlockDetected = SQLState("40P01")
    public static let lockNotAvailable = SQLState("55P03")
    public static let queryCanceled = SQLState("57014")
    public static let adminShutdown = SQLState("57P01")
    public static let crashShutdown = SQLState("57P02")
    public static let cannotConnectNow = SQLState("57P03")
    /// The server ended a session idle past its `idle_session_timeout`.
    public static let idleSessionTimeout = SQLState("57P05")
    public static let tooManyConnections = SQLState("53300")
    public static let insufficientPrivilege = SQLState("42501")
    public static let undefinedTable = SQLState("42P01")
    public static let invalidSchemaName = SQLState("3F000")
    public static let duplicateSchema = SQLState("42P06")
    public static let duplicateObject = SQLState("42710")
    public static let invalidCatalogName = SQLState("3D000")
    public static let invalidPassword = SQLState("28P01")
    public static let invalidAuthorizationSpecification = SQLState("28000")
    public static let readOnlySQLTransaction = SQLState("25006")
    public static let inFailedSQLTransaction = SQLState("25P02")
}
