/// A roster wherever it is kept: what every surface (the commands, the
/// full-screen and the plain roster) asks of it, and nothing of how it is
/// stored.
///
/// `SQLiteRosterStore` keeps the roster in one SQLite file. Each store
/// keeps the same promises, and one suite of tests holds every store to
/// them:
/// - every write is one transaction under the roster's write lock, and
///   records its history entry in that transaction, so history order is
///   commit order and a crash leaves both or neither;
/// - a write given what the editor started from (`expecting`,
///   `startingFrom`, `confirmed`) changes nothing when the monster has
///   changed since, and says so (`RosterError.changedSince`);
/// - a dry run does and checks everything, then takes it back;
/// - ids are never given out twice; a monster is found by its current
///   name, ignoring case, or by its id;
/// - errors reach the caller as `RosterError`, one sentence each.
public protocol RosterStore: AnyObject {
    /// How messages name this roster: its file's path.
    var name: String { get }
    /// The roster's file, for the checks that compare files (an export
    /// must never be written over it); nil for a roster on a server.
    var filePath: String? { get }
    /// Where this connection's changes come from, for the history.
    var surface: ChangeSurface { get set }
    /// Sentences an upgrade of the roster found worth telling once.
    var namesReadingAlike: [String] { get }
    /// Everything opening the roster found worth telling once, one
    /// sentence each (`namesReadingAlike` among them).
    var notesOnOpening: [String] { get }
    /// Told, during a request, what the person should hear beside its
    /// answer: that a change was saved although the server's reply to it
    /// was lost (`PostgresRosterStore.settleLostCommit`). Whoever shows
    /// the answers listens: the command line on stderr, the interface in
    /// its footer, with the answer.
    var tell: ((String) -> Void)? { get set }
    /// Ends the use of this roster as a command or the interface ends,
    /// leaving it whole for other programs (a file that `cp` copies whole).
    func close()

    // MARK: Reading

    /// The monsters `query` asks for, in its order (roster order, by id,
    /// unless it sorts), whole whatever fields it names.
    func monsters(matching query: MonsterQuery) throws(RosterError) -> [Monster]
    /// Calls `body` for each monster `query` asks for, in its order,
    /// without loading them all. Errors thrown by `body` come out as they are.
    func forEachMonster(matching query: MonsterQuery, _ body: (Monster) throws -> Void) throws
    /// Writes each monster `query` asks for to `output` as one record in
    /// `form`, with the query's fields in its order: the fast path of
    /// `list` and `export`. `before` runs ahead of each record with the
    /// number written so far. Returns how many were written. Does not flush.
    @discardableResult
    func appendRecords(_ form: MonsterRecords.Form, matching query: MonsterQuery, to output: ByteOutput,
                       before: ((_ written: Int) throws -> Void)?) throws -> Int
    /// The ids of the monsters `query` matches, in its order: what a
    /// change to every match acts on, and the interface's filter.
    func monsterIDs(matching query: MonsterQuery) throws(RosterError) -> [Int64]
    /// Writes every monster to `output` in `format`, from one consistent
    /// snapshot, with memory flat however large the roster. Does not flush.
    func export(_ format: ExportFormat, to output: ByteOutput, options: ExportOptions) throws
    func count() throws(RosterError) -> Int
    /// The monster with this id (`8` or `#8`), else with this name (ignoring case).
    func find(_ reference: String) throws(RosterError) -> Monster?
    /// Names close to each of the first `suggestionLimit` references.
    func suggestNames(for references: [String]) throws(RosterError) -> [String: String]
    /// How many monsters carry each weapon.
    func weaponCounts() throws(RosterError) -> [WeaponType: Int]
    /// Calls `body` with each monster's id and folded name, in roster
    /// order, without making strings: for building in-memory name indexes.
    func forEachNameKey(_ body: (Int64, UnsafeBufferPointer<UInt8>) throws -> Void) throws
    /// Up to `limit` monsters in roster order starting after the given id.
    func monsters(after id: Int64, limit: Int) throws(RosterError) -> [Monster]
    /// Up to `limit` monsters in roster order ending before the given id.
    func monsters(before id: Int64, limit: Int) throws(RosterError) -> [Monster]
    /// Monsters at positions `offset ..< offset + limit` of the roster.
    func monsters(offset: Int, limit: Int) throws(RosterError) -> [Monster]
    func monster(id: Int64) throws(RosterError) -> Monster?
    /// Monsters with ids from `first` through `last`, in order.
    func monsters(from first: Int64, through last: Int64) throws(RosterError) -> [Monster]
    /// The monsters with these ids that exist, in any order: the rows a
    /// filtered list shows, in one read (one round trip on a server).
    func monsters(ids: [Int64]) throws(RosterError) -> [Monster]
    /// How many monsters come before monster `id` in roster order, if it exists.
    func position(of id: Int64) throws(RosterError) -> Int?
    /// Whether `monsters(matching:_:limit:)` reads a window of `query`'s
    /// sorted list by an index, from a monster next to it: such a list
    /// need then never read every id.
    func pagesSortedWindows(for query: MonsterQuery) -> Bool
    /// Up to `limit` of the monsters `query` matches, in its order (one
    /// sort key), from where `window` says.
    func monsters(matching query: MonsterQuery, _ window: SortedWindow, limit: Int) throws(RosterError) -> [Monster]
    /// How many monsters `query` matches before monster `id` in its order
    /// (`.before(id)`), or after it (`.after(id)`), counting no further
    /// than `bound` when one is given.
    func count(matching query: MonsterQuery, _ side: SortedWindow, upTo bound: Int?) throws(RosterError) -> Int

    // MARK: Writing

    /// Gives each monster its weapon, all or nothing (see `SQLiteRosterStore`).
    func setWeapons(_ assignments: [WeaponAssignment], dryRun: Bool,
                    expecting expected: WeaponType?) throws(RosterError) -> [WeaponChange]
    /// Applies a batch read from standard input, all or nothing, reporting
    /// every problem of the batch at once.
    func setWeapons(_ batch: WeaponBatch.Parsed, dryRun: Bool,
                    expecting expected: WeaponType?) throws(RosterError) -> [WeaponChange]
    /// Gives `weapon` to every monster `query` matches when the write
    /// holds the roster's lock (`set-weapon --where`): matched by the
    /// write itself, never from an earlier read another writer may have
    /// made untrue, all as one change.
    func setWeapon(_ weapon: WeaponType, matching query: MonsterQuery, dryRun: Bool,
                   expecting expected: WeaponType?) throws(RosterError) -> [WeaponChange]
    func add(_ monster: Monster, dryRun: Bool) throws(RosterError) -> Monster
    func edit(_ reference: String, _ changes: MonsterChanges, dryRun: Bool,
              expecting expected: ExpectedValues) throws(RosterError) -> MonsterEdit
    /// Makes the same changes to every monster `references` names, all or
    /// nothing, as one change that one undo takes back (`edit --where`).
    func edit(_ references: [String], _ changes: MonsterChanges, dryRun: Bool,
              expecting expected: ExpectedValues) throws(RosterError) -> [MonsterEdit]
    /// `edit --where`: the same changes to every monster `query` matches
    /// when the write holds the roster's lock, as one change.
    func edit(matching query: MonsterQuery, _ changes: MonsterChanges, dryRun: Bool,
              expecting expected: ExpectedValues) throws(RosterError) -> [MonsterEdit]
    /// Edits monster `monsterID`; nil when it no longer exists.
    func edit(monsterID: Int64, _ changes: MonsterChanges,
              startingFrom original: Monster?) throws(RosterError) -> MonsterEdit?
    /// Removes monster `monsterID`; false when it no longer exists.
    func remove(monsterID: Int64, confirmed: Monster?) throws(RosterError) -> Bool
    func remove(_ references: [String], dryRun: Bool, confirmed: [Monster]?) throws(RosterError) -> [Monster]
    /// Imports every record `reader` gives, in one transaction, all or nothing.
    func importMonsters(from reader: MonsterReader, mode: ImportMode, dryRun: Bool,
                        progress: ((_ bytesRead: Int) -> Void)?) throws(RosterError) -> ImportSummary
    /// What an import would change, monster by monster, changing nothing.
    func previewImport(from reader: MonsterReader, mode: ImportMode, limit: Int,
                       progress: ((_ bytesRead: Int) -> Void)?) throws(RosterError) -> ImportPreview
    /// The store a dry run rehearses on: this one, or, when this one
    /// cannot be written, one over a copy that says what the change would do.
    func forDryRun() throws(RosterError) -> any RosterStore

    // MARK: History

    /// Changes newest first, optionally only those touching the monster
    /// `reference` names (by id or by any name it had).
    func history(touching reference: String?, limit: Int?) throws(RosterError) -> [HistoryEntry]
    /// What a change did to each monster it touched.
    func revisions(of entry: HistoryEntry) throws(RosterError) -> [MonsterRevision]
    /// Whether the history names a monster `reference` names.
    func historyMentions(_ reference: String) throws(RosterError) -> Bool
    func historyCount() throws(RosterError) -> Int
    /// Forgets the history; returns how many changes it held.
    func clearHistory() throws(RosterError) -> Int
    /// Undoes the newest `count` changes that are not undone.
    func undo(_ count: Int, dryRun: Bool) throws(RosterError) -> HistoryOutcome
    /// Redoes the `count` changes undone most recently.
    func redo(_ count: Int, dryRun: Bool) throws(RosterError) -> HistoryOutcome
    /// Undoes the change numbered `id`, which need not be the newest:
    /// refused, naming the later change, when one touched its monsters.
    func undo(change id: Int64, dryRun: Bool) throws(RosterError) -> HistoryOutcome
    /// Undoes the changes numbered `ids`, in that order, in one step,
    /// whoever made them; one refused, none is.
    func undo(changes ids: [Int64], dryRun: Bool) throws(RosterError) -> HistoryOutcome

    // MARK: The connection

    /// How long a write waits for another writer before giving up as busy.
    func setBusyTimeout(milliseconds: Int) throws(RosterError)
    /// Whether this store's roster is no longer where it was opened: what
    /// it reads is then nobody's roster, and every write is refused.
    var hasMoved: Bool { get }
    /// Why the roster an interface opened is no longer where it was (a
    /// server's database dropped and made again): every request is then
    /// refused with this sentence. Nil while it is there, and for a file.
    var noLongerThere: String? { get }
    /// Whether the role the store logged in as may only read the roster (a
    /// server's reader): an interface says so before anything is typed.
    var mayOnlyRead: Bool { get }
    /// A number that moves whenever anyone else changes the roster.
    func changeCounter() throws(RosterError) -> Int64
    /// When to ask `changeCounter()` again: see `ChangeWatch`.
    var changeWatch: ChangeWatch { get }
    /// What a wait on a server also heeds (an interface's terminal and
    /// signal pipe): when one of `descriptors` can be read,
    /// `shouldGiveUp` reads it and says whether to stop waiting; the
    /// request then fails as `interrupted`. A file's waits are bounded by
    /// the busy timeout, and heed nothing.
    /// `whileQuiet` is told each whole second such a wait has heard
    /// nothing, and whether the request is a write.
    func heedWhileWaiting(descriptors: [Int32], shouldGiveUp: (() -> Bool)?,
                          whileQuiet: ((_ seconds: Int, _ writing: Bool) -> Void)?)
    /// What is known of the last request whose wait on the server was
    /// stopped (Ctrl-C): "…; nothing was changed", or, for a write whose
    /// COMMIT was sent, what a look-up found.
    var interruption: String? { get }
    /// A store whose server was lost tries it again now, once, waiting
    /// for the try (within connect_timeout), whatever its back-off says.
    func reconnectNow()
    /// Who made the latest write without roster that `changeCounter()`
    /// found moved, where the store can tell (a server's role); nil for
    /// a file, whose writers have no name, and before any such write.
    var outsideWriter: OutsideWriter? { get }
    /// How many times `changeCounter()` has found the count of writes
    /// without roster moved: the first look after a server came back
    /// counts those made while it was away. A file counts none.
    var outsideWritesFound: Int { get }
    /// Whether `path` names one of the roster's own files (the database,
    /// its log, the log's index, a journal), which an export must never
    /// be written over; nil for any other file. Make the folders on the
    /// way to `path` first: a folder not there yet gives no place to compare.
    func ownFile(at path: String) -> RosterOwnFile?
    /// Where the roster is: opening it again gives a second, independent
    /// connection, for reading on another thread.
    var location: RosterLocation { get }
}

/// The forms most callers use, with the defaults every store shares.
extension RosterStore {
    public func monsters() throws(RosterError) -> [Monster] {
        try monsters(matching: .everything)
    }

    /// Every monster in roster order, optionally only those carrying `weapon`.
    public func monsters(carrying weapon: WeaponType?) throws(RosterError) -> [Monster] {
        try monsters(matching: .carrying(weapon))
    }

    public func forEachMonster(_ body: (Monster) throws -> Void) throws {
        try forEachMonster(matching: .everything, body)
    }

    public func forEachMonster(carrying weapon: WeaponType?, _ body: (Monster) throws -> Void) throws {
        try forEachMonster(matching: .carrying(weapon), body)
    }

    @discardableResult
    public func appendRecords(_ form: MonsterRecords.Form, carrying weapon: WeaponType? = nil, to output: ByteOutput,
                              before: ((_ written: Int) throws -> Void)? = nil) throws -> Int {
        try appendRecords(form, matching: .carrying(weapon), to: output, before: before)
    }

    @discardableResult
    public func appendRecords(_ form: MonsterRecords.Form, matching query: MonsterQuery, to output: ByteOutput) throws -> Int {
        try appendRecords(form, matching: query, to: output, before: nil)
    }

    public func export(_ format: ExportFormat, to output: ByteOutput) throws {
        try export(format, to: output, options: ExportOptions())
    }

    /// A file reads them one by one: each is a look-up in the same process.
    public func monsters(ids: [Int64]) throws(RosterError) -> [Monster] {
        var found: [Monster] = []
        for id in ids { if let monster = try monster(id: id) { found.append(monster) } }
        return found
    }

    /// Like `find`, but a missing monster is an error that suggests a close name.
    public func resolve(_ reference: String) throws(RosterError) -> Monster {
        if let monster = try find(reference) { return monster }
        throw .monsterNotFound(reference, suggestion: try suggestName(for: reference))
    }

    /// A name close to `reference`, to suggest when nothing matched.
    public func suggestName(for reference: String) throws(RosterError) -> String? {
        try suggestNames(for: [reference])[reference]
    }

    public func setWeapons(_ assignments: [WeaponAssignment], dryRun: Bool = false,
                           expecting expected: WeaponType? = nil) throws(RosterError) -> [WeaponChange] {
        try setWeapons(assignments, dryRun: dryRun, expecting: expected)
    }

    public func setWeapons(_ batch: WeaponBatch.Parsed, dryRun: Bool = false,
                           expecting expected: WeaponType? = nil) throws(RosterError) -> [WeaponChange] {
        try setWeapons(batch, dryRun: dryRun, expecting: expected)
    }

    public func add(_ monster: Monster) throws(RosterError) -> Monster {
        try add(monster, dryRun: false)
    }

    public func edit(_ reference: String, _ changes: MonsterChanges, dryRun: Bool = false,
                     expecting expected: ExpectedValues = ExpectedValues()) throws(RosterError) -> MonsterEdit {
        try edit(reference, changes, dryRun: dryRun, expecting: expected)
    }

    public func edit(monsterID: Int64, _ changes: MonsterChanges) throws(RosterError) -> MonsterEdit? {
        try edit(monsterID: monsterID, changes, startingFrom: nil)
    }

    public func remove(monsterID: Int64) throws(RosterError) -> Bool {
        try remove(monsterID: monsterID, confirmed: nil)
    }

    public func remove(_ references: [String], dryRun: Bool = false,
                       confirmed: [Monster]? = nil) throws(RosterError) -> [Monster] {
        try remove(references, dryRun: dryRun, confirmed: confirmed)
    }

    public func importMonsters(from reader: MonsterReader, mode: ImportMode, dryRun: Bool = false,
                               progress: ((_ bytesRead: Int) -> Void)? = nil) throws(RosterError) -> ImportSummary {
        try importMonsters(from: reader, mode: mode, dryRun: dryRun, progress: progress)
    }

    public func previewImport(from reader: MonsterReader, mode: ImportMode, limit: Int = ImportPreview.listLimit,
                              progress: ((_ bytesRead: Int) -> Void)? = nil) throws(RosterError) -> ImportPreview {
        try previewImport(from: reader, mode: mode, limit: limit, progress: progress)
    }

    public func history(touching reference: String? = nil, limit: Int? = nil) throws(RosterError) -> [HistoryEntry] {
        try history(touching: reference, limit: limit)
    }

    public func undo(_ count: Int = 1, dryRun: Bool = false) throws(RosterError) -> HistoryOutcome {
        try undo(count, dryRun: dryRun)
    }

    public func redo(_ count: Int = 1, dryRun: Bool = false) throws(RosterError) -> HistoryOutcome {
        try redo(count, dryRun: dryRun)
    }

    public func undo(change id: Int64, dryRun: Bool = false) throws(RosterError) -> HistoryOutcome {
        try undo(change: id, dryRun: dryRun)
    }

    public func undo(changes ids: [Int64], dryRun: Bool = false) throws(RosterError) -> HistoryOutcome {
        try undo(changes: ids, dryRun: dryRun)
    }
}

/// Where a roster is kept, as a value that can cross threads.
public enum RosterLocation: Sendable, Hashable {
    /// A SQLite file at this path.
    case file(String)
    /// A PostgreSQL database, by its `postgresql://` or `postgres://` URI
    /// (completed from the PG* variables and the password file).
    case postgres(String)

    /// `--db` and `ROSTER_DB` as given: a PostgreSQL URI, else a file's path.
    public init(_ text: String) {
        self = PostgresLocation.isURI(text) ? .postgres(text) : .file(text)
    }

    /// Opens the roster (creating it if needed), one connection. For an
    /// import (`forImport`), a database with no roster yet is left for the
    /// import to make, holding only what it imports (a new file's import is
    /// built by the command line's `NewRoster`).
    ///
    /// `tell` hears, once, that a database with no roster was given the
    /// default one (on the first request, which reads the schema's
    /// marker), and that a change was saved although the server's reply
    /// was lost; and that a file was given a new roster by this open. Each
    /// is decided inside the transaction that built the roster, so that of
    /// several programs starting on a new roster at once only the one that
    /// made it says so.
    public func open(forImport: Bool = false, tell: ((String) -> Void)? = nil) throws(RosterError) -> any RosterStore {
        switch self {
        case .file(let path): try SQLiteRosterStore.open(path: path, tell: tell)
        case .postgres(let uri):
            forImport ? try PostgresRosterStore.openForImport(uri: uri, tell: tell)
                : try PostgresRosterStore.open(uri: uri, markerWithFirstRequest: true, tell: tell)
        }
    }

    /// Opens the roster only to read it, beside a connection that writes
    /// (the interface's background reader): a file read-only, creating and
    /// migrating nothing; a server as `open` does, which reads only what
    /// it is asked.
    public func openForReading() throws(RosterError) -> any RosterStore {
        switch self {
        case .file(let path):
            guard let store = try SQLiteRosterStore.openForReading(path: path) else {
                throw .cannotOpen(path: path, reason: "it is no longer there")
            }
            return store
        case .postgres: return try open()
        }
    }
}

/// Limits every store keeps alike.
public enum RosterLimits {
    /// How long a write waits for another writer before giving up as busy.
    public static let busyTimeoutMilliseconds = 5000
    /// At most this many suggestions are looked for in one run: a batch of
    /// a thousand unknown names gets the first ones, not a thousand searches.
    public static let suggestionLimit = 10
    /// How many changes the history keeps.
    public static var historyBound: Int { HistoryTable.bound }
    /// Of those, how many imports keep the roster they replaced.
    public static var keptImportSnapshots: Int { HistoryTable.keptSnapshots }
}
