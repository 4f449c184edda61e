import PostgresWire
import TextSafety

/// Undo and redo on a roster a team shares.
///
/// `undo` takes back your own latest change: the newest change not undone
/// that your database user made from your machine (`undoScope` `.own`);
/// with `.everyone`, the team's latest change. `redo` puts back the change
/// you undid most recently, unless you have made a change since. Each is a
/// change itself, recorded with the words of the change it reverses.
///
/// Nothing anyone did since is overwritten: every monster the change
/// touched must still be exactly as the change left it, and an import is
/// only taken back while nobody has changed the roster since. Otherwise
/// the step is refused, naming the later change and who made it, and
/// nothing changes. Everything happens in one write transaction under
/// the write lock, so two people undoing at once take back two changes.
extension PostgresRosterStore {
    public func undo(_ count: Int, dryRun: Bool) throws(RosterError) -> HistoryOutcome {
        let nothing = undoScope == .own ? "of yours to undo" : "to undo"
        return try reversing(count, dryRun: dryRun) {
            try Reversal.steps(count, thenNone: "nothing more \(nothing)", next: { (try newestDoneChange(), Shortfall("nothing \(nothing)")) }) {
                try reverse($0, undoing: true, dryRun: dryRun)
            }
        }
    }

    public func redo(_ count: Int, dryRun: Bool) throws(RosterError) -> HistoryOutcome {
        try reversing(count, dryRun: dryRun) {
            try Reversal.steps(count, thenNone: "nothing more to redo", next: redoCandidate) {
                try reverse($0, undoing: false, dryRun: dryRun)
            }
        }
    }

    /// Runs `count` steps of undo or redo. A dry run of one step rehearses
    /// (see `write`): it only reads, so a role that may only read can ask.
    /// Several steps depend on each other's writes, so their dry run makes
    /// them and rolls them back; a role refused those writes makes them on
    /// copies of the tables instead (see `rehearseOnCopies`).
    private func reversing(_ count: Int, dryRun: Bool, _ steps: () throws -> HistoryOutcome) throws(RosterError) -> HistoryOutcome {
        guard dryRun, count > 1 else { return try write(commit: !dryRun, rehearse: dryRun, steps) }
        switch Result(catching: { () throws(RosterError) in try write(commit: false, steps) }) {
        case .success(let outcome): return outcome
        case .failure(let refusal) where Self.isPermissionRefusal(refusal): return try rehearseOnCopies(steps)
        case .failure(let error): throw error
        }
    }

    /// Undoes the change numbered `id`, chosen from the history: your own
    /// (or, with `.everyone`, anyone's), refused as `undo` is when a later
    /// change touched its monsters.
    public func undo(change id: Int64, dryRun: Bool) throws(RosterError) -> HistoryOutcome {
        try write(commit: !dryRun) {
            let change = try ChosenChange.check(try entry(id: id), id: id)
            if undoScope == .own, try run("SELECT 1 FROM roster.history WHERE id = $1\(mine("", parameter: 2))",
                                          [String(id)] + mineValues).rows.isEmpty {
                throw RosterError.historyRefused("cannot undo #\(id) \(change.line): someone else made it; --all-users takes back the team's changes",
                                                 citing: [change])
            }
            return HistoryOutcome(steps: [try reverse(change, undoing: true, dryRun: dryRun)], shortfall: nil)
        }
    }

    /// Undoes the changes numbered `ids`, in that order, in one step,
    /// whoever made them (they were named, as `--all-users` names the
    /// team's): each as `undo(change:)` would, seeing the ones before it
    /// taken back; one refused, none is.
    public func undo(changes ids: [Int64], dryRun: Bool) throws(RosterError) -> HistoryOutcome {
        try write(commit: !dryRun) {
            HistoryOutcome(steps: try ids.map { id in
                try reverse(try ChosenChange.check(try entry(id: id), id: id), undoing: true, dryRun: dryRun)
            }, shortfall: nil)
        }
    }

    // MARK: Choosing

    /// `AND database_user = session_user AND client = $n` for your own changes.
    private func mine(_ table: String, parameter: Int) -> String {
        undoScope == .own ? " AND \(table)database_user = session_user AND \(table)client = $\(parameter)" : ""
    }

    private var mineValues: [String?] { undoScope == .own ? [client] : [] }

    private func newestDoneChange() throws -> HistoryEntry? {
        try run("""
            SELECT \(Self.entryColumns) FROM roster.history
            WHERE reverses IS NULL AND NOT undone\(mine("", parameter: 1)) ORDER BY id DESC LIMIT 1
            """, mineValues).rows.first.map(Self.entry(from:)).map(toldHere)
    }

    private func redoCandidate() throws -> (HistoryEntry?, Shortfall) {
        let row = try run("""
            SELECT e.id, max(u.id) FROM roster.history e
            JOIN roster.history u ON u.reverses = e.id AND u.command = 'undo'\(mine("u.", parameter: 1))
            WHERE e.undone AND e.reverses IS NULL GROUP BY e.id ORDER BY 2 DESC LIMIT 1
            """, mineValues).rows.first
        guard let row, let change = row[0].flatMap({ Int64($0) }), let undo = row[1].flatMap({ Int64($0) }) else {
            return (nil, Shortfall("nothing to redo"))
        }
        if let later = try run("""
            SELECT \(Self.entryColumns) FROM roster.history
            WHERE reverses IS NULL AND id > $\(mineValues.count + 1)\(mine("", parameter: 1)) ORDER BY id DESC LIMIT 1
            """, mineValues + [String(undo)]).rows.first.map(Self.entry(from:)).map(toldHere) {
            return (nil, try redoEndedWording(by: later, undone: (change, undo)))
        }
        return (try entry(id: change), Shortfall("nothing to redo"))
    }

    /// Why a new change `later` ended redo, in the file's words (see
    /// `ChangeWording.redoEnded`): among your own changes, or the team's
    /// (naming who made it) with `.everyone`.
    private func redoEndedWording(by later: HistoryEntry, undone: (change: Int64, undo: Int64)) throws -> Shortfall {
        let newestStep = try run("""
            SELECT \(Self.entryColumns) FROM roster.history
            WHERE reverses IS NOT NULL AND id > $\(mineValues.count + 1)\(mine("", parameter: 1)) ORDER BY id DESC LIMIT 1
            """, mineValues + [String(later.id)]).rows.first.map(Self.entry(from:))
        let redone = newestStep?.command == "redo" ? try newestStep?.reverses.flatMap { try entry(id: $0) } : nil
        let afterLastUndo = try newestStep == nil
            && integer("SELECT max(id) FROM roster.history WHERE command = 'undo'\(mine("", parameter: 1))", mineValues) == undone.undo
        return ChangeWording.redoEnded(by: later, author: undoScope == .everyone ? later.author : nil, redone: redone,
                                       afterLastUndo: afterLastUndo, undone: try entry(id: undone.change))
    }

    // MARK: Reversing

    private func reverse(_ change: HistoryEntry, undoing: Bool, dryRun: Bool) throws -> HistoryStep {
        let reversal = Reversal(change: change, undoing: undoing)
        var done: [MonsterRevision] = []
        // A rehearsal draws no id: the one the counter would give next.
        let stepID = try integer(isRehearsing ? "SELECT \(PostgresSchema.lastHistoryID) + 1"
                                              : "SELECT \(PostgresSchema.nextHistoryID)")
        try reversal.checkSnapshotKept()
        if change.isSnapshot {
            // Nobody may have changed the roster since the import (or its
            // last undo or redo): the whole roster is swapped back.
            let lastSwap = try integer("SELECT max(id) FROM roster.history WHERE id = $1 OR reverses = $1", [String(change.id)]) ?? change.id
            if let later = try run("""
                SELECT \(Self.entryColumns) FROM roster.history h WHERE id > $1 AND id <> $2
                AND \(HistoryTable.stillStanding("roster.history", after: "$1")) ORDER BY id DESC LIMIT 1
                """, [String(lastSwap), stepID.map(String.init)]).rows.first.map(Self.entry(from:)).map(toldHere) {
                throw reversal.refused("the roster has been changed since, by \(reversal.cite(later))\(Self.by(later))")
            }
            let expected = undoing ? change.countAfter : change.countBefore
            let count = Int(try integer("SELECT count(*) FROM roster.monster") ?? 0)
            // Another program's change that kept the number of monsters
            // is told by the count of outside writes (schema 8), which
            // the swap's entry noted when it was written.
            if try count != expected || schemaVersion >= 8 && integer("""
                SELECT count(*) FROM roster.history h, roster.roster_schema s
                WHERE h.id = $1 AND h.outside_writes IS NOT NULL AND h.outside_writes <> s.outside_writes
                """, [String(lastSwap)]) != 0 {
                throw reversal.refused("the roster has been changed since by another program")
            }
            try swapRoster(withSnapshotOf: change.id)
        } else {
            let revisions = try revisions(ofChange: change.id)
            let steps = undoing ? revisions.map(\.reversed) : revisions
            let current = try run("SELECT \(PostgresMonsterTable.columns) FROM roster.monster WHERE id = ANY($1::bigint[])\(isRehearsing ? "" : " FOR UPDATE")",
                                  [Self.arrayLiteral(steps.map { String($0.monsterID) })]).rows
                .map { (row) throws(RosterError) in try PostgresMonsterTable.monster(from: row) }
            let byID = Dictionary(current.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for step in steps {
                try reversal.checkUnchanged(step, now: byID[step.monsterID],
                                            laterChange: { try laterChangeWording(after: change.id, monster: step.monsterID, citing: reversal) })
            }
            // Removals first, then changes, then additions, so that a name
            // freed by one is free for another: each one statement, however
            // many monsters (undoing the removal of 20,000 was 20,000 INSERTs).
            let removed = steps.filter { $0.after == nil }.map(\.monsterID)
            if !removed.isEmpty {
                later(PostgresMonsterTable.deleteAll, [Self.arrayLiteral(removed.map { String($0) }), PostgresMonsterTable.keptMark])
            }
            let holders = try nameHolders(givenBy: steps)
            let removedIDs = Set(removed)
            var updated: [(id: Int64, monster: Monster)] = []
            var added: [(id: Int64, monster: Monster)] = []
            // With no outside write since the change (schema 8 counts
            // them), a holder no later change named was there when it was made.
            let outsideSince = try schemaVersion < 8 || integer("""
                SELECT count(*) FROM roster.history h, roster.roster_schema s
                WHERE h.id = $1 AND (h.outside_writes IS NULL OR h.outside_writes <> s.outside_writes)
                """, [String(change.id)]) != 0
            let pairKeys = try PairKeys(holders: holders.filter { !removedIDs.contains($0.id) }, steps: steps) { holder in
                try nameGivenWording(after: change.id, to: holder, citing: reversal) ?? (outsideSince ? PairKeys.byAnotherProgram : nil)
            }
            for step in steps {
                guard let after = step.after else { continue }
                // A name another monster took since: refused by name.
                if let taken = pairKeys.taken[step.monsterID] {
                    throw reversal.refused(taken.sentence(after.name))
                }
                if step.before == nil { added.append((step.monsterID, after)) } else { updated.append((step.monsterID, after)) }
            }
            for holder in pairKeys.holderKeys {
                later("UPDATE roster.monster SET name_key = $2\(keyedNames ? ", keyed_name = name" : "") WHERE id = $1 AND name_key <> $2",
                      [String(holder.id), holder.key])
            }
            saveAllLater(updated, keys: pairKeys.keys)
            insertAllLater(added, keys: pairKeys.keys)
            done = steps
        }
        later("UPDATE roster.history SET undone = $1 WHERE id = $2", [undoing ? "t" : "f", String(change.id)])
        try recordChange(reversal.verb, summary: change.line, revisions: done, reverses: change.id, id: stepID)
        return reversal.step(revisions: done, dryRun: dryRun)
    }

    /// The monsters whose names read as a name the steps give that is not
    /// the name the monster had (look-alikes too), in one look-up.
    private func nameHolders(givenBy steps: [MonsterRevision]) throws -> [Monster] {
        let keys = steps.compactMap { step -> String? in
            guard let after = step.after else { return nil }
            let key = MonsterRules.nameKey(after.name)
            return key == step.before.map({ MonsterRules.nameKey($0.name) }) ? nil : key
        }
        guard !keys.isEmpty else { return [] }
        return try monsters(ids: [], readingAs: Array(Set(keys)), forUpdate: false)
    }

    /// Gives the monsters back with their ids, in one INSERT.
    private func insertAllLater(_ monsters: [(id: Int64, monster: Monster)], keys: [Int64: String]) {
        guard !monsters.isEmpty else { return }
        let rows = monsters.map { PostgresMonsterTable.values(of: $0.monster, key: keys[$0.id]) }
        let columns = rows[0].indices.map { column in Self.arrayLiteral(rows.map { $0[column] }) }
        later(PostgresMonsterTable.insertAllWithIDs(keyed: keyedNames), columns + [Self.arrayLiteral(monsters.map { String($0.id) })])
    }

    /// ` (bob on bob@desk)`: who made a change, when it was not you.
    static func by(_ entry: HistoryEntry) -> String {
        entry.author.map { " (\($0))" } ?? ""
    }

    /// `, by #14 edit Cat-Bot: … (bob on bob@desk)`: the newest later
    /// change that touched the monster, and who made it.
    private func laterChangeWording(after id: Int64, monster: Int64, citing reversal: Reversal) throws -> String {
        let later = try run("""
            SELECT \(Self.entryColumns) FROM roster.history h
            WHERE h.id > $1 AND (h.reverses IS NULL OR h.reverses <> $1)
              AND (EXISTS (SELECT 1 FROM roster.history_row r WHERE r.change = h.id AND r.monster = $2) OR h.kind <> 'rows')
            ORDER BY h.id DESC LIMIT 1
            """, [String(id), String(monster)]).rows.first.map(Self.entry(from:)).map(toldHere)
        guard let later else { return PairKeys.byAnotherProgram }
        return ", by \(reversal.cite(later))\(Self.by(later))"
    }

    /// `, by #14 edit … (bob on bob@desk)`: the newest change after `id`
    /// (not its own undo or redo) that gave `holder` the name it has (see
    /// `PairKeys.gaveName`), or an import or its undo or redo, which
    /// rewrote every monster; nil when none did.
    private func nameGivenWording(after id: Int64, to holder: Monster, citing reversal: Reversal) throws -> String? {
        let key = MonsterRules.nameKey(holder.name)
        let rows = try run("""
            SELECT r.change, r.before_exists, r.after_exists, \(HistoryText.names(onServer: true, prefix: "r."))
            FROM roster.history_row r JOIN roster.history h ON h.id = r.change
            WHERE r.monster = $2 AND r.change > $1 AND (h.reverses IS NULL OR h.reverses <> $1)
            UNION ALL
            SELECT max(h.id), NULL, NULL, NULL, NULL FROM roster.history h
            WHERE h.id > $1 AND (h.reverses IS NULL OR h.reverses <> $1)
              AND (h.kind <> 'rows' OR EXISTS (SELECT 1 FROM roster.history o WHERE o.id = h.reverses AND o.kind <> 'rows'))
            """, [String(id), String(holder.id)]).rows
        let givers = rows.compactMap { row -> Int64? in
            guard let change = row[0].flatMap({ Int64($0) }) else { return nil }
            // The whole-roster row has no sides.
            if row[1] == nil { return change }
            return PairKeys.gaveName(readingAs: key, before: row[1] == "t" ? row[3] : nil, after: row[2] == "t" ? row[4] : nil) ? change : nil
        }
        guard let giver = givers.max(), let later = try entry(id: giver) else { return nil }
        return ", by \(reversal.cite(later))\(Self.by(later))"
    }

    /// The roster kept for change `id` becomes the roster, and the roster
    /// is kept in its place: four statements, in the write's transaction.
    func swapRoster(withSnapshotOf id: Int64) throws {
        // A rehearsal has checked that it could: the swap is all writes.
        guard !isRehearsing else { return }
        let columns = "id, name, name_key, description, icon, name_color, weapon, height, origin, activated"
        later("CREATE TEMPORARY TABLE roster_swap ON COMMIT DROP AS SELECT \(columns) FROM roster.monster")
        later("DELETE FROM roster.monster WHERE id IS NOT NULL")
        later(PostgresMonsterTable.noneKept(in: "roster.monster"), [PostgresMonsterTable.keptMark])
        // Its keys were roster's when it was kept: each from its name.
        let keyed = keyedNames ? ", keyed_name" : "", name = keyedNames ? ", name" : ""
        later("INSERT INTO roster.monster (\(columns)\(keyed)) SELECT \(columns)\(name) FROM roster.history_roster WHERE change = $1", [String(id)])
        later("DELETE FROM roster.history_roster WHERE change = $1", [String(id)])
        try run("INSERT INTO roster.history_roster (change, \(columns)) SELECT $1, \(columns) FROM roster_swap", [String(id)])
        try run("DROP TABLE roster_swap")
    }
}
