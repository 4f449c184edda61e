/// One field of a monster as every format sees it: its key, its title,
/// how it is read, stored, checked and told. The table of them, in the
/// order of every format, is `MonsterFields`.
public final class MonsterField: Sendable {
    /// How the value is written in JSON and stored in SQLite.
    public enum Kind: Sendable {
        /// A JSON number, an SQLite INTEGER.
        case integer
        /// A JSON string, an SQLite TEXT.
        case text
    }

    /// The key in JSON, the CSV header, and the SQL column name.
    public let key: String
    /// How people read the key (Markdown and HTML headers).
    public let title: String
    public let kind: Kind
    /// Whether an imported record must give it. Optional fields take the
    /// value of `MonsterFields.blank` when left out.
    public let isRequired: Bool
    /// Whether it may be unknown: SQL NULL, JSON `null`, an empty CSV cell.
    /// Only optional fields can be.
    public let isNullable: Bool
    /// The value of `monster` for this field.
    public let value: @Sendable (Monster) -> FieldValue
    /// Parses `value` into `monster`, or says why it cannot. Only the
    /// value's form is checked here (a known weapon, a whole number); the
    /// model's rules (name length…) are checked on the whole monster.
    public let assign: @Sendable (inout Monster, FieldValue) -> String?
    /// Sets the value from the UTF-8 bytes of its exact stored form
    /// (`sword`, `5ft11in`, `FR`…) without making a String, and says
    /// whether it could; other bytes change nothing and go through
    /// `assign`. A value it accepts passes `problem` (an import does not
    /// check it again). Nil for free text, which needs its String anyway.
    public let assignStored: (@Sendable (inout Monster, UnsafeBufferPointer<UInt8>) -> Bool)?
    /// Lays the value out for a bulk insert: the UTF-8 bytes `value`
    /// would give as text, the number, or NULL, written straight from the
    /// property without a String or a `FieldValue` where it can be (a
    /// height, a moment): an import lays out a million rows of them.
    let appendStored: @Sendable (Monster, inout BatchLayout) -> Void
    /// How people read the value (Markdown): the same in every time zone.
    public let readable: @Sendable (Monster) -> String
    /// The model's rule for the value (a name's length, a known origin):
    /// the problem when `monster` breaks it. Nil for fields whose every
    /// value `assign` accepts is valid.
    public let problem: (@Sendable (Monster) -> FieldProblem?)?
    /// How a change tells the value, in `edit`'s summary and the history:
    /// a value of the program's own in the words the interface shows it
    /// (`Sword`, `Blue`, `6 ft 2 in`, `unknown`), free text in backticks,
    /// as every message quotes what a person typed (`` `MEE-OW` ``).
    public let told: @Sendable (Monster) -> String
    /// The value told exactly, for a field whose `told` form rounds
    /// (activation, to the minute): shown when a change is hidden by it.
    public let toldExactly: (@Sendable (Monster) -> String)?
    /// The word a change names the field by (`colour`).
    public var changeLabel: String { title.lowercased() }
    /// The property of `Monster` the field is. Made when first asked for,
    /// not when the table is: a key path object costs its generic class's
    /// metadata at run time (329,559 of the 2,262,858 instructions of an
    /// unchanged `set-weapon`, for the nine fields), and the commands that
    /// only read and write rows never ask for one.
    var keyPath: PartialKeyPath<Monster> & Sendable { makeKeyPath() }
    private let makeKeyPath: @Sendable () -> PartialKeyPath<Monster> & Sendable
    /// Whether two monsters hold different values, compared exactly (the
    /// seconds of an activation count, though `value` keeps minutes).
    let differs: @Sendable (Monster, Monster) -> Bool
    /// Sets the field of the second monster to the first one's value.
    let copy: @Sendable (Monster, inout Monster) -> Void

    public init<Property: Equatable & Sendable>(
        key: String, title: String, property: @escaping @autoclosure @Sendable () -> WritableKeyPath<Monster, Property> & Sendable,
        kind: Kind, isRequired: Bool, isNullable: Bool = false,
        value: @escaping @Sendable (Monster) -> FieldValue,
        assign: @escaping @Sendable (inout Monster, FieldValue) -> String?,
        assignStored: (@Sendable (inout Monster, UnsafeBufferPointer<UInt8>) -> Bool)? = nil,
        appendStored: (@Sendable (Monster, inout BatchLayout) -> Void)? = nil,
        readable: (@Sendable (Monster) -> String)? = nil,
        problem: (@Sendable (Monster) -> FieldProblem?)? = nil,
        told: (@Sendable (Monster) -> String)? = nil,
        toldExactly: (@Sendable (Monster) -> String)? = nil
    ) {
        self.key = key
        self.title = title
        self.kind = kind
        self.isRequired = isRequired
        self.isNullable = isNullable && !isRequired
        self.value = value
        self.assign = assign
        self.assignStored = assignStored
        self.appendStored = appendStored ?? { monster, layout in
            switch value(monster) {
            case .text(let text): withUTF8Bytes(of: text) { layout.append($0) }
            case .integer(let number): layout.append(integer: number)
            case .null: layout.appendNull()
            }
        }
        self.readable = readable ?? { value($0).text }
        self.problem = problem
        self.told = told ?? { monster in
            let text = value(monster)
            return text == .null ? "unknown" : text.text
        }
        self.toldExactly = toldExactly
        // A key path literal without captures is made once and then
        // cached by the runtime, so asking again is cheap.
        makeKeyPath = property
        differs = { $0[keyPath: property()] != $1[keyPath: property()] }
        copy = { source, target in target[keyPath: property()] = source[keyPath: property()] }
    }
}

/// A field's value as a format carries it.
public enum FieldValue: Hashable, Sendable {
    case integer(Int64)
    case text(String)
    /// Unknown (a nullable field).
    case null

    /// The value as text (CSV cells, `list --format plain`): empty when unknown.
    public var text: String {
        switch self {
        case .integer(let number): String(number)
        case .text(let text): text
        case .null: ""
        }
    }
}
