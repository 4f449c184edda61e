/// One monster read from an import file, valid by the model's rules, with
/// where it came from so that later problems (a name already taken) can
/// point at it — or, when `isStandIn`, what is left of a record with
/// problems.
public struct ImportedRecord: Sendable {
    public var monster: Monster
    /// Whether the file gave an id (only `--mode replace` uses ids).
    public var hasID: Bool
    /// Bit `i` set: the file gave field `i` of `MonsterFields.all`
    /// (`upsert` changes only those).
    public var given: UInt64
    /// `MonsterRules.nameKey` of the name, worked out by the reading
    /// thread so that the writing one does less.
    public var nameKey: String
    /// Where its id is (the value itself), or where the record starts
    /// when it has none.
    public var idLocation: TextLocation
    /// Where its name is.
    public var nameLocation: TextLocation
    /// The record had problems (already logged, so the import fails): it
    /// only stands in for them with its name and id, and otherwise the
    /// defaults, so that a clash of its name or id with the other records
    /// and the roster is reported too. It is never kept.
    public var isStandIn = false
}

/// The problems of one import, in the order found. Every problem is
/// counted; the first `limit` are kept for the report, so that a file of
/// a million bad rows cannot fill memory with messages.
public struct ProblemLog: Sendable {
    public static let limit = 10_000
    public private(set) var problems: [InputProblem] = []
    public private(set) var total = 0

    public init() {}

    public var isEmpty: Bool { total == 0 }

    public mutating func add(_ problem: InputProblem) {
        total += 1
        if problems.count < Self.limit { problems.append(problem) }
    }

    /// Whether another problem would still be listed, rather than only
    /// counted: a caller that must work to make one can skip the work.
    public var isListing: Bool { problems.count < Self.limit }

    /// A problem past the listed ones, counted without being made.
    public mutating func countUnlisted() {
        total += 1
    }

    /// Another log's problems after these: its listed ones while there is
    /// room, and all of them counted.
    public mutating func append(_ other: ProblemLog) {
        for problem in other.problems { add(problem) }
        total += other.total - other.problems.count
    }

    public mutating func add(_ kind: InputProblem.Kind, at location: TextLocation?, field: String? = nil, _ message: String) {
        add(InputProblem(kind, at: location, field: field, message))
    }

    /// How many problems at the front are syntax errors of the document:
    /// they stay first when the rest are put in order of place.
    private(set) var syntaxErrors = 0

    /// A syntax error of a JSON document: the text is not JSON, so what
    /// was said about its records before is second to it. It goes before
    /// them (after any earlier syntax error), and is listed even when the
    /// list is full, in place of the last problem.
    mutating func addSyntaxError(at location: TextLocation?, _ message: String) {
        total += 1
        if problems.count >= Self.limit { problems.removeLast() }
        problems.insert(InputProblem(.syntax, at: location, message), at: syntaxErrors)
        syntaxErrors += 1
    }
}

/// Turns the fields of one record, however the format spelled them, into
/// a `Monster`: each value goes through its field's `assign`, then the
/// whole monster through the model's rules. Every problem is reported
/// with the location of the value it is about.
struct MonsterDecoder {
    /// Bit `i` set: field `i` of `MonsterFields.all` must be given. The
    /// model's required fields, or only the key where the mode says so
    /// (`upsert` changes only the fields given).
    let required: UInt64
    private(set) var monster = MonsterFields.blank
    /// Bit `i` set: field `i` of `MonsterFields.all` was given.
    private var given: UInt64 = 0
    /// Bit `i` set: field `i` was given but refused (its problem logged);
    /// it keeps its default.
    private var refused: UInt64 = 0
    /// Bit `i` set: field `i` was given in its exact stored form, which
    /// passes the field's rule (see `MonsterField.assignStored`).
    private var stored: UInt64 = 0
    /// Bit `i` set: an unknown key or column that suggested field `i` was
    /// told, so a missing field `i` is not told again: it only follows
    /// from the misspelling (`nme` → "the record has no name").
    private var misspelt: UInt64 = 0
    private var failed = false
    static let idIndex = MonsterFields.all.firstIndex { $0.key == MonsterFields.id.key } ?? 0
    static let nameIndex = MonsterFields.all.firstIndex { $0.key == MonsterFields.name.key } ?? 1
    static let originIndex = MonsterFields.all.firstIndex { $0.key == MonsterFields.origin.key }
    static let requiredByModel = mask { $0.isRequired }

    /// Bit `i` set where field `i` of `MonsterFields.all` passes `test`.
    static func mask(_ test: (MonsterField) -> Bool) -> UInt64 {
        MonsterFields.all.enumerated().reduce(0) { test($1.element) ? $0 | 1 << UInt64($1.offset) : $0 }
    }

    init(required: UInt64 = MonsterDecoder.requiredByModel) {
        self.required = required
    }

    /// Gives field `index` a value, or records why it cannot have it.
    /// `locate` is only called when there is a problem to place.
    mutating func set(_ index: Int, _ value: FieldValue, log: inout ProblemLog, locate: () -> TextLocation) {
        given |= 1 << UInt64(index)
        stored &= ~(1 << UInt64(index))
        let field = MonsterFields.all[index]
        // The country meant by an unknown one is looked for only after the
        // import's transaction, for the first few (`SQLiteRosterStore.importMonsters`):
        // the search compares with every country's names, and a file can
        // hold a million unknown ones while the roster is locked.
        if index == Self.originIndex, case .text(let text) = value, Countries.find(text) == nil {
            noteRefused(index)
            log.add(InputProblem(.value, at: locate(), field: field.key,
                                 Country.unknown(text, suggestion: nil).message, unknownCountry: text))
            return
        }
        if let message = field.assign(&monster, value) ?? (index == Self.idIndex ? MonsterFields.idBeyondExact(monster.id) : nil) {
            failed = true
            refused |= 1 << UInt64(index)
            log.add(.value, at: locate(), field: field.key, message)
        }
    }

    /// Gives field `index` its value straight from the bytes of its exact
    /// stored form; false, changing nothing, when they are not in it.
    mutating func setStored(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let assign = Self.storedAssigns[index], assign(&monster, bytes) else { return false }
        given |= 1 << UInt64(index)
        stored |= 1 << UInt64(index)
        return true
    }

    /// Each field's `assignStored`, by position, looked up once.
    private static let storedAssigns = MonsterFields.all.map(\.assignStored)

    /// Marks a field as given but refused (its problem already logged):
    /// it is not also reported missing, and the record fails.
    mutating func noteRefused(_ index: Int) {
        given |= 1 << UInt64(index)
        refused |= 1 << UInt64(index)
        failed = true
    }

    /// Marks the record as failed for a problem that is not one field's
    /// (an unknown key), already logged.
    mutating func noteFailed() {
        failed = true
    }

    /// Marks the record as failed for an unknown key, already logged,
    /// that suggested the field `meant`.
    mutating func noteMisspelt(_ meant: String?) {
        failed = true
        if let meant, let index = MonsterFields.index(of: meant) { misspelt |= 1 << UInt64(index) }
    }

    /// Checks required fields and the model's rules; the record, or nil
    /// when it had any problem. `locate(i)` places field `i`, or the
    /// record itself when `i` is nil.
    ///
    /// Every problem of the record is logged: the rules are checked on
    /// each value that was read, even when another was refused. A record
    /// with problems whose name is good comes back as a stand-in
    /// (`ImportedRecord.isStandIn`), so that its name and id are still
    /// checked against the others.
    mutating func finish(log: inout ProblemLog, locate: (Int?) -> TextLocation) -> ImportedRecord? {
        for (index, field) in MonsterFields.all.enumerated() where required & ~misspelt & (1 << UInt64(index)) != 0 && given & (1 << UInt64(index)) == 0 {
            failed = true
            log.add(.value, at: locate(nil), field: field.key, MonsterFields.missing(field.key))
        }
        // Fields refused or missing hold defaults: their rules say nothing.
        let read = given & ~refused
        var nameIsGood = read & (1 << UInt64(Self.nameIndex)) != 0
        // The rules of the fields read, in field order, as
        // `Monster.problems` gives them; a value in its stored form passes
        // its field's rule, and is not checked again.
        for (fieldIndex, field) in MonsterFields.all.enumerated()
        where (read & ~stored) & (1 << UInt64(fieldIndex)) != 0 {
            guard let problem = field.problem?(monster),
                  let index = MonsterFields.index(of: problem.field), read & (1 << UInt64(index)) != 0 else { continue }
            failed = true
            if index == Self.nameIndex { nameIsGood = false }
            log.add(.value, at: locate(index), field: problem.field, problem.message)
        }
        let hasID = read & (1 << UInt64(Self.idIndex)) != 0
        var record = ImportedRecord(monster: monster, hasID: hasID, given: given,
                                    nameKey: MonsterRules.nameKey(monster.name),
                                    idLocation: locate(hasID ? Self.idIndex : nil), nameLocation: locate(Self.nameIndex))
        guard failed else { return record }
        guard nameIsGood else { return nil }
        var standIn = MonsterFields.blank
        standIn.id = monster.id
        standIn.name = monster.name
        record.monster = standIn
        record.given = 0
        record.isStandIn = true
        return record
    }
}
