import TextSafety

/// The decisions a change makes that are the same whichever store keeps
/// the roster: which weapon changes a batch asks for and what is wrong
/// with it, what an edit becomes and whether it may be saved, which
/// monsters a removal takes, and how an unknown name is told. Each store
/// looks monsters up and writes rows its own way (a cached SQLite
/// statement; one `= ANY` round trip on a server) and hands its look-up
/// in, so that a rule changes in one place and StoreContractTests holds
/// both stores to it.
enum StoreWriteRules {
    /// The change each assignment makes, all or nothing: a missing monster
    /// or one given two weapons is a problem (every one is reported), a
    /// monster no longer carrying `expected` a refusal. `monsterFor` finds a
    /// reference's monster inside the write.
    static func weaponChanges(_ assignments: [WeaponAssignment], expecting expected: WeaponType?,
                              monsterFor: (String) throws -> Monster?) throws -> [WeaponChange] {
        var problems: [InputProblem] = []
        var changes: [WeaponChange] = []
        var chosen: [Int64: WeaponType] = [:]
        for assignment in assignments {
            guard let monster = try monsterFor(assignment.reference) else {
                problems.append(notFound(assignment.reference, at: assignment.location))
                continue
            }
            if let earlier = chosen[monster.id] {
                if earlier != assignment.weapon {
                    problems.append(InputProblem(.conflict, at: assignment.location, field: "weapon",
                                                 "\(Quote.code(monster.name)) is given both \(earlier.key) and \(assignment.weapon.key)"))
                }
                continue
            }
            if let expected = assignment.expected ?? expected, monster.weapon.type != expected {
                throw RosterError.changedSince(current: monster, fields: ["weapon"])
            }
            if let name = assignment.expectedName, monster.name != name {
                throw RosterError.changedSince(current: monster, fields: ["name"])
            }
            chosen[monster.id] = assignment.weapon
            changes.append(WeaponChange(monster: monster, weapon: assignment.weapon))
        }
        if !problems.isEmpty {
            if assignments.count == 1, assignments[0].location == nil, let reference = assignments.first?.reference {
                throw RosterError.monsterNotFound(reference, suggestion: nil)
            }
            throw RosterError.problems(problems, source: assignments.allSatisfy { $0.location == nil } ? "roster" : "stdin")
        }
        return changes
    }

    /// No monster is known as `reference`: the problem, without a
    /// suggestion yet (`withSuggestions` adds them after the transaction).
    static func notFound(_ reference: String, at location: TextLocation?) -> InputProblem {
        // Names from the command line have no line to point at.
        InputProblem(.notFound, at: location, field: location == nil ? nil : "name",
                     RosterError.monsterNotFound(reference, suggestion: nil).description, unknownName: reference)
    }

    /// `changes` applied to `before`, judged on the fields being changed
    /// only (an old value that predates a rule does not block an unrelated
    /// edit), and refused when the new name is another monster's:
    /// `monsterNamed` finds a monster by folded name inside the write.
    static func edited(_ before: Monster, by changes: MonsterChanges,
                       monsterNamed: (String) throws -> Monster?) throws -> Monster {
        let after = changes.applied(to: before)
        let problems = after.problems.filter { changes.sets($0.field) }
        guard problems.isEmpty else { throw RosterError.invalid(problems) }
        // Asked whenever the name changes, not only its key: a monster of
        // a look-alike pair another program made (`ꓚat-Bot`, keyed by its
        // id after `Cat-Bot`'s key) reads as the other under any new
        // spelling of its own, and is told which one, not that its own
        // new spelling "already exists".
        if after.name != before.name, let existing = try monsterNamed(MonsterRules.nameKey(after.name)),
           existing.id != before.id {
            if MonsterRules.nameKey(after.name) == MonsterRules.nameKey(before.name) {
                throw RosterError.namesReadAlike(MonsterRules.respelledSentence(after.name, of: before, readingAs: existing))
            }
            throw RosterError.nameTaken(after.name, existing: existing.name)
        }
        return after
    }

    /// The monsters `references` name, each once, in the order first
    /// named; a missing one stops everything, with the name meant.
    static func monsters(_ references: [String], monsterFor: (String) throws -> Monster?) throws -> [Monster] {
        var monsters: [Monster] = []
        // By id, in a set: a search of `monsters` for each name made a
        // command line of 100,000 names take minutes.
        var seen: Set<Int64> = []
        for reference in references {
            guard let monster = try monsterFor(reference) else {
                throw RosterError.monsterNotFound(reference, suggestion: nil)
            }
            if seen.insert(monster.id).inserted { monsters.append(monster) }
        }
        return monsters
    }

    /// `save` run on every monster `references` names, each once, after
    /// checking it still holds what `expected` says: an `edit` of many.
    static func edits(_ references: [String], expecting expected: ExpectedValues,
                      monsterFor: (String) throws -> Monster?, save: (Monster) throws -> MonsterEdit) throws -> [MonsterEdit] {
        try monsters(references, monsterFor: monsterFor).map { before in
            try expected.check(before)
            return try save(before)
        }
    }

    /// The monsters `references` name, each once, in order; all or none.
    /// With `confirmed` (what a question showed), they must still be
    /// exactly those monsters, unchanged.
    static func removal(_ references: [String], confirmed: [Monster]?,
                        monsterFor: (String) throws -> Monster?) throws -> [Monster] {
        let removed = try monsters(references, monsterFor: monsterFor)
        if let confirmed, removed != confirmed {
            let stillThere = Set(removed)
            let changed = confirmed.first { old in !stillThere.contains(old) } ?? confirmed.first
            throw RosterError.changedSinceAsked(changed?.name ?? references.joined(separator: ", "))
        }
        return removed
    }
}

/// A store that gives the steps of a change its own way (its write
/// transaction, a monster looked up to be changed, rows saved) so that
/// the changes made of nothing but those steps are written once, below:
/// each store's public method hands its arguments on, and the two stores
/// cannot drift apart on what a change checks, records or tells.
protocol RuleWritingStore: RosterStore {
    /// `body` as one write under the roster's lock; a dry run does and
    /// checks everything, then takes it back.
    func writeChange<T>(dryRun: Bool, _ body: () throws -> T) throws(RosterError) -> T
    /// Inside the write: the monster `reference` names (an id or a name),
    /// locked until the write ends where the store locks rows.
    func monsterToChange(_ reference: String) throws -> Monster?
    /// Inside the write: the changes `assignments` make, checked by
    /// `weaponChanges` and saved, without a history entry.
    func assignWeapons(_ assignments: [WeaponAssignment], expecting expected: WeaponType?) throws -> [WeaponChange]
    /// Inside the write: `changes` checked (`edited`) and saved to every
    /// monster `references` names, each once, without a history entry.
    func editAll(_ references: [String], _ changes: MonsterChanges, expecting expected: ExpectedValues) throws -> [MonsterEdit]
    /// Inside the write: `changes` checked (`edited`) and saved to
    /// `before`, without a history entry.
    func save(_ changes: MonsterChanges, to before: Monster) throws -> MonsterEdit
    /// Inside the write: the history entry of a change; nothing for none.
    func record(_ change: RecordedChange?) throws
}

extension RuleWritingStore {
    /// A change as one write, with "did you mean" added to an unknown name
    /// once the write (and its lock) has ended.
    func change<T>(dryRun: Bool, _ body: () throws -> T) throws(RosterError) -> T {
        do {
            return try writeChange(dryRun: dryRun, body)
        } catch {
            throw try withSuggestions(error)
        }
    }

    /// Each assignment, all or nothing, recorded as one change.
    func changeWeapons(_ assignments: [WeaponAssignment], dryRun: Bool,
                       expecting expected: WeaponType?) throws(RosterError) -> [WeaponChange] {
        try change(dryRun: dryRun) { try assignRecorded(assignments, expecting: expected) }
    }

    /// `weapon` for every monster `query` matches, matched inside the
    /// write (see `RosterStore.setWeapon(_:matching:)`).
    func changeWeapons(to weapon: WeaponType, matching query: MonsterQuery, dryRun: Bool,
                       expecting expected: WeaponType?) throws(RosterError) -> [WeaponChange] {
        try change(dryRun: dryRun) {
            try assignRecorded(try monsterIDs(matching: query.acting).map { WeaponAssignment(reference: "#\($0)", weapon: weapon) },
                               expecting: expected)
        }
    }

    /// One monster's fields; with `expected`, only if it still holds them.
    func changeMonster(_ reference: String, _ changes: MonsterChanges, dryRun: Bool,
                       expecting expected: ExpectedValues) throws(RosterError) -> MonsterEdit {
        try change(dryRun: dryRun) {
            guard let before = try monsterToChange(reference) else { throw RosterError.monsterNotFound(reference, suggestion: nil) }
            try expected.check(before)
            return try apply(changes, to: before)
        }
    }

    /// The same changes to every monster `references` names, recorded as one change.
    func changeMonsters(_ references: [String], _ changes: MonsterChanges, dryRun: Bool,
                        expecting expected: ExpectedValues) throws(RosterError) -> [MonsterEdit] {
        try change(dryRun: dryRun) { try editAllRecorded(references, changes, expecting: expected) }
    }

    /// The same changes to every monster `query` matches, matched inside the write.
    func changeMonsters(matching query: MonsterQuery, _ changes: MonsterChanges, dryRun: Bool,
                        expecting expected: ExpectedValues) throws(RosterError) -> [MonsterEdit] {
        try change(dryRun: dryRun) { try editAllRecorded(try monsterIDs(matching: query.acting).map { "#\($0)" }, changes, expecting: expected) }
    }

    /// The interface's save of one field (see `RosterStore.edit(monsterID:)`):
    /// nil when the monster is gone; with `original`, refused when the
    /// fields being changed no longer hold its values.
    func changeMonster(id: Int64, _ changes: MonsterChanges, startingFrom original: Monster?) throws(RosterError) -> MonsterEdit? {
        try writeChange(dryRun: false) {
            guard let before = try monsterToChange("#\(id)") else { return nil }
            if let original { try ExpectedValues(changes, startingFrom: original).check(before) }
            return try apply(changes, to: before)
        }
    }

    private func assignRecorded(_ assignments: [WeaponAssignment], expecting expected: WeaponType?) throws -> [WeaponChange] {
        let changes = try assignWeapons(assignments, expecting: expected)
        try record(.weapons(changes))
        return changes
    }

    private func editAllRecorded(_ references: [String], _ changes: MonsterChanges,
                                 expecting expected: ExpectedValues) throws -> [MonsterEdit] {
        let edits = try editAll(references, changes, expecting: expected)
        try record(RecordedChange.edits(edits))
        return edits
    }

    /// Checks, saves and records `changes` to `before`, inside the write.
    private func apply(_ changes: MonsterChanges, to before: Monster) throws -> MonsterEdit {
        let edit = try save(changes, to: before)
        try record(RecordedChange.edits([edit]))
        return edit
    }
}

extension RosterStore {
    /// `error` with "did you mean" added to its first `suggestionLimit`
    /// unknown names, looked for in one pass once the write has ended
    /// (the look-up reads, and the write lock is no longer held).
    func withSuggestions(_ error: RosterError) throws(RosterError) -> RosterError {
        switch error {
        case .monsterNotFound(let reference, nil):
            return .monsterNotFound(reference, suggestion: try suggestName(for: reference))
        case .problems(let problems, let source, let total):
            let found = try suggestNames(for: problems.compactMap(\.unknownName))
            guard !found.isEmpty else { return error }
            return .problems(problems.map { problem in
                guard let reference = problem.unknownName, let suggestion = found[reference] else { return problem }
                return InputProblem(.notFound, at: problem.location, field: problem.field,
                                    RosterError.monsterNotFound(reference, suggestion: suggestion).description)
            }, source: source, total: total)
        default:
            return error
        }
    }
}
