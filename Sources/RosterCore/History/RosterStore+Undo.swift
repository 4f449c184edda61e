import TextSafety

/// Undo and redo, from any surface.
///
/// The history is one line, as in an editor: undo takes back the newest
/// change that is not undone; redo puts back the change undone most
/// recently, until a new change is made. Each undo and redo is a change
/// itself, recorded with the words of the change it reverses.
///
/// Nothing is overwritten: before a change is reversed, every monster it
/// touched must still be exactly as the change left it (for an import, no
/// other program may have written a monster since: see `OutsideChanges`). Otherwise the step is
/// refused, naming the monster and the later change, and nothing changes.
/// Everything happens in one `BEGIN IMMEDIATE` transaction, so two
/// processes undoing at once take back two different changes.
public struct HistoryStep: Hashable, Sendable {
    /// The change undone or redone.
    public let change: HistoryEntry
    /// What the step did to each monster (empty for an import).
    public let revisions: [MonsterRevision]
    /// `undid set-weapon Cat-Bot: Sword → Fire` (`would undo …` in a dry run).
    public let sentence: String
}

/// What `undo` or `redo` did.
public struct HistoryOutcome: Hashable, Sendable {
    /// The steps taken, in order; empty when there was nothing to take.
    public let steps: [HistoryStep]
    /// Why it stopped short of the count asked for: `nothing to undo`.
    public let shortfall: String?
    /// The changes the shortfall names, each as `#3 ` and its line
    /// (redo ended by a later change): an interface words them its own
    /// way, as it does a refusal's (`RosterError.historyRefused`).
    public var citing: [HistoryEntry] = []

    /// Every sentence to show, the shortfall last.
    public var sentences: [String] { steps.map(\.sentence) + (shortfall.map { [$0] } ?? []) }
}

extension SQLiteRosterStore {
    /// Undoes the newest `count` changes that are not undone.
    public func undo(_ count: Int = 1, dryRun: Bool = false) throws(RosterError) -> HistoryOutcome {
        try write(commit: !dryRun) {
            try Reversal.steps(count, thenNone: "nothing more to undo", next: { (try newestDoneChange(), Shortfall("nothing to undo")) }) {
                try reverse($0, undoing: true, dryRun: dryRun)
            }
        }
    }

    /// Redoes the `count` changes undone most recently, if no change was made since.
    public func redo(_ count: Int = 1, dryRun: Bool = false) throws(RosterError) -> HistoryOutcome {
        try write(commit: !dryRun) {
            try Reversal.steps(count, thenNone: "nothing more to redo", next: redoCandidate) {
                try reverse($0, undoing: false, dryRun: dryRun)
            }
        }
    }

    /// Undoes the change numbered `id`, chosen from the history rather
    /// than the newest: it is taken back when every monster it touched is
    /// still as it left it (later changes to other monsters do not stand
    /// in its way), and refused, naming the later change, otherwise.
    public func undo(change id: Int64, dryRun: Bool = false) throws(RosterError) -> HistoryOutcome {
        try undo(changes: [id], dryRun: dryRun)
    }

    /// Undoes the changes numbered `ids`, in that order, in one step: each
    /// as `undo(change:)` would, seeing the ones before it taken back; one
    /// refused, none is.
    public func undo(changes ids: [Int64], dryRun: Bool = false) throws(RosterError) -> HistoryOutcome {
        try write(commit: !dryRun) {
            HistoryOutcome(steps: try ids.map { id in
                try reverse(try ChosenChange.check(try entry(id: id), id: id), undoing: true, dryRun: dryRun)
            }, shortfall: nil)
        }
    }

    // MARK: Choosing

    private func newestDoneChange() throws -> HistoryEntry? {
        try database.cached("""
            SELECT \(HistoryTable.entryColumns) FROM history WHERE reverses IS NULL AND undone = 0 ORDER BY id DESC LIMIT 1
            """).firstRow([], Self.entry(from:)).map(toldHere)
    }

    /// The change undone most recently, or why there is none to redo.
    private func redoCandidate() throws -> (HistoryEntry?, Shortfall) {
        let undone = try database.cached("""
            SELECT e.id, max(u.id) FROM history e JOIN history u ON u.reverses = e.id AND u.command = 'undo'
            WHERE e.undone = 1 AND e.reverses IS NULL GROUP BY e.id ORDER BY 2 DESC LIMIT 1
            """).firstRow([]) { (change: $0.int(0), undo: $0.int(1)) }
        guard let undone else { return (nil, Shortfall("nothing to redo")) }
        if let later = try database.cached("""
            SELECT \(HistoryTable.entryColumns) FROM history WHERE reverses IS NULL AND id > ? ORDER BY id DESC LIMIT 1
            """).firstRow([.integer(undone.undo)], Self.entry(from:)).map(toldHere) {
            return (nil, try redoEndedWording(by: later, undone: undone))
        }
        return (try entry(id: undone.change), Shortfall("nothing to redo"))
    }

    /// Why a new change `later` ended redo (see `ChangeWording.redoEnded`).
    private func redoEndedWording(by later: HistoryEntry, undone: (change: Int64, undo: Int64)) throws -> Shortfall {
        let newestStep = try database.cached("""
            SELECT \(HistoryTable.entryColumns) FROM history WHERE reverses IS NOT NULL AND id > ? ORDER BY id DESC LIMIT 1
            """).firstRow([.integer(later.id)], Self.entry(from:))
        let redone = newestStep?.command == "redo" ? try newestStep?.reverses.flatMap { try entry(id: $0) } : nil
        let afterLastUndo = try newestStep == nil && database.integer("SELECT max(id) FROM history WHERE command = 'undo'") == undone.undo
        return ChangeWording.redoEnded(by: later, redone: redone, afterLastUndo: afterLastUndo, undone: try entry(id: undone.change))
    }

    // MARK: Reversing

    private func reverse(_ change: HistoryEntry, undoing: Bool, dryRun: Bool) throws -> HistoryStep {
        let reversal = Reversal(change: change, undoing: undoing)
        var done: [MonsterRevision] = []
        try reversal.checkSnapshotKept()
        if change.isSnapshot {
            guard try hasSnapshotTable(change.id) else {
                throw reversal.refused(
                    "the roster from \(undoing ? "before" : "after") it is no longer in the file (another program removed its table)")
            }
            // The roster must be exactly as the import, or its last undo or
            // redo, left it: no other program may have written a row since.
            let lastSwap = try database.integer("SELECT max(id) FROM history WHERE id = ? OR reverses = ?",
                                                .integer(change.id), .integer(change.id)) ?? change.id
            if let outside = try outsideChange(after: lastSwap) {
                throw reversal.refused(outside.sentence(after: undoing ? "the import" : "the import was undone"))
            }
            // Nor may a change since still stand (one chosen by its number
            // has later ones); changes undone since left the roster as it was.
            if let later = try database.cached("""
                SELECT \(HistoryTable.entryColumns) FROM history h WHERE h.id > ?1
                AND \(HistoryTable.stillStanding("history", after: "?1")) ORDER BY h.id DESC LIMIT 1
                """).firstRow([.integer(lastSwap)], Self.entry(from:)).map(toldHere) {
                throw reversal.refused("the roster has been changed since, by \(reversal.cite(later))")
            }
            // A file's changes from before the count began (schema 5) are
            // checked by the number of monsters only.
            let expected = undoing ? change.countAfter : change.countBefore
            let count = Int(try database.integer("SELECT count(*) FROM monster") ?? 0)
            if count != expected {
                throw reversal.refused("the roster has been changed since\(try laterChangeWording(after: change.id, monster: nil, citing: reversal))")
            }
            try uncounted { try swapRoster(withSnapshotOf: change.id) }
        } else {
            let revisions = try revisions(ofChange: change.id)
            let steps = undoing ? revisions.map(\.reversed) : revisions
            // Every monster must be as the change (or its undo) left it.
            for step in steps {
                let current = try database.cached(MonsterTable.selectByID)
                    .firstRow([.integer(step.monsterID)], MonsterTable.monster(from:))
                try reversal.checkUnchanged(step, now: current,
                                            laterChange: { try laterChangeWording(after: change.id, monster: step.monsterID, citing: reversal) },
                                            advice: { $0 == Self.outsideHistory && undoing ? Self.wayOnPastOutsideChange(change) : "" })
            }
            // Removals first, then changes, then additions, so that a
            // name freed by one is free for another.
            for step in steps where step.after == nil {
                try database.cached(MonsterTable.delete).run(.integer(step.monsterID))
            }
            // With no write since the change but the history's, a holder
            // no later change gave its name was there when it was made.
            let outsideSince = try outsideChange(after: change.id) != nil
            let pairKeys = try PairKeys(holders: try nameHolders(givenBy: steps), steps: steps) { holder in
                try nameGivenWording(after: change.id, to: holder, citing: reversal) ?? (outsideSince ? Self.outsideHistory : nil)
            }
            if let taken = steps.lazy.compactMap({ step in pairKeys.taken[step.monsterID].map { (step, $0) } }).first,
               let after = taken.0.after {
                throw reversal.refused(taken.1.sentence(after.name))
            }
            for holder in pairKeys.holderKeys {
                try database.cached("UPDATE monster SET name_key = ?1, keyed_name = name WHERE id = ?2 AND name_key <> ?1")
                    .run(.text(holder.key), .integer(holder.id))
            }
            for step in steps {
                guard let after = step.after else { continue }
                let sql = step.before == nil ? MonsterTable.insertWithID : MonsterTable.update
                var values = MonsterTable.values(of: after)
                if let key = pairKeys.keys[step.monsterID] { values[values.count - 1] = .text(key) }
                if let error = DatabaseError.thrown(by: { () throws(DatabaseError) in
                    try database.cached(sql).run(values + [.integer(step.monsterID)])
                }) {
                    guard error.isUniqueViolation else { throw error }
                    throw reversal.refused(try nameClashWording(after.name, since: change.id, citing: reversal))
                }
            }
            done = steps
        }
        try database.cached("UPDATE history SET undone = ? WHERE id = ?").run(.integer(undoing ? 1 : 0), .integer(change.id))
        try recordChange(reversal.verb, summary: change.line, revisions: done, reverses: change.id)
        return reversal.step(revisions: done, dryRun: dryRun)
    }

    /// `, by #14 edit Cat-Bot: …`, the newest later change that touched
    /// the monster (or any monster); or who else it must have been.
    private func laterChangeWording(after id: Int64, monster: Int64?, citing reversal: Reversal) throws -> String {
        var later: Int64? = nil
        if let monster {
            // The undo and redo of this same change left the monster as it
            // should be: they are not the later change to blame.
            later = try database.cached("""
                SELECT max(change) FROM history_row WHERE monster = ? AND change > ?
                AND change NOT IN (SELECT id FROM history WHERE reverses = ?)
                """)
                .firstRow([.integer(monster), .integer(id), .integer(id)]) { $0.isNull(0) ? nil : $0.int(0) } ?? nil
        }
        try database.cached("SELECT \(HistoryTable.entryColumns) FROM history WHERE id > ? ORDER BY id DESC").forEachRow { row in
            let entry = try Self.entry(from: row)
            guard entry.id > (later ?? 0), entry.reverses != id else { return }
            if try monster == nil || touchesWholeRoster(entry) { later = entry.id }
        }
        guard let later, let entry = try entry(id: later) else {
            return Self.outsideHistory
        }
        return ", by \(reversal.cite(entry))"
    }

    /// Who changed a monster when the history does not say.
    static let outsideHistory = PairKeys.byAnotherProgram

    /// `, by #14 edit …`: the newest change after `id` (not its own undo
    /// or redo) that gave `holder` the name it has (see
    /// `PairKeys.gaveName`), or an import or its undo or redo, which
    /// rewrote every monster; nil when none did.
    private func nameGivenWording(after id: Int64, to holder: Monster, citing reversal: Reversal) throws -> String? {
        let key = MonsterRules.nameKey(holder.name)
        let givers = try database.cached("""
            SELECT change, before_exists, after_exists, \(HistoryText.names(onServer: false)) FROM history_row WHERE monster = ?1 AND change > ?2
            AND change NOT IN (SELECT id FROM history WHERE reverses = ?2)
            """).rows([.integer(holder.id), .integer(id)]) { row in
            PairKeys.gaveName(readingAs: key, before: row.int(1) == 1 ? row.optionalText(3) : nil,
                              after: row.int(2) == 1 ? row.optionalText(4) : nil) ? row.int(0) : nil
        }.compactMap { $0 }
        let wholeRoster = try database.cached("""
            SELECT max(h.id) FROM history h WHERE h.id > ?1 AND (h.reverses IS NULL OR h.reverses <> ?1)
            AND (h.kind <> 'rows' OR EXISTS (SELECT 1 FROM history o WHERE o.id = h.reverses AND o.kind <> 'rows'))
            """).firstRow([.integer(id)]) { $0.isNull(0) ? nil : $0.int(0) } ?? nil
        guard let giver = (givers + [wholeRoster].compactMap { $0 }).max(), let entry = try entry(id: giver) else { return nil }
        return ", by \(reversal.cite(entry))"
    }

    /// The monsters there now whose names read as a name the steps give
    /// (look-alikes too), other than the monsters the steps give names.
    private func nameHolders(givenBy steps: [MonsterRevision]) throws -> [Monster] {
        let givenNames = Set(steps.map(\.monsterID))
        var holders: [Monster] = []
        for key in Set(steps.compactMap { $0.after.map { MonsterRules.nameKey($0.name) } }) {
            holders += try monstersReadingAs(key).filter { !givenNames.contains($0.id) }
        }
        return holders
    }

    /// A change made outside the history blocks undo for good, since undo
    /// takes the newest change first: the refusal says how to go on.
    static func wayOnPastOutsideChange(_ change: HistoryEntry) -> String {
        "; to undo it, set it back as #\(change.id) left it; to go past it, `roster history --clear` starts the history afresh"
    }

    /// "the name `Cat-Bot` is now monster 9’s, given by #15 add Cat-Bot (id 9)".
    private func nameClashWording(_ name: String, since id: Int64, citing reversal: Reversal) throws -> String {
        guard let holder = try database.cached(MonsterTable.selectByNameKey)
            .firstRow([.text(MonsterRules.nameKey(name))], MonsterTable.monster(from:)) else {
            return "the name \(Quote.code(name)) is taken"
        }
        return "the name \(Quote.code(name)) is now monster \(holder.id)’s\(try laterChangeWording(after: id, monster: holder.id, citing: reversal))"
    }
}
