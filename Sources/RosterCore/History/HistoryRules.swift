/// What the history and undo do the same on every store: how an entry's
/// summary is told on the reader's clock, how undo and redo walk their
/// changes, and when a monster stands in a reversal's way. Each store
/// reads its own tables and writes its own rows, handing the reads in, so
/// that a rule changes in one place and StoreContractTests holds both
/// stores to it.
protocol HistoryReading {
    /// The change numbered `id`, told here (see `toldHere`).
    func entry(id: Int64) throws -> HistoryEntry?
    /// What change `id` did to each monster, in order.
    func revisions(ofChange id: Int64) throws -> [MonsterRevision]
}

extension HistoryReading {
    /// `entry` with its summary told on the reader's clock. A summary is
    /// written in the words of its change, and an activation time in them
    /// on the writer's clock (`activated 2026-11-29 14:05 CET`); read in
    /// another zone, the change is told again from its recorded rows, as
    /// `show` would tell the times there. Only summaries that tell an
    /// activation are read again: no other words depend on the zone.
    /// Called once the entry's own row is read, never inside a loop over
    /// the statement that read it.
    func toldHere(_ entry: HistoryEntry) throws -> HistoryEntry {
        guard entry.summary.contains(MonsterFields.activated.changeLabel + " ") else { return entry }
        if let reversed = entry.reverses {
            // An undo or redo repeats its change's words.
            guard let original = try self.entry(id: reversed) else { return entry }
            return entry.telling(original.line)
        }
        guard entry.command == "edit" else { return entry }
        let pairs = try revisions(ofChange: entry.id).compactMap { revision in
            revision.before.flatMap { before in revision.after.map { (before: before, after: $0) } }
        }
        return pairs.isEmpty ? entry : entry.telling(ChangeWording.edits(pairs))
    }

    /// The ids of the monster `reference` names now (`current`), and of
    /// every monster a change recorded under that name: `recordedNames`
    /// calls its body with each monster and name the history holds.
    func monsterIDs(knownAs reference: String, now current: Monster?,
                    recordedNames: ((Int64, String) -> Void) throws -> Void) throws -> Set<Int64> {
        var ids: Set<Int64> = []
        if let current { ids.insert(current.id) }
        if let id = MonsterRules.id(in: reference) {
            ids.insert(id)
            return ids
        }
        let key = MonsterRules.nameKey(reference)
        try recordedNames { id, name in
            if MonsterRules.nameKey(name) == key { ids.insert(id) }
        }
        return ids
    }
}

/// One undo or redo of one change, as both stores word and check it.
struct Reversal {
    let change: HistoryEntry
    let undoing: Bool
    /// The later changes its wording has named (`cite`).
    private let cited = Cited()

    init(change: HistoryEntry, undoing: Bool) {
        self.change = change
        self.undoing = undoing
    }

    private final class Cited {
        var entries: [HistoryEntry] = []
    }

    /// `#14 edit Cat-Bot: …`, a later change as a refusal names it; the
    /// refusal carries it (see `RosterError.historyRefused`).
    func cite(_ entry: HistoryEntry) -> String {
        cited.entries.append(entry)
        return "#\(entry.id) \(entry.line)"
    }

    var verb: String { undoing ? "undo" : "redo" }

    /// `cannot undo #12 edit Cat-Bot: …`, how every refusal begins. An
    /// import's counts say nothing of why it cannot be taken back, and
    /// would push the reason out of a footer: its title names it.
    var refusal: String {
        "cannot \(verb) #\(change.id) \(change.isSnapshot || change.isSnapshotDropped ? change.title : change.line)"
    }

    /// A refusal: the refusal's start, the reason, and that nothing changed.
    func refused(_ reason: String, _ advice: String = "") -> RosterError {
        .historyRefused("\(refusal): \(reason); nothing was \(verb)ne\(advice)", citing: [change] + cited.entries)
    }

    /// Refuses an import whose roster from before is no longer kept.
    func checkSnapshotKept() throws(RosterError) {
        guard change.isSnapshotDropped else { return }
        throw refused("roster keeps the roster from before only for the last \(HistoryTable.keptSnapshots) imports")
    }

    /// Refuses `step` unless its monster is as the change (or its undo)
    /// left it, naming the monster as it was and, renamed since, as it is
    /// now; `laterChange` words who changed it since.
    func checkUnchanged(_ step: MonsterRevision, now current: Monster?, laterChange: () throws -> String,
                        advice: (_ laterChange: String) -> String = { _ in "" }) throws {
        guard current != step.before else { return }
        var name = step.before?.name ?? step.after?.name ?? "monster \(step.monsterID)"
        // Renamed since: the name it goes by now is the one to look for.
        if let current, MonsterRules.nameKey(current.name) != MonsterRules.nameKey(name) {
            name += " (now \(current.name))"
        }
        let what = current == nil ? "has been removed since" : "has been changed since"
        let later = try laterChange()
        throw refused("\(name) \(what)\(later)", advice(later))
    }

    /// The step told: `undid #12 …`, or `would undo #12 …` in a dry run.
    func step(revisions: [MonsterRevision], dryRun: Bool) -> HistoryStep {
        HistoryStep(change: change, revisions: revisions,
                    sentence: ChangeWording.reversal(dryRun ? "would \(verb)" : (undoing ? "undid" : "redid"), of: change))
    }

    /// Undoes or redoes up to `count` changes in turn: `next` gives the
    /// next one, or nil and why there is none; `thenNone` says it once
    /// some were done.
    static func steps(_ count: Int, thenNone: String, next: () throws -> (HistoryEntry?, Shortfall),
                      reverse: (HistoryEntry) throws -> HistoryStep) throws -> HistoryOutcome {
        var steps: [HistoryStep] = []
        while steps.count < count {
            let (change, none) = try next()
            guard let change else {
                return steps.isEmpty ? HistoryOutcome(steps: steps, shortfall: none.sentence, citing: none.citing)
                    : HistoryOutcome(steps: steps, shortfall: thenNone)
            }
            steps.append(try reverse(change))
        }
        return HistoryOutcome(steps: steps, shortfall: nil)
    }
}

/// Why undo or redo has nothing to take, and the changes the sentence
/// names (`HistoryOutcome.citing`).
struct Shortfall {
    let sentence: String
    var citing: [HistoryEntry] = []

    init(_ sentence: String, citing: [HistoryEntry] = []) {
        self.sentence = sentence
        self.citing = citing
    }
}
