import PostgresWire
import TextSafety

/// Changing monsters on the server, each change one write transaction
/// (see `PostgresRosterStore.write`) with the same rules as in a file:
/// all or nothing, compare-and-set when the caller says what it started
/// from, and the history entry recorded before the commit.
///
/// Monsters are looked up with `FOR UPDATE` inside the write, all at once
/// (`= ANY($1)`), so a batch of names is one round trip; the updates and
/// the history travel with the COMMIT.
extension PostgresRosterStore {
    public func setWeapons(_ assignments: [WeaponAssignment], dryRun: Bool,
                           expecting expected: WeaponType?) throws(RosterError) -> [WeaponChange] {
        do {
            return try write(commit: !dryRun, rehearse: dryRun) {
                let changes = try assignWeapons(assignments, expecting: expected)
                try recordWeapons(changes)
                return changes
            }
        } catch {
            throw try withSuggestions(error)
        }
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
                found[name.reference] == nil ? notFound(name.reference, at: name.location) : nil
            }
        }
        let origin = TextLocation(line: 0, column: 0)
        throw try withSuggestions(.problems(problems.sorted { ($0.location ?? origin) < ($1.location ?? origin) }))
    }

    private func assignWeapons(_ assignments: [WeaponAssignment], expecting expected: WeaponType? = nil) throws -> [WeaponChange] {
        let found = try lookUpAll(assignments.map(\.reference), forUpdate: true)
        var problems: [InputProblem] = []
        var changes: [WeaponChange] = []
        var chosen: [Int64: WeaponType] = [:]
        for assignment in assignments {
            guard let monster = found[assignment.reference] else {
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
            if let expected, monster.weapon.type != expected {
                throw RosterError.changedSince(current: monster, fields: ["weapon"])
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
        for change in changes where change.isChange {
            later("UPDATE roster.monster SET weapon = $1 WHERE id = $2", [change.weapon.key, String(change.monster.id)])
        }
        return changes
    }

    /// Every monster the references name, by reference, in one statement:
    /// ids and folded names sent as two arrays.
    func lookUpAll(_ references: [String], forUpdate: Bool = false) throws -> [String: Monster] {
        guard !references.isEmpty else { return [:] }
        var ids: [String] = []
        var keys: [String] = []
        for reference in references {
            if let id = MonsterRules.id(in: reference) { ids.append(String(id)) } else { keys.append(MonsterRules.nameKey(reference)) }
        }
        let rows = try run("""
            SELECT \(PostgresMonsterTable.columns), name_key FROM roster.monster
            WHERE id = ANY($1::bigint[]) OR name_key = ANY($2::text[])\(forUpdate && !isRehearsing ? " FOR UPDATE" : "")
            """, [Self.arrayLiteral(ids), Self.arrayLiteral(keys)]).rows
        var byID: [Int64: Monster] = [:]
        var byKey: [String: Monster] = [:]
        // A stored key is trusted only when the row's name folds to it
        // (another program may have renamed a monster straight in SQL).
        func take(_ row: [String?]) throws {
            let monster = try PostgresMonsterTable.monster(from: row)
            byID[monster.id] = monster
            let key = MonsterRules.nameKey(monster.name)
            if byKey[key] == nil, row.last == key { byKey[key] = monster }
        }
        for row in rows { try take(row) }
        // Names no trusted key found: looked for as spelled (a scan, on a miss only).
        let missing = references.filter { MonsterRules.id(in: $0) == nil && byKey[MonsterRules.nameKey($0)] == nil }
        if !missing.isEmpty {
            for row in try run("""
                SELECT \(PostgresMonsterTable.columns), name_key FROM roster.monster WHERE name = ANY($1::text[])\(forUpdate && !isRehearsing ? " FOR UPDATE" : "")
                """, [Self.arrayLiteral(missing)]).rows {
                let monster = try PostgresMonsterTable.monster(from: row)
                let key = MonsterRules.nameKey(monster.name)
                if byKey[key] == nil { byKey[key] = monster }
                byID[monster.id] = byID[monster.id] ?? monster
            }
        }
        var found: [String: Monster] = [:]
        for reference in references {
            if let id = MonsterRules.id(in: reference) {
                found[reference] = byID[id]
            } else {
                found[reference] = byKey[MonsterRules.nameKey(reference)]
            }
        }
        return found
    }

    /// `{"a","b\"c"}`: a text array as PostgreSQL reads one, every element
    /// quoted, so any text is an element and nothing else (it is bound as
    /// a parameter, never spliced into SQL).
    static func arrayLiteral(_ elements: [String]) -> String {
        var text = "{"
        for (index, element) in elements.enumerated() {
            if index > 0 { text += "," }
            text += "\""
            for character in element.unicodeScalars {
                if character == "\"" || character == "\\" { text += "\\" }
                text.unicodeScalars.append(character)
            }
            text += "\""
        }
        return text + "}"
    }

    private func notFound(_ reference: String, at location: TextLocation?) -> InputProblem {
        InputProblem(.notFound, at: location, field: location == nil ? nil : "name",
                     RosterError.monsterNotFound(reference, suggestion: nil).description, unknownName: reference)
    }

    /// `error` with "did you mean" added to its unknown names, once the write has ended.
    private func withSuggestions(_ error: RosterError) throws(RosterError) -> RosterError {
        switch error {
        case .monsterNotFound(let reference, nil):
            return .monsterNotFound(reference, suggestion: try suggestNames(for: [reference])[reference])
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

    public func add(_ monster: Monster, dryRun: Bool) throws(RosterError) -> Monster {
        let problems = monster.problems
        guard problems.isEmpty else { throw .invalid(problems) }
        return try write(commit: !dryRun, rehearse: dryRun) {
            // The name is looked up first, under the write lock, so that a
            // taken name is told by the name it reads as.
            if let existing = try run(PostgresMonsterTable.selectByNameKey, [MonsterRules.nameKey(monster.name)]).rows.first {
                throw RosterError.nameTaken(monster.name, existing: try PostgresMonsterTable.monster(from: existing).name)
            }
            let id: Int64
            if isRehearsing {
                // The id the sequence would give next, read without drawing it.
                guard let next = try integer("SELECT CASE WHEN is_called THEN last_value + 1 ELSE last_value END FROM roster.monster_id")
                else { throw RosterError.damaged(path: name) }
                id = next
            } else {
                do {
                    guard let given = try run(PostgresMonsterTable.insert, PostgresMonsterTable.values(of: monster))
                        .firstValue.flatMap({ Int64($0) }) else { throw RosterError.damaged(path: name) }
                    id = given
                } catch let error as PostgresError {
                    if case .server(let failure) = error, failure.sqlState == .uniqueViolation { throw RosterError.nameTaken(monster.name) }
                    throw error
                }
            }
            var added = monster
            added.id = id
            try recordChange("add", summary: ChangeWording.added(added),
                             revisions: [MonsterRevision(monsterID: id, before: nil, after: added)])
            return added
        }
    }

    public func edit(_ reference: String, _ changes: MonsterChanges, dryRun: Bool,
                     expecting expected: ExpectedValues) throws(RosterError) -> MonsterEdit {
        do {
            return try write(commit: !dryRun, rehearse: dryRun) {
                guard let before = try lookUp(reference, forUpdate: true) else {
                    throw RosterError.monsterNotFound(reference, suggestion: nil)
                }
                try expected.check(before)
                return try apply(changes, to: before)
            }
        } catch {
            throw try withSuggestions(error)
        }
    }

    public func edit(_ references: [String], _ changes: MonsterChanges, dryRun: Bool,
                     expecting expected: ExpectedValues) throws(RosterError) -> [MonsterEdit] {
        do {
            return try write(commit: !dryRun, rehearse: dryRun) {
                var edits: [MonsterEdit] = []
                for before in try lookUpEach(references) {
                    try expected.check(before)
                    edits.append(try save(changes, to: before))
                }
                try record(edits)
                return edits
            }
        } catch {
            throw try withSuggestions(error)
        }
    }

    public func edit(monsterID: Int64, _ changes: MonsterChanges,
                     startingFrom original: Monster?) throws(RosterError) -> MonsterEdit? {
        try write {
            guard let before = try lookUp("#\(monsterID)", forUpdate: true) else { return nil }
            if let original { try ExpectedValues(changes, startingFrom: original).check(before) }
            return try apply(changes, to: before)
        }
    }

    /// Checks, saves and records `changes` to `before`, inside the caller's write.
    private func apply(_ changes: MonsterChanges, to before: Monster) throws -> MonsterEdit {
        let edit = try save(changes, to: before)
        try record([edit])
        return edit
    }

    /// Checks and saves `changes` to `before`, without a history entry.
    private func save(_ changes: MonsterChanges, to before: Monster) throws -> MonsterEdit {
        let after = changes.applied(to: before)
        let problems = after.problems.filter { changes.sets($0.field) }
        guard problems.isEmpty else { throw RosterError.invalid(problems) }
        guard after != before else { return MonsterEdit(before: before, after: after) }
        if MonsterRules.nameKey(after.name) != MonsterRules.nameKey(before.name),
           let existing = try run(PostgresMonsterTable.selectByNameKey, [MonsterRules.nameKey(after.name)]).rows.first {
            throw RosterError.nameTaken(after.name, existing: try PostgresMonsterTable.monster(from: existing).name)
        }
        later(PostgresMonsterTable.update, PostgresMonsterTable.values(of: after) + [String(before.id)])
        return MonsterEdit(before: before, after: after)
    }

    /// One history entry for `edits`, as the file's store records them.
    private func record(_ edits: [MonsterEdit]) throws {
        guard let change = RecordedChange.edits(edits) else { return }
        try recordChange(change.command, summary: change.summary, revisions: change.revisions)
    }

    public func remove(monsterID: Int64, confirmed: Monster?) throws(RosterError) -> Bool {
        try write {
            guard let monster = try lookUp("#\(monsterID)", forUpdate: true) else { return false }
            if let confirmed, monster != confirmed {
                throw RosterError.changedSinceAsked(confirmed.name)
            }
            later(PostgresMonsterTable.delete, [String(monsterID)])
            try recordRemoval([monster])
            return true
        }
    }

    public func remove(_ references: [String], dryRun: Bool, confirmed: [Monster]?) throws(RosterError) -> [Monster] {
        do {
            return try write(commit: !dryRun, rehearse: dryRun) {
                let removed = try lookUpEach(references)
                if let confirmed, removed != confirmed {
                    let stillThere = Set(removed)
                    let changed = confirmed.first { old in !stillThere.contains(old) } ?? confirmed.first
                    throw RosterError.changedSinceAsked(changed?.name ?? references.joined(separator: ", "))
                }
                if !removed.isEmpty {
                    later("DELETE FROM roster.monster WHERE id = ANY($1::bigint[])",
                          [Self.arrayLiteral(removed.map { String($0.id) })])
                    try recordRemoval(removed)
                }
                return removed
            }
        } catch {
            throw try withSuggestions(error)
        }
    }

    /// The monsters `references` name, each once, in the order first
    /// named, locked for the write; a missing one stops everything (the
    /// name meant is looked for after the transaction, `withSuggestions`).
    private func lookUpEach(_ references: [String]) throws -> [Monster] {
        let found = try lookUpAll(references, forUpdate: true)
        var monsters: [Monster] = []
        var seen: Set<Int64> = []
        for reference in references {
            guard let monster = found[reference] else {
                throw RosterError.monsterNotFound(reference, suggestion: nil)
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
