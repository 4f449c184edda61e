import TextSafety

/// One request to give a monster a weapon: from the command line, or a
/// line of a batch (which knows where it came from).
public struct WeaponAssignment: Hashable, Sendable {
    public let reference: String
    public let weapon: WeaponType
    public let location: TextLocation?

    public init(reference: String, weapon: WeaponType, location: TextLocation? = nil) {
        self.reference = reference
        self.weapon = weapon
        self.location = location
    }
}

/// What a weapon assignment did (or, in a dry run, would do).
public struct WeaponChange: Hashable, Sendable {
    /// The monster as it was before.
    public let monster: Monster
    public let weapon: WeaponType
    public var isChange: Bool { monster.weapon.type != weapon }
}

/// What an edit did (or would do).
public struct MonsterEdit: Hashable, Sendable {
    public let before: Monster
    public let after: Monster
    public var isChange: Bool { before != after }
}

extension SQLiteRosterStore {
    /// Gives each monster its weapon, all in one transaction: if any monster
    /// is missing, or one is given two different weapons, nothing changes
    /// and every such problem is reported.
    /// With `expecting`, each monster must carry that weapon now, or
    /// nothing changes (compare-and-set, see `ExpectedValues`).
    public func setWeapons(_ assignments: [WeaponAssignment], dryRun: Bool = false,
                           expecting expected: WeaponType? = nil) throws(RosterError) -> [WeaponChange] {
        if let unchanged = try unchangedWeapons(assignments, expecting: expected) { return unchanged }
        do {
            return try write(commit: !dryRun) {
                let changes = try assignWeapons(assignments, expecting: expected)
                try recordWeapons(changes)
                return changes
            }
        } catch {
            // Suggestions are looked for once the write lock is released.
            throw try withSuggestions(error)
        }
    }

    /// What the assignments do when each monster already carries its
    /// weapon (and the one `expected`): nothing, seen in one read
    /// transaction, without the write lock, a history entry or a commit.
    /// Nil as soon as anything would change or is wrong (an unknown name,
    /// one monster given two weapons); the write transaction then reads
    /// again under its lock and does the work or reports the problem.
    private func unchangedWeapons(_ assignments: [WeaponAssignment],
                                  expecting expected: WeaponType?) throws(RosterError) -> [WeaponChange]? {
        // A long batch is left to the write, whose check of repeated
        // monsters is not quadratic.
        guard assignments.count <= 16 else { return nil }
        return try guarded {
            try database.readTransaction { () throws -> [WeaponChange]? in
                var changes: [WeaponChange] = []
                for assignment in assignments {
                    guard let monster = try lookUp(assignment.reference), monster.weapon.type == assignment.weapon,
                          expected == nil || expected == assignment.weapon else { return nil }
                    if !changes.contains(where: { $0.monster.id == monster.id }) {
                        changes.append(WeaponChange(monster: monster, weapon: assignment.weapon))
                    }
                }
                return changes
            }
        }
    }

    private func assignWeapons(_ assignments: [WeaponAssignment], expecting expected: WeaponType? = nil) throws -> [WeaponChange] {
        var problems: [InputProblem] = []
        var changes: [WeaponChange] = []
        var chosen: [Int64: (weapon: WeaponType, index: Int)] = [:]
        for assignment in assignments {
            guard let monster = try lookUp(assignment.reference) else {
                problems.append(notFound(assignment.reference, at: assignment.location))
                continue
            }
            if let earlier = chosen[monster.id] {
                if earlier.weapon != assignment.weapon {
                    problems.append(InputProblem(.conflict, at: assignment.location, field: "weapon",
                                                 "\(Quote.code(monster.name)) is given both \(earlier.weapon.key) and \(assignment.weapon.key)"))
                }
                continue
            }
            if let expected, monster.weapon.type != expected {
                throw RosterError.changedSince(current: monster, fields: ["weapon"])
            }
            chosen[monster.id] = (assignment.weapon, changes.count)
            changes.append(WeaponChange(monster: monster, weapon: assignment.weapon))
        }
        if !problems.isEmpty {
            if assignments.count == 1, assignments[0].location == nil, let reference = assignments.first?.reference {
                throw RosterError.monsterNotFound(reference, suggestion: nil)
            }
            throw RosterError.problems(problems, source: assignments.allSatisfy { $0.location == nil } ? "roster" : "stdin")
        }
        let update = try database.cached(MonsterTable.updateWeapon)
        for change in changes where change.isChange {
            try update.run(.text(change.weapon.key), .integer(change.monster.id))
        }
        return changes
    }

    /// Applies a batch read from standard input (`set-weapon --stdin`),
    /// all or nothing. When some lines could not be read, nothing changes,
    /// and every name is still looked up, so that all the problems of the
    /// batch are reported at once, in the order of the input.
    public func setWeapons(_ batch: WeaponBatch.Parsed, dryRun: Bool = false,
                           expecting expected: WeaponType? = nil) throws(RosterError) -> [WeaponChange] {
        guard !batch.problems.isEmpty else { return try setWeapons(batch.assignments, dryRun: dryRun, expecting: expected) }
        var problems = batch.problems
        do {
            _ = try write(commit: false) { try assignWeapons(batch.assignments) }
        } catch .problems(let found, _, _) {
            problems += found
        }
        problems += try write(commit: false) {
            try batch.namesWithoutWeapon.compactMap { name in
                try lookUp(name.reference) == nil ? notFound(name.reference, at: name.location) : nil
            }
        }
        let origin = TextLocation(line: 0, column: 0)
        throw try withSuggestions(.problems(problems.sorted { ($0.location ?? origin) < ($1.location ?? origin) }))
    }

    /// No monster is known as `reference`: the problem, without a
    /// suggestion yet (`withSuggestions` adds them after the transaction).
    private func notFound(_ reference: String, at location: TextLocation?) -> InputProblem {
        // Names from the command line have no line to point at.
        InputProblem(.notFound, at: location, field: location == nil ? nil : "name",
                     RosterError.monsterNotFound(reference, suggestion: nil).description, unknownName: reference)
    }

    /// `error` with "did you mean" added to its first
    /// `suggestionLimit` unknown names, looked for in one pass.
    private func withSuggestions(_ error: RosterError) throws(RosterError) -> RosterError {
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

    /// Adds a monster; its id is assigned by the store.
    public func add(_ monster: Monster, dryRun: Bool = false) throws(RosterError) -> Monster {
        let problems = monster.problems
        guard problems.isEmpty else { throw .invalid(problems) }
        return try write(commit: !dryRun) {
            if let existing = try database.cached(MonsterTable.selectByNameKey)
                .firstRow([.text(MonsterRules.nameKey(monster.name))], MonsterTable.monster(from:)) {
                throw RosterError.nameTaken(monster.name, existing: existing.name)
            }
            // One past every id the roster ever held (see `MonsterSequence`).
            let highest = try database.integer(MonsterSequence.selectHighestGiven) ?? 0
            guard highest < Int64.max else {
                throw RosterError.invalid([FieldProblem(field: "id", message: MonsterRules.noIDLeft)])
            }
            let id = max(0, highest) + 1
            do {
                try database.cached(MonsterTable.insertWithID).run(MonsterTable.values(of: monster) + [.integer(id)])
            } catch let error as DatabaseError where error.isUniqueViolation {
                throw RosterError.nameTaken(monster.name)
            }
            var added = monster
            added.id = id
            try recordChange("add", summary: ChangeWording.added(added),
                             revisions: [MonsterRevision(monsterID: added.id, before: nil, after: added)])
            return added
        }
    }

    /// Changes some fields of one monster; with `expected`, only if the
    /// monster still holds those values (compare-and-set).
    public func edit(_ reference: String, _ changes: MonsterChanges, dryRun: Bool = false,
                     expecting expected: ExpectedValues = ExpectedValues()) throws(RosterError) -> MonsterEdit {
        try write(commit: !dryRun) {
            guard let before = try lookUp(reference) else {
                throw RosterError.monsterNotFound(reference, suggestion: try suggestName(for: reference))
            }
            try expected.check(before)
            return try apply(changes, to: before)
        }
    }

    /// Makes the same changes to every monster `references` names (each
    /// once), all or nothing, recorded as one change; with `expected`,
    /// only if every one of them still holds those values.
    public func edit(_ references: [String], _ changes: MonsterChanges, dryRun: Bool = false,
                     expecting expected: ExpectedValues = ExpectedValues()) throws(RosterError) -> [MonsterEdit] {
        try write(commit: !dryRun) {
            var edits: [MonsterEdit] = []
            for before in try lookUpEach(references) {
                try expected.check(before)
                edits.append(try save(changes, to: before))
            }
            try record(edits)
            return edits
        }
    }

    /// Changes some fields of the monster with this id: what the interface
    /// does when a field is edited. Nil when the monster no longer exists.
    /// With `original` (the monster as the editor found it), the fields
    /// being changed must still hold its values, or the save is refused
    /// with `RosterError.changedSince` and the newer monster.
    public func edit(monsterID: Int64, _ changes: MonsterChanges,
                     startingFrom original: Monster? = nil) throws(RosterError) -> MonsterEdit? {
        try write {
            guard let before = try database.cached(MonsterTable.selectByID)
                .firstRow([.integer(monsterID)], MonsterTable.monster(from:)) else { return nil }
            if let original { try ExpectedValues(changes, startingFrom: original).check(before) }
            return try apply(changes, to: before)
        }
    }

    /// Checks, saves and records `changes` to `before`, inside the caller's transaction.
    private func apply(_ changes: MonsterChanges, to before: Monster) throws -> MonsterEdit {
        let edit = try save(changes, to: before)
        try record([edit])
        return edit
    }

    /// Checks and saves `changes` to `before`, without a history entry.
    private func save(_ changes: MonsterChanges, to before: Monster) throws -> MonsterEdit {
        let after = changes.applied(to: before)
        // Only the fields being changed are judged: an old value that
        // predates a rule does not block an unrelated edit.
        let problems = after.problems.filter { changes.sets($0.field) }
        guard problems.isEmpty else { throw RosterError.invalid(problems) }
        guard after != before else { return MonsterEdit(before: before, after: after) }
        if MonsterRules.nameKey(after.name) != MonsterRules.nameKey(before.name),
           let existing = try database.cached(MonsterTable.selectByNameKey)
            .firstRow([.text(MonsterRules.nameKey(after.name))], MonsterTable.monster(from:)) {
            throw RosterError.nameTaken(after.name, existing: existing.name)
        }
        do {
            try database.cached(MonsterTable.update).run(MonsterTable.values(of: after) + [.integer(before.id)])
        } catch {
            // Typed: the error is a DatabaseError.
            if error.isUniqueViolation { throw RosterError.nameTaken(after.name) }
            throw error
        }
        return MonsterEdit(before: before, after: after)
    }

    /// One history entry for `edits` (a weapon given by `edit --weapon`
    /// is told as `set-weapon` tells it); none when nothing changed.
    private func record(_ edits: [MonsterEdit]) throws {
        guard let change = RecordedChange.edits(edits) else { return }
        try recordChange(change.command, summary: change.summary, revisions: change.revisions)
    }

    /// Removes the monster with this id; false if it was already gone.
    /// With `confirmed` (the monster as a question showed it), a monster
    /// changed since the question is not removed: the check is made in the
    /// removal's own transaction, and refused with
    /// `RosterError.changedSinceAsked` naming it as the person saw it.
    public func remove(monsterID: Int64, confirmed: Monster? = nil) throws(RosterError) -> Bool {
        try write {
            guard let monster = try database.cached(MonsterTable.selectByID)
                .firstRow([.integer(monsterID)], MonsterTable.monster(from:)) else { return false }
            if let confirmed, monster != confirmed {
                throw RosterError.changedSinceAsked(confirmed.name)
            }
            try database.cached(MonsterTable.delete).run(.integer(monsterID))
            try recordRemoval([monster])
            return true
        }
    }

    /// Removes monsters, all or none: a missing one changes nothing. With
    /// `confirmed` (what a question showed), the references must still
    /// name exactly those monsters, unchanged, or nothing is removed.
    public func remove(_ references: [String], dryRun: Bool = false,
                       confirmed: [Monster]? = nil) throws(RosterError) -> [Monster] {
        try write(commit: !dryRun) {
            let removed = try lookUpEach(references)
            if let confirmed, removed != confirmed {
                let stillThere = Set(removed)
                let changed = confirmed.first { old in !stillThere.contains(old) } ?? confirmed.first
                throw RosterError.changedSinceAsked(changed?.name ?? references.joined(separator: ", "))
            }
            let delete = try database.cached(MonsterTable.delete)
            for monster in removed {
                try delete.run(.integer(monster.id))
            }
            if !removed.isEmpty { try recordRemoval(removed) }
            return removed
        }
    }

    /// The monsters `references` name, each once, in the order first
    /// named; a missing one stops everything, with the name meant.
    private func lookUpEach(_ references: [String]) throws -> [Monster] {
        var monsters: [Monster] = []
        // By id, in a set: a search of `monsters` for each name made a
        // command line of 100,000 names take minutes.
        var seen: Set<Int64> = []
        for reference in references {
            guard let monster = try lookUp(reference) else {
                throw RosterError.monsterNotFound(reference, suggestion: try suggestName(for: reference))
            }
            if seen.insert(monster.id).inserted { monsters.append(monster) }
        }
        return monsters
    }

    private func recordWeapons(_ changes: [WeaponChange]) throws {
        guard let change = RecordedChange.weapons(changes) else { return }
        try recordChange(change.command, summary: change.summary, revisions: change.revisions)
    }

    private func recordRemoval(_ monsters: [Monster]) throws {
        let change = RecordedChange.removal(monsters)
        try recordChange(change.command, summary: change.summary, revisions: change.revisions)
    }
}
