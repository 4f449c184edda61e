import RosterCore
import Synchronization

/// The sorted list. On a store that pages by its indexes (PostgreSQL, a
/// file):
/// rows read a window at a time through `SortedPages`, and the true place of a
/// monster placed at a guess counted on another thread, so that a new
/// sort at a million monsters shows its first frame without waiting for
/// the count; and the mailboxes the background threads leave their
/// results in.
extension MonsterListModel {
    /// Puts the matches in `order`: a flag per row says which match,
    /// and `sortedRows` is walked once.
    func arrange() {
        guard let order, let index else {
            arranged = nil
            pages = nil
            return
        }
        let named = filterInForce.isEmpty ? [] : [MonsterCondition.nameContains(filterInForce)]
        let query = MonsterQuery(conditions: expression?.conditions ?? named, order: [order])
        if store.pagesSortedWindows(for: MonsterQuery(order: [order])), let matches, matches.count <= Self.sortedMatchesLimit {
            // A few matches are put in order by the store in one read.
            let ids = matches.map { index.ids[Int($0)] }
            let sorted = (try? store.monsterIDs(matching: MonsterQuery(conditions: [.idIn(ids)], order: [order]))) ?? []
            arranged = sorted.compactMap { index.row(of: $0).map(Int32.init) }
            // A read that failed (the server went) or rows gone meanwhile:
            // the list holds what was found, never more places than rows.
            count = arranged?.count ?? 0
            pages = nil
            return
        }
        if store.pagesSortedWindows(for: query) {
            count = matches?.count ?? index.count
            pages = SortedPages(query: query, count: count)
            arranged = nil
            return
        }
        pages = nil
        if sortedRows == nil {
            let ids = (try? store.monsterIDs(matching: MonsterQuery(order: [order]))) ?? []
            sortedRows = ids.compactMap { index.row(of: $0).map(Int32.init) }
        }
        let sorted = sortedRows ?? []
        guard let matches else {
            arranged = sorted
            count = sorted.count
            return
        }
        var matching = [Bool](repeating: false, count: index.count)
        for row in matches { matching[Int(row)] = true }
        arranged = sorted.filter { matching[Int($0)] }
        count = arranged?.count ?? 0
    }

    /// Reads the rows from `position` through `end`, with padding around.
    func loadPages(around position: Int, through end: Int) throws(RosterError) {
        windowReads += 1
        try pages?.load(max(0, position - Self.windowPadding / 2)..<(end + Self.windowPadding), from: store)
    }

    /// Counts where an unsettled monster truly stands, on a connection of
    /// its own, leaving the count for `takeSettledShift`.
    func settleInBackground(_ id: Int64) {
        guard let query = pages?.query else { return }
        let location = store.location
        let counted = settledCount
        countsAsked += 1
        let counting = countsAsked
        counted.slot.withLock { $0 = nil }
        DetachedThread.run {
            guard let reader = try? Self.backgroundReader(for: location),
                  let before = try? reader.count(matching: query, .before(id), upTo: nil) else { return }
            counted.slot.withLock { $0 = (counting, id, before) }
        }
    }

    /// Whether a monster placed at a guess waits for its count.
    var isPlacingInBackground: Bool { pages?.unsettled != nil }

    /// The count of an unsettled monster, once it has come: every row
    /// moves by the difference, which is returned for the selection to
    /// move by too; nil while none has come.
    func takeSettledShift() -> Int? {
        guard let counted = settledCount.slot.withLock({ value -> (counting: Int, id: Int64, before: Int)? in
            defer { value = nil }
            return value
        }), counted.counting == countsAsked else { return nil }
        return pages?.settle(counted.id, before: counted.before)
    }
}

/// Where the background count of a monster's place is left.
final class PlaceMailbox: Sendable {
    /// The number of the count asked, the monster, how many come before it.
    let slot = Mutex<(counting: Int, id: Int64, before: Int)?>(nil)
}

/// Where a background thread leaves the index it built.
final class IndexMailbox: Sendable {
    let slot = Mutex<NameIndex?>(nil)
    /// The newest request; older builds are thrown away.
    let latest = Atomic<Int>(0)
}

extension RosterStore {
    func guardedIndex() throws(RosterError) -> NameIndex {
        do {
            return try NameIndex.load(from: self)
        } catch let error as RosterError {
            throw error
        } catch {
            throw .storage(path: name, DatabaseError(.SQLITE_ERROR, message: "\(error)"))
        }
    }
}
