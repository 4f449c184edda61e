import TextSafety

/// One request to give a monster a weapon: from the command line, or a
/// line of a batch (which knows where it came from).
public struct WeaponAssignment: Hashable, Sendable {
    public let reference: String
    public let weapon: WeaponType
    public let location: TextLocation?
    /// The weapon the monster must still carry, checked inside the write
    /// (compare-and-set per monster, as the interface's marks need when
    /// their weapons differ); nil checks nothing beyond the batch's own.
    public let expected: WeaponType?
    /// The name the monster must still have, checked inside the write: the
    /// interface's marks name monsters by id, and another program may have
    /// moved the marked one to another id and put a different one at its id.
    public let expectedName: String?

    public init(reference: String, weapon: WeaponType, location: TextLocation? = nil, expecting expected: WeaponType? = nil) {
        self.init(reference: reference, weapon: weapon, location: location, expecting: expected, named: nil)
    }

    public init(reference: String, weapon: WeaponType, location: TextLocation?, expecting expected: WeaponType?, named expectedName: String?) {
        self.reference = reference
        self.weapon = weapon
        self.location = location
        self.expected = expected
        self.expectedName = expectedName
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

extension SQLiteRosterStore: RuleWritingStore {
    func writeChange<T>(dryRun: Bool, _ body: () throws -> T) throws(RosterError) -> T {
        try write(commit: !dryRun, body)
    }

    func monsterToChange(_ reference: String) throws -> Monster? { try lookUp(reference) }

    /// Gives each monster its weapon, all in one transaction: if any monster
    /// is missing, or one is given two different weapons, nothing changes
    /// and every such problem is reported.
    /// With `expecting`, each monster must carry that weapon now, or
    /// nothing changes (compare-and-set, see `ExpectedValues`).
    public func setWeapons(_ assignments: [WeaponAssignment], dryRun: Bool = false,
                           expecting expected: WeaponType? = nil) throws(RosterError) -> [WeaponChange] {
        if let unchanged = try unchangedWeapons(assignments, expecting: expected) { return unchanged }
        return try changeWeapons(assignments, dryRun: dryRun, expecting: expected)
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
                          (assignment.expected ?? expected).map({ $0 == assignment.weapon }) ?? true,
                          assignment.expectedName.map({ $0 == monster.name }) ?? true else { return nil }
                    if !changes.contains(where: { $0.monster.id == monster.id }) {
                        changes.append(WeaponChange(monster: monster, weapon: assignment.weapon))
                    }
                }
                return changes
            }
        }
    }

    func assignWeapons(_ assignments: [WeaponAssignment], expecting expected: WeaponType? = nil) throws -> [WeaponChange] {
        let changes = try StoreWriteRules.weaponChanges(assignments, expecting: expected, monsterFor: lookUp)
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
                try lookUp(name.reference) == nil ? StoreWriteRules.notFound(name.reference, at: name.location) : nil
            }
        }
        let origin = TextLocation(line: 0, column: 0)
        throw try withSuggestions(.problems(problems.sorted { ($0.location ?? origin) < ($1.location ?? origin) }))
    }

    /// Adds a monster; its id is assigned by the store.
    public func add(_ monster: Monster, dryRun: Bool = false) throws(RosterError) -> Monster {
        let problems = monster.problems
        guard problems.isEmpty else { throw .invalid(problems) }
        return try write(commit: !dryRun) {
            let holders = try nameHolders(ofKey: MonsterRules.nameKey(monster.name))
            if holders.count > 1 { throw RosterError.namesReadAlike(MonsterRules.newNameReadsAsSeveral(monster.name, holders)) }
            if let existing = holders.first {
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
            try record(.addition(added))
            return added
        }
    }

    /// Changes some fields of one monster; with `expected`, only if the
    /// monster still holds those values (compare-and-set).
    public func edit(_ reference: String, _ changes: MonsterChanges, dryRun: Bool = false,
                     expecting expected: ExpectedValues = ExpectedValues()) throws(RosterError) -> MonsterEdit {
        try changeMonster(reference, changes, dryRun: dryRun, expecting: expected)
    }

    /// Makes the same changes to every monster `references` names (each
    /// once), all or nothing, recorded as one change; with `expected`,
    /// only if every one of them still holds those values.
    public func edit(_ references: [String], _ changes: MonsterChanges, dryRun: Bool = false,
                     expecting expected: ExpectedValues = ExpectedValues()) throws(RosterError) -> [MonsterEdit] {
        try changeMonsters(references, changes, dryRun: dryRun, expecting: expected)
    }

    // `write` re-derives keys another program left wrong before a name
    // filter reads them, as it does before every write.
    public func setWeapon(_ weapon: WeaponType, matching query: MonsterQuery, dryRun: Bool = false,
                          expecting expected: WeaponType? = nil) throws(RosterError) -> [WeaponChange] {
        try changeWeapons(to: weapon, matching: query, dryRun: dryRun, expecting: expected)
    }

    public func edit(matching query: MonsterQuery, _ changes: MonsterChanges, dryRun: Bool = false,
                     expecting expected: ExpectedValues = ExpectedValues()) throws(RosterError) -> [MonsterEdit] {
        try changeMonsters(matching: query, changes, dryRun: dryRun, expecting: expected)
    }

    /// Changes some fields of the monster with this id: what the interface
    /// does when a field is edited. Nil when the monster no longer exists.
    /// With `original` (the monster as the editor found it), the fields
    /// being changed must still hold its values, or the save is refused
    /// with `RosterError.changedSince` and the newer monster.
    public func edit(monsterID: Int64, _ changes: MonsterChanges,
                     startingFrom original: Monster? = nil) throws(RosterError) -> MonsterEdit? {
        try changeMonster(id: monsterID, changes, startingFrom: original)
    }

    func editAll(_ references: [String], _ changes: MonsterChanges, expecting expected: ExpectedValues) throws -> [MonsterEdit] {
        try StoreWriteRules.edits(references, expecting: expected, monsterFor: lookUp) { try save(changes, to: $0) }
    }

    /// The monsters keyed `key`, and those of a look-alike pair keyed by
    /// their ids after it, by id: a name is taken if any holds it, the
    /// plain key alone missing a pair whose lower member was removed.
    func nameHolders(ofKey key: String) throws -> [Monster] {
        try database.cached(MonsterTable.selectByNameKeyAndShadows)
            .rows([.text(key), .text(key + "\u{0B}")], MonsterTable.monster(from:))
    }

    /// Checks and saves `changes` to `before`, without a history entry.
    func save(_ changes: MonsterChanges, to before: Monster) throws -> MonsterEdit {
        let after = try StoreWriteRules.edited(before, by: changes) { key in
            try nameHolders(ofKey: key).first { $0.id != before.id }
        }
        guard after != before else { return MonsterEdit(before: before, after: after) }
        do {
            try database.cached(MonsterTable.update).run(MonsterTable.values(of: after) + [.integer(before.id)])
        } catch {
            // Typed: the error is a DatabaseError.
            if error.isUniqueViolation { throw RosterError.nameTaken(after.name) }
            throw error
        }
        return MonsterEdit(before: before, after: after)
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
            try record(.removal([monster]))
            return true
        }
    }

    /// Removes monsters, all or none: a missing one changes nothing. With
    /// `confirmed` (what a question showed), the references must still
    /// name exactly those monsters, unchanged, or nothing is removed.
    public func remove(_ references: [String], dryRun: Bool = false,
                       confirmed: [Monster]? = nil) throws(RosterError) -> [Monster] {
        do {
            return try write(commit: !dryRun) {
                let removed = try StoreWriteRules.removal(references, confirmed: confirmed, monsterFor: lookUp)
                let delete = try database.cached(MonsterTable.delete)
                for monster in removed {
                    try delete.run(.integer(monster.id))
                }
                if !removed.isEmpty { try record(.removal(removed)) }
                return removed
            }
        } catch {
            throw try withSuggestions(error)
        }
    }
}
