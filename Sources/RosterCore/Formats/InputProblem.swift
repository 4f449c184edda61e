/// One problem found in input data (a batch on stdin, an import file),
/// with where it is, so that every problem can be reported at once as
/// `SOURCE:LINE:COLUMN: field: message`.
public struct InputProblem: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The text cannot be read as the format it claims to be.
        case syntax
        /// The text is valid JSON, but not in a shape a roster is written
        /// in (a number where a monster object belongs, no `monsters` array).
        case shape
        /// A value breaks a rule (unknown weapon, name too long…).
        case value
        /// The input names a monster that does not exist.
        case notFound
        /// The input conflicts with itself or with the roster (a duplicate name).
        case conflict
    }

    public let kind: Kind
    public let location: TextLocation?
    public let field: String?
    public let message: String
    /// For `notFound`: the name that matched nothing, so that a
    /// suggestion can be added once the transaction is over.
    public let unknownName: String?
    /// For an unknown country in an import: the text given, so that the
    /// country meant can be suggested once the transaction is over.
    public let unknownCountry: String?

    public init(_ kind: Kind, at location: TextLocation?, field: String? = nil, _ message: String,
                unknownName: String? = nil, unknownCountry: String? = nil) {
        self.kind = kind
        self.location = location
        self.field = field
        self.message = message
        self.unknownName = unknownName
        self.unknownCountry = unknownCountry
    }

    /// `SOURCE:LINE:COLUMN: field: message`, leaving out the parts not known.
    public func formatted(source: String) -> String {
        var text = source
        if let location { text += ":\(location.line):\(location.column)" }
        text += ": "
        if let field { text += "\(field): " }
        return text + message
    }
}
