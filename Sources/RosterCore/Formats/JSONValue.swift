/// A parsed JSON value that remembers where it stood in its text, so that
/// problems with it can be reported as `LINE:COLUMN`.
public struct JSONNode: Sendable {
    public enum Value: Sendable {
        case null
        case bool(Bool)
        /// The number's literal text, kept exactly so no precision is lost
        /// before the reader knows which type it needs.
        case number(String)
        case string(String)
        case array([JSONNode])
        /// Members in the order written. Duplicate keys are rejected by the parser.
        case object([(key: String, value: JSONNode)])
    }

    public let value: Value
    public let location: TextLocation

    public init(value: Value, location: TextLocation) {
        self.value = value
        self.location = location
    }

    /// The member named `key`, for objects.
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first(where: { $0.key == key })?.value
    }

    /// What kind of value this is, in words for error messages.
    public var kindName: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A 1-based line and column (in Unicode scalars) within a text.
public struct TextLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }

    public static func < (a: TextLocation, b: TextLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

/// A syntax error in JSON text, with where it is.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String
    public let location: TextLocation
    /// A key twice in one object: valid JSON (RFC 8259 only says keys
    /// SHOULD be unique) that roster refuses on purpose, so a problem of
    /// the input's shape rather than of its syntax.
    public var isDuplicateKey = false

    /// How an import labels it (`--errors json`'s `kind`).
    public var problemKind: InputProblem.Kind { isDuplicateKey ? .shape : .syntax }

    public var description: String { "\(location): \(message)" }
}
