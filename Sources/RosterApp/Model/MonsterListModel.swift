import RosterCore
import Synchronization

/// The monster list as the interface sees it: a count and rows by
/// position, optionally filtered by name, read from the store a window
/// at a time so that a roster of a million monsters opens at once.
///
/// Positions map to monsters through a `NameIndex` once one is built
/// (synchronously for small rosters, on a background thread for large
/// ones); until then the unfiltered list reads windows with `LIMIT/OFFSET`.
/// Filtering needs the index: while it is being built the list says so.
///
/// The filter is the command line's language (`weapon=fire and
/// height>=5ft`, see `QueryParser`) when it reads as one, else part of a
/// name. An expression is asked of the store, which answers with ids; the
/// index turns them into rows. One that means nothing (a misspelt field)
/// leaves the list as the last one that meant something and is told by
/// `filterProblem`, the typed text kept as it is; `filterInForce` is
/// what the list shows, and what the screen says it is filtered by.
///
/// A sort (`order`) is asked of the store too, as `list --sort` asks it,
/// so that both mean the same. A store that pages by its indexes
/// (PostgreSQL, a file) gives the sorted list a window at a time (`SortedPages`);
/// from any other, the ids in order, turned into rows once, give the
/// order every filter's matches are shown in (`arranged`).
final class MonsterListModel {
    /// Rosters up to this size are indexed at once, larger ones in the background.
    static let synchronousIndexLimit = 20_000
    /// How many rows are read around the ones asked for.
    static let windowPadding = 32

    let store: any RosterStore
    private(set) var filter = ""
    /// The filter the list shows: the typed text when it means
    /// something, else the last one that did.
    private(set) var filterInForce = ""
    /// The order the list is shown in; nil for roster order (by id).
    private(set) var order: MonsterSortKey?
    /// Every row of the index in `order`, read from the store once per
    /// order and index.
    var sortedRows: [Int32]?
    /// The rows shown, in `order`, when there is one: the matches (or
    /// every row) as `sortedRows` places them.
    var arranged: [Int32]?
    /// The sorted list read a window at a time, when the store pages by
    /// its indexes: then neither `sortedRows` nor `arranged` is made.
    var pages: SortedPages?
    /// The filter read as an expression, when it reads as one that means something.
    private(set) var expression: MonsterQuery?
    /// Why the filter, read as an expression, means nothing.
    private(set) var filterProblem: QueryError?
    /// The filter in force before the letters typed now began to be read
    /// as a name: where `wepon=`, broken, goes back to, rather than to
    /// `wepon`, which was its own first letters and matched nothing.
    private var filterBeforeName = ""
    /// How many rows the list shows: set as it is filtered, and by `arrange`.
    var count = 0
    /// How many monsters the roster holds, whatever the filter.
    private(set) var total = 0
    private(set) var index: NameIndex?
    private(set) var matches: [Int32]?
    /// A filter typed while the store was out of reach, which cannot read
    /// the rows it would show: applied once the store is back.
    var filterAwaitingStore: String?
    /// The matches of the filters typed lately, so that ⌫ widens the list
    /// at once instead of reading every name again; emptied when the index
    /// changes, and kept to `filterCacheLimit` rows in all.
    private var recentFilters: [String: [Int32]?] = [:]
    static let filterCacheLimit = 2_000_000
    /// A sorted list of up to this many matches is put in order whole;
    /// more are paged (a selective name filter paged would scan far for each window).
    static let sortedMatchesLimit = 50_000
    private var window: [Int: Monster] = [:]
    private let mailbox = IndexMailbox()
    /// Where the background count of an unsettled monster's place is
    /// left, with the number of the count asked (only the newest counts).
    let settledCount = PlaceMailbox()
    var countsAsked = 0
    private var loadingGeneration = 0
    /// An index is being built on another thread (or its build failed
    /// and nothing will come): `takeFinishedIndex` has something to wait for.
    private(set) var isIndexingInBackground = false
    /// How many times the whole name index was built, here or in the
    /// background, and how many windows of rows were read: what a write
    /// costs the interface, counted (a field's own change costs neither).
    private(set) var indexBuilds = 0
    var windowReads = 0

    init(store: any RosterStore) throws(RosterError) {
        self.store = store
        try refresh()
    }

    var isFiltering: Bool { !filter.isEmpty }
    /// Whether the list shows a filter's matches rather than the roster.
    var isFilterInForce: Bool { !filterInForce.isEmpty }
    /// Filtering or sorting was asked for, but the names are still being indexed.
    var isWaitingForIndex: Bool { (isFiltering || order != nil) && index == nil }

    /// The index's row at `position` of the list.
    private func row(at position: Int) -> Int {
        if let arranged { return Int(arranged[position]) }
        if let matches { return Int(matches[position]) }
        return position
    }

    // MARK: Reading rows

    /// The monster at `position`, reading its window if it is not in memory.
    func monster(at position: Int) throws(RosterError) -> Monster? {
        guard position >= 0, position < count else { return nil }
        if let pages {
            if let kept = pages.monster(at: position) { return kept }
            try loadPages(around: position, through: position + 1)
            return self.pages?.monster(at: position)
        }
        if let cached = window[position] { return cached }
        try load(around: position)
        return window[position]
    }

    /// Makes sure the rows in `range` are in memory, in as few queries as possible.
    func prefetch(_ range: Range<Int>) throws(RosterError) {
        let clamped = range.clamped(to: 0..<count)
        if let pages {
            guard !pages.isLoaded(clamped), let first = clamped.first else { return }
            return try loadPages(around: first, through: clamped.upperBound)
        }
        guard let missing = clamped.first(where: { window[$0] == nil }) else { return }
        try load(around: missing, through: clamped.upperBound)
    }

    private func load(around position: Int, through end: Int? = nil) throws(RosterError) {
        let start = max(0, position - Self.windowPadding / 2)
        let stop = min(count, max(end ?? 0, position + 1) + Self.windowPadding)
        if window.count > 4096 { window.removeAll(keepingCapacity: true) }
        windowReads += 1
        if let index {
            let wanted = (start..<stop).map { index.ids[row(at: $0)] }
            let found: [Int64: Monster]
            if matches == nil, arranged == nil, let first = wanted.first, let last = wanted.last {
                found = Dictionary(uniqueKeysWithValues: try store.monsters(from: first, through: last).map { ($0.id, $0) })
            } else {
                found = Dictionary(try store.monsters(ids: wanted).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            }
            for (offset, id) in wanted.enumerated() {
                if let monster = found[id] { window[start + offset] = monster }
            }
        } else if !isFiltering, order == nil {
            for (offset, monster) in try store.monsters(offset: start, limit: stop - start).enumerated() {
                window[start + offset] = monster
            }
        }
    }

    /// The position of monster `id` in the list, if it is in it. With a
    /// `guess`, a sorted list paged from the store may place a monster
    /// deep in it there at once, and count its true place on another
    /// thread (see `SortedPages`, `takeSettledShift`).
    func position(of id: Int64, guess: Int? = nil) throws(RosterError) -> Int? {
        if let cached = window.first(where: { $0.value.id == id }) { return cached.key }
        guard let index else {
            return isFiltering ? nil : try store.position(of: id)
        }
        guard let row = index.row(of: id) else { return nil }
        if let arranged { return arranged.firstIndex(of: Int32(row)) }
        if let matches {
            let low = Self.firstMatch(atOrAfter: row, in: matches)
            guard low < matches.count, matches[low] == Int32(row) else { return nil }
            if pages == nil { return low }
        }
        guard pages != nil else { return row }
        let guessed = pages?.unsettled
        let found = try pages?.position(of: id, from: store, guess: guess)
        if let unsettled = pages?.unsettled, guessed.map({ $0 != unsettled }) ?? true { settleInBackground(unsettled.id) }
        return found
    }

    /// Where monster `id`, on the roster but not matched by the filter,
    /// would stand: the first match after it in roster order, else the
    /// last. Nil when nothing matches or the roster has no such monster.
    func nearestPosition(to id: Int64) -> Int? {
        guard count > 0, let row = index?.row(of: id) else { return nil }
        guard let matches else { return min(row, count - 1) }
        return min(Self.firstMatch(atOrAfter: row, in: matches), count - 1)
    }

    /// Matches are rows in ascending order: a binary search finds the
    /// first at or after `row`.
    private static func firstMatch(atOrAfter row: Int, in matches: [Int32]) -> Int {
        var low = 0, high = matches.count
        while low < high {
            let middle = (low + high) / 2
            if matches[middle] < Int32(row) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    // MARK: Filtering

    func setFilter(_ text: String) {
        if QueryParser.looksLikeExpression(text) {
            filter = text
            do throws(QueryError) {
                expression = MonsterQuery(conditions: try QueryParser.conditions(text))
                filterProblem = nil
                filterInForce = text
                applyFilter()
            } catch {
                // The list stays as it was, unless what it showed was this
                // text's own first letters read as a name; the text stays as typed.
                if expression == nil, filterProblem == nil, !filterInForce.isEmpty, text.hasPrefix(filterInForce) {
                    showAgain(filterBeforeName)
                }
                filterProblem = error
            }
            return
        }
        let narrowing = !filter.isEmpty && expression == nil && filterProblem == nil
            && Self.bytes(of: MonsterRules.nameKey(text), contain: MonsterRules.nameKey(filter))
        let sameName = expression == nil && filterProblem == nil && !filterInForce.isEmpty
            && (text.hasPrefix(filterInForce) || filterInForce.hasPrefix(text))
        if !sameName { filterBeforeName = filterInForce }
        filter = text
        filterInForce = text
        expression = nil
        filterProblem = nil
        applyFilter(narrowing: narrowing)
    }

    /// Shows `earlier`, a filter that was in force, while the text typed
    /// means nothing.
    private func showAgain(_ earlier: String) {
        expression = nil
        filterInForce = earlier
        if QueryParser.looksLikeExpression(earlier) {
            // It meant something when it was in force; the roster cannot change that.
            if let conditions = try? QueryParser.conditions(earlier) { expression = MonsterQuery(conditions: conditions) } else { filterInForce = "" }
        }
        applyFilter()
    }

    /// Whether monster `id` is among the rows the list shows: what marks
    /// act on (one whose row is not indexed yet was added since, and is).
    func shows(_ id: Int64) -> Bool {
        guard isFiltering else { return true }
        guard let index else { return false }
        guard let matches, let row = index.row(of: id) else { return true }
        let at = Self.firstMatch(atOrAfter: row, in: matches)
        return at < matches.count && Int(matches[at]) == row
    }

    /// Whether the filter in force is an expression rather than part of a name.
    var isExpression: Bool { expression != nil }

    // MARK: Sorting

    /// Shows the list in `order` (nil: roster order), the filter kept.
    func setOrder(_ order: MonsterSortKey?) {
        guard order != self.order else { return }
        self.order = order
        sortedRows = nil
        window.removeAll(keepingCapacity: true)
        arrange()
    }

    /// Whether `part`'s UTF-8 bytes lie within `whole`'s, as the name
    /// index compares them (a `Character` comparison could say yes where
    /// the bytes differ).
    private static func bytes(of whole: String, contain part: String) -> Bool {
        let whole = Array(whole.utf8), part = Array(part.utf8)
        guard part.count <= whole.count else { return false }
        return (0...(whole.count - part.count)).contains { whole[$0..<($0 + part.count)].elementsEqual(part) }
    }

    /// Filters the list again. `narrowing`: the new filter contains the
    /// one the matches were found for (a letter typed), so only those
    /// rows can match.
    private func applyFilter(narrowing: Bool = false) {
        window.removeAll(keepingCapacity: true)
        defer { arrange() }
        guard isFiltering else {
            matches = nil
            count = index?.count ?? count
            return
        }
        guard let index else {
            matches = nil
            count = 0
            return
        }
        if let expression {
            // The store finds the ids (its indexes serve it); the rows are
            // where the index holds them, in roster order. A `name=` that
            // reads as several monsters' names finds them all, as `list` does.
            let ids = (try? store.monsterIDs(matching: expression)) ?? []
            var rows = ids.compactMap { index.row(of: $0).map(Int32.init) }
            rows.sort()
            matches = rows
            count = rows.count
            return
        }
        if filterProblem != nil { return }
        // Nil matches mean every row (unfiltered, or a filter all match).
        let key = MonsterRules.nameKey(filterInForce)
        let found = recentFilters[key] ?? index.rows(holdingEvery: filterInForce, among: narrowing ? matches : nil)
        remember(found, for: key)
        matches = found
        count = found?.count ?? index.count
    }

    private func remember(_ found: [Int32]?, for key: String) {
        let kept = recentFilters.values.reduce(0) { $0 + ($1?.count ?? 0) }
        if kept + (found?.count ?? 0) > Self.filterCacheLimit { recentFilters.removeAll() }
        recentFilters[key] = .some(found)
    }

    // MARK: Changes

    /// This interface's own change to a field that neither names the
    /// monster nor decides whether a name filter shows it: the rows in
    /// memory take the new value, and nothing is read. An expression
    /// filter may be about that field (`weapon=fire`): then the list is
    /// read again (`refresh`), as after any other change.
    func replace(_ monster: Monster) {
        for (position, cached) in window where cached.id == monster.id { window[position] = monster }
        pages?.replace(monster)
    }

    /// Re-reads the roster after it changed (here or in another process).
    func refresh() throws(RosterError) {
        window.removeAll(keepingCapacity: true)
        sortedRows = nil
        let total = try store.count()
        self.total = total
        if total <= Self.synchronousIndexLimit {
            indexBuilds += 1
            index = try store.guardedIndex()
            isIndexingInBackground = false
            recentFilters.removeAll()
            loadingGeneration += 1
            mailbox.latest.store(loadingGeneration, ordering: .relaxed)
        } else {
            startBackgroundIndexing(expected: total)
        }
        if index == nil { count = total }
        applyFilter()
        if !isFiltering { count = index?.count ?? total }
    }

    /// Builds the index on another thread with its own connection; the
    /// result is picked up by `takeFinishedIndex`.
    private func startBackgroundIndexing(expected: Int) {
        indexBuilds += 1
        loadingGeneration += 1
        isIndexingInBackground = true
        let generation = loadingGeneration
        let mailbox = mailbox
        mailbox.latest.store(generation, ordering: .relaxed)
        let location = store.location
        DetachedThread.run {
            guard let reader = try? Self.backgroundReader(for: location), let built = try? NameIndex.load(from: reader, expected: expected) else { return }
            // A newer request supersedes this one.
            guard mailbox.latest.load(ordering: .relaxed) == generation else { return }
            mailbox.slot.withLock { $0 = built }
        }
    }

    /// The background thread's own connection: it only reads, so a file
    /// is opened read-only, and nothing it does can write the roster.
    static func backgroundReader(for location: RosterLocation) throws(RosterError) -> any RosterStore {
        try location.openForReading()
    }

    /// Whether a background index has arrived since the last call; if so
    /// the list is re-filtered and re-counted with it.
    func takeFinishedIndex() -> Bool {
        guard let built = mailbox.slot.withLock({ value -> NameIndex? in
            defer { value = nil }
            return value
        }) else { return false }
        isIndexingInBackground = false
        index = built
        sortedRows = nil
        recentFilters.removeAll()
        window.removeAll(keepingCapacity: true)
        applyFilter()
        if !isFiltering { count = built.count }
        return true
    }
}
