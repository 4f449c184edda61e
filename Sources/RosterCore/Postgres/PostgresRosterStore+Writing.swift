import PostgresWire
import TextSafety

/// Changing monsters on the server, each change one write transaction
/// (see `PostgresRosterStore.write`) with the same rules as in a file:
/// all or nothing, compare-and-set when the caller says what it started
/// from, and the history entry recorded before the commit.
///
/// Monsters are looked up with `FOR UPDATE` inside the write, all at once
/// (`= ANY($1)`), so a batch of names is one round trip; the updates and
/// the history travel with the COMMIT. A change of one monster, the usual
/// command, is written in single-row statements: each command gets a new
/// server process, which reads from its catalogs everything a statement
/// is the first to touch and plans every statement afresh, so what a
/// change costs is mostly the statements' number and shape, not the
/// round trips on a local socket (see bench/set-weapon-floor.sh).
extension PostgresRosterStore {
    public func setWeapons(_ assignments: [WeaponAssignment], dryRun: Bool,
                           expecting expected: WeaponType?) throws(RosterError) -> [WeaponChange] {
        do {
            return try write(commit: !dryRun, rehearse: dryRun) {
                let changes = try assignWeapons(assignments, expecting: expected)
                try record(.weapons(changes))
                return changes
            }
        } catch {
            throw try withSuggestions(error)
        }
    }

    public func setWeapon(_ weapon: WeaponType, matching query: MonsterQuery, dryRun: Bool,
                          expecting expected: WeaponType?) throws(RosterError) -> [WeaponChange] {
        try changeWeapons(to: weapon, matching: query, dryRun: dryRun, expecting: expected)
    }

    public func edit(matching query: MonsterQuery, _ changes: MonsterChanges, dryRun: Bool,
                     expecting expected: ExpectedValues) throws(RosterError) -> [MonsterEdit] {
        try changeMonsters(matching: query, changes, dryRun: dryRun, expecting: expected)
    }

    public func setWeapons(_ batch: WeaponBatch.Parsed, dryRun: Bool,
                           expecting expected: WeaponType?) throws(RosterError) -> [WeaponChange] {
        guard !batch.problems.isEmpty else { return try setWeapons(batch.assignments, dryRun: dryRun, expecting: expected) }
        var problems = batch.problems
        do {
            _ = try write(commit: false, rehearse: true) { try assignWeapons(batch.assignments) }
        } catch .problems(let found, _, _) {
            problems += found
        }
        problems += try guarded {
            let found = try lookUpAll(batch.namesWithoutWeapon.map(\.reference))
            return batch.namesWithoutWeapon.compactMap { name in
                found[name.reference] == nil ? StoreWriteRules.notFound(name.reference, at: name.location) : nil
            }
        }
        let origin = TextLocation(line: 0, column: 0)
        throw try withSuggestions(.problems(problems.sorted { ($0.location ?? origin) < ($1.location ?? origin) }))
    }

    func assignWeapons(_ assignments: [WeaponAssignment], expecting expected: WeaponType? = nil) throws -> [WeaponChange] {
        let found = try lookUpAll(assignments.map(\.reference), forUpdate: true)
        let changes = try StoreWriteRules.weaponChanges(assignments, expecting: expected) { found[$0] }
        let changed = changes.filter(\.isChange)
        if changed.count == 1, let change = changed.first {
            // The usual change, in the form a new server process plans fastest.
            later("UPDATE roster.monster SET weapon = $1 WHERE id = $2", [change.weapon.key, String(change.monster.id)])
        } else if !changed.isEmpty {
            // One statement for any number: weaponChanges gives each monster once.
            later("""
                UPDATE roster.monster m SET weapon = u.weapon
                FROM unnest($1::bigint[], $2::text[]) AS u(id, weapon) WHERE m.id = u.id
                """, [Self.arrayLiteral(changed.map { String($0.monster.id) }), Self.arrayLiteral(changed.map(\.weapon.key))])
        }
        return changes
    }

    /// Every monster the references name, by reference, in one statement:
    /// ids and folded names sent as two arrays. A name that reads as
    /// several monsters' (another program made them so) means the one
    /// spelled exactly so, else it is refused naming them all.
    func lookUpAll(_ references: [String], forUpdate: Bool = false) throws -> [String: Monster] {
        guard !references.isEmpty else { return [:] }
        let (ids, keys) = Self.idsAndKeys(references)
        return try Self.resolve(references, among: try monsters(ids: ids, readingAs: keys, forUpdate: forUpdate))
    }

    /// The ids and folded names `references` give, apart.
    static func idsAndKeys(_ references: [String]) -> (ids: [Int64], keys: [String]) {
        var ids: [Int64] = []
        var keys: [String] = []
        for reference in references {
            // A name another program made of digits (`#5`) is looked for too.
            if let id = MonsterRules.id(in: reference) { ids.append(id) }
            keys.append(MonsterRules.nameKey(reference))
        }
        return (ids, keys)
    }

    /// The monster each reference means among `monsters`, the ones its
    /// ids and keys found, by reference.
    static func resolve(_ references: [String], among monsters: [Monster]) throws -> [String: Monster] {
        var byID: [Int64: Monster] = [:]
        var byKey: [String: [Monster]] = [:]
        for monster in monsters {
            byID[monster.id] = monster
            byKey[MonsterRules.nameKey(monster.name), default: []].append(monster)
        }
        var found: [String: Monster] = [:]
        for reference in references {
            let byName = try MonsterRules.oneMonster(named: reference, among: byKey[MonsterRules.nameKey(reference)] ?? [])
            if let id = MonsterRules.id(in: reference) {
                found[reference] = try MonsterRules.oneMonster(reference, withID: byID[id], named: byName)
            } else {
                found[reference] = byName
            }
        }
        return found
    }

    /// `{"a","b\"c",NULL}`: a text array as PostgreSQL reads one, every
    /// element quoted, so any text is an element and nothing else (it is
    /// bound as a parameter, never spliced into SQL); nil is NULL.
    static func arrayLiteral(_ elements: [String?]) -> String {
        var text = "{"
        for (index, element) in elements.enumerated() {
            if index > 0 { text += "," }
            guard let element else {
                text += "NULL"
                continue
            }
            text += "\""
            for character in element.unicodeScalars {
                if character == "\"" || character == "\\" { text += "\\" }
                text.unicodeScalars.append(character)
            }
            text += "\""
        }
        return text + "}"
    }

    public func add(_ monster: Monster, dryRun: Bool) throws(RosterError) -> Monster {
        let problems = monster.problems
        guard problems.isEmpty else { throw .invalid(problems) }
        return try write(commit: !dryRun, rehearse: dryRun, drawsIDs: true) {
            // The name is looked up first, under the write lock, so that a
            // taken name is told by the name it reads as.
            let holders = try monsters(ids: [], readingAs: [MonsterRules.nameKey(monster.name)], forUpdate: false)
            if holders.count > 1 { throw RosterError.namesReadAlike(MonsterRules.newNameReadsAsSeveral(monster.name, holders)) }
            if let existing = holders.first {
                throw RosterError.nameTaken(monster.name, existing: existing.name)
            }
            // Drawn before the monster is written, so that its history
            // entry, which names the id, goes first, as every other
            // write's does (see `StatementQueue`): the same three round
            // trips as an INSERT … RETURNING id sent first, with no check
            // queued for the commit. A rehearsal reads the id a draw would
            // give, without drawing it.
            guard let id = try integer(isRehearsing ? nextMonsterID : drawMonsterID) else { throw RosterError.damaged(path: name) }
            var added = monster
            added.id = id
            try record(.addition(added))
            // Sent with the COMMIT. The name was looked up under the write
            // lock, which every roster takes.
            later(PostgresMonsterTable.insertWithID(keyed: keyedNames), PostgresMonsterTable.values(of: added) + [String(id)])
            return added
        }
    }

    public func edit(_ reference: String, _ changes: MonsterChanges, dryRun: Bool,
                     expecting expected: ExpectedValues) throws(RosterError) -> MonsterEdit {
        try changeMonster(reference, changes, dryRun: dryRun, expecting: expected)
    }

    public func edit(_ references: [String], _ changes: MonsterChanges, dryRun: Bool,
                     expecting expected: ExpectedValues) throws(RosterError) -> [MonsterEdit] {
        try changeMonsters(references, changes, dryRun: dryRun, expecting: expected)
    }

    public func edit(monsterID: Int64, _ changes: MonsterChanges,
                     startingFrom original: Monster?) throws(RosterError) -> MonsterEdit? {
        try changeMonster(id: monsterID, changes, startingFrom: original)
    }

    /// Checks `changes` to every monster `references` name and saves them
    /// all in one UPDATE, without a history entry: an edit of 200,000
    /// monsters is one statement, not 200,000. A new name is checked
    /// against the roster and against the names given earlier in the
    /// batch, as an UPDATE sent with each look-up would have been.
    func editAll(_ references: [String], _ changes: MonsterChanges, expecting expected: ExpectedValues) throws -> [MonsterEdit] {
        let found = try lookUpAll(references, forUpdate: true)
        var renamed: [String: Monster] = [:]
        var saved: [Monster] = []
        let edits = try StoreWriteRules.edits(references, expecting: expected, monsterFor: { found[$0] }) { before in
            let after = try StoreWriteRules.edited(before, by: changes) { key in
                if let earlier = renamed[key] { return earlier }
                return try holder(ofNameKey: key, besides: before)
            }
            if after != before {
                saved.append(after)
                renamed[MonsterRules.nameKey(after.name)] = after
            }
            return MonsterEdit(before: before, after: after)
        }
        saveAllLater(saved.map { ($0.id, $0) })
        return edits
    }

    /// Saves each monster over the row of its id, all in one UPDATE sent
    /// with the next statement; nothing for none.
    func saveAllLater(_ monsters: [(id: Int64, monster: Monster)], keys: [Int64: String] = [:]) {
        guard !monsters.isEmpty else { return }
        let rows = monsters.map { PostgresMonsterTable.values(of: $0.monster, key: keys[$0.id]) }
        let columns = rows[0].indices.map { column in Self.arrayLiteral(rows.map { $0[column] }) }
        later(PostgresMonsterTable.updateAll(keyed: keyedNames), columns + [Self.arrayLiteral(monsters.map { String($0.id) })])
    }

    /// The monster whose name reads as `key` (by its key, re-derived
    /// where another program left it wrong), other than `monster` if
    /// there is one: a new name's holder.
    private func holder(ofNameKey key: String, besides monster: Monster) throws -> Monster? {
        let holders = try monsters(ids: [], readingAs: [key], forUpdate: false)
        return holders.first { $0.id != monster.id } ?? holders.first
    }

    /// Checks and saves `changes` to `before`, without a history entry.
    func save(_ changes: MonsterChanges, to before: Monster) throws -> MonsterEdit {
        let after = try StoreWriteRules.edited(before, by: changes) { try holder(ofNameKey: $0, besides: before) }
        guard after != before else { return MonsterEdit(before: before, after: after) }
        later(PostgresMonsterTable.update(keyed: keyedNames), PostgresMonsterTable.values(of: after) + [String(before.id)])
        return MonsterEdit(before: before, after: after)
    }

    public func remove(monsterID: Int64, confirmed: Monster?) throws(RosterError) -> Bool {
        try write {
            guard let monster = try lookUp("#\(monsterID)", forUpdate: true) else { return false }
            if let confirmed, monster != confirmed {
                throw RosterError.changedSinceAsked(confirmed.name)
            }
            later(PostgresMonsterTable.deleteAll, [Self.arrayLiteral([String(monsterID)]), PostgresMonsterTable.keptMark])
            try record(.removal([monster]))
            return true
        }
    }

    public func remove(_ references: [String], dryRun: Bool, confirmed: [Monster]?) throws(RosterError) -> [Monster] {
        do {
            return try write(commit: !dryRun, rehearse: dryRun) {
                let found = try lookUpAll(references, forUpdate: true)
                let removed = try StoreWriteRules.removal(references, confirmed: confirmed) { found[$0] }
                if !removed.isEmpty {
                    later(PostgresMonsterTable.deleteAll, [Self.arrayLiteral(removed.map { String($0.id) }), PostgresMonsterTable.keptMark])
                    try record(.removal(removed))
                }
                return removed
            }
        } catch {
            throw try withSuggestions(error)
        }
    }
}

/// The steps the changes written once in `StoreWriteRules` ask of this store.
extension PostgresRosterStore: RuleWritingStore {
    /// A dry run rehearses: it reads in a read-only snapshot (see `write`).
    func writeChange<T>(dryRun: Bool, _ body: () throws -> T) throws(RosterError) -> T {
        try write(commit: !dryRun, rehearse: dryRun, body)
    }

    func monsterToChange(_ reference: String) throws -> Monster? { try lookUp(reference, forUpdate: true) }
}
