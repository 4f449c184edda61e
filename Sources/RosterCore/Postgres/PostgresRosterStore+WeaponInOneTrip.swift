import PostgresWire

/// `set-weapon NAME WEAPON` on the server in one round trip after the
/// start-up: the write's BEGIN and lock, the version marker (the first
/// time), the name keys' check, the lookup `FOR UPDATE`, one guarded
/// statement that writes the whole change, and COMMIT, sent together
/// with one Sync.
///
/// The usual write needs the row before it can word the history entry
/// (`Cat-Bot: Sword → Fire`), so its lookup and its writes are two round
/// trips. Here the client words the entry in advance for every weapon
/// the monster could carry, under the name it expects the monster to
/// have (the name as typed, the usual case), and the server picks the
/// entry by the weapon it finds. The statement writes (the entry, its
/// row with the values before and after copied from the row itself, the
/// weapon, the history's trimming, the NOTIFY) only when what it finds
/// is what the client would decide from the same rows: the schema is
/// roster's at this version, the stored keys can be trusted, the name
/// means exactly one monster (as `MonsterRules.oneMonster` reads it), it
/// is spelled as expected, and its weapon changes (and is the one
/// `--from` names). Otherwise it writes nothing, and the client decides
/// from the rows the lookup returned, exactly as the usual write does:
/// an unknown name, names that read alike or a monster no longer
/// carrying `--from` are refused; an unchanged weapon is no change.
/// Only a change the guess did not foresee (the name stored in another
/// spelling) costs a second try, with the stored name, and past that the
/// usual write; a missing, older or newer schema likewise goes the usual
/// way, which makes, migrates or refuses it. An error anywhere in the
/// batch (a reader's refused write, a lock wait past the busy timeout, a
/// lost server) leaves the transaction to be rolled back: nothing half
/// applied, the same sentences and exit codes as the usual write.
extension PostgresRosterStore {
    /// Gives the one monster a name names its weapon in one round trip;
    /// nil, having changed nothing, when the change must go the usual way.
    func setWeaponInOneTrip(_ assignments: [WeaponAssignment], expecting expected: WeaponType?) throws(RosterError) -> [WeaponChange]? {
        guard assignments.count == 1, let assignment = assignments.first, MonsterRules.id(in: assignment.reference) == nil,
              markerUnread || schemaVersion == PostgresSchema.currentVersion, !isRehearsingOnCopies else { return nil }
        var expectedName = assignment.reference
        for _ in 0..<2 {
            switch try tryWeaponInOneTrip(assignment, expecting: expected, named: expectedName) {
            case .done(let changes): return changes
            case .usualWay: return nil
            case .storedAs(let name): expectedName = name
            }
        }
        return nil
    }

    private enum OneTripOutcome {
        /// Changed, or found that nothing changes.
        case done([WeaponChange])
        /// Nothing changed: the usual write must decide.
        case usualWay
        /// Nothing changed: the monster is stored under `name`, another spelling.
        case storedAs(String)
    }

    private func tryWeaponInOneTrip(_ assignment: WeaponAssignment, expecting expected: WeaponType?,
                                    named expectedName: String) throws(RosterError) -> OneTripOutcome {
        let key = MonsterRules.nameKey(assignment.reference)
        let readsMarker = markerUnread
        isWriting = true
        defer { isWriting = false }
        return try guarded {
            var batch = writeOpening
            if readsMarker { batch.append(BoundStatement(PostgresSchema.readMarker)) }
            let checked = batch.count
            batch += [nameKeysCheck, lookupStatement(ids: [], readingAs: [key], forUpdate: true),
                      weaponWrite(assignment, key: key, named: expectedName, expecting: expected), BoundStatement("COMMIT")]
            let results: [QueryResult]
            do throws(PostgresError) {
                results = try connection.execute(batch)
            } catch {
                rollBack()
                // No schema, or not roster's: made or refused the usual way.
                if readsMarker, case .server(let failure) = error, Self.meansNoMarker(failure.sqlState) { return .usualWay }
                throw error
            }
            if results[batch.count - 1].commandTag == "ROLLBACK" {
                throw PostgresError.misuse("the transaction failed part way, so it was rolled back")
            }
            if readsMarker {
                let marker = results[checked - 1].rows
                guard marker == [[PostgresSchema.application, String(PostgresSchema.currentVersion)]] else { return .usualWay }
                markerUnread = false
            }
            let written = results[checked + 2].rows.first
            // Keys another program left unchecked: the rows may miss the monster.
            guard written != nil || results[checked].firstValue == "t" else { return .usualWay }
            let found = try Self.resolve([assignment.reference],
                                         among: try monsters(from: results[checked + 1].rows, ids: [], readingAs: [key]))
            let changes = try StoreWriteRules.weaponChanges([assignment], expecting: expected) { found[$0] }
            guard let change = changes.first, change.isChange else { return .done(changes) }
            guard let written else { return .storedAs(change.monster.name) }
            guard written.count == 3, written[1] == String(change.monster.id) else {
                throw PostgresError.protocolViolation("it changed monster \(written.last.flatMap { $0 } ?? "?") where roster meant \(change.monster.id)")
            }
            return .done(changes)
        }
    }

    /// The statement that writes the whole change when the server finds
    /// what the client expects (see above); it answers the history id and
    /// the monster's id (and the NOTIFY's empty answer), or no row when
    /// it wrote nothing.
    private func weaponWrite(_ assignment: WeaponAssignment, key: String, named expectedName: String,
                             expecting expected: WeaponType?) -> BoundStatement {
        let weapons = WeaponType.allCases
        let summaries = weapons.map { ChangeWording.weapon(of: expectedName, from: $0, to: assignment.weapon) }
        return BoundStatement(Self.weaponWriteSQL, [
            key, expectedName, assignment.weapon.key, assignment.reference, expected?.key,
            PostgresSchema.application, String(PostgresSchema.currentVersion), String(NameFolding.revision),
            client, surface.rawValue, "set-weapon", Self.arrayLiteral(summaries), Self.arrayLiteral(weapons.map(\.key)), "rows",
            String(HistoryTable.bound), Self.notificationChannel,
        ])
    }

    /// `candidate`: the monsters whose stored key is the name's (or its
    /// shadow), which are those whose names read as it once the keys are
    /// checked. `chosen`: the one the name means, spelled as expected,
    /// when everything the client would check holds.
    private static let weaponWriteSQL: String = {
        let fields = PostgresMonsterTable.dataFields
        let before = fields.map { "c.\($0.key)" }.joined(separator: ", ")
        let after = fields.map { $0.key == "weapon" ? "$3::text" : "c.\($0.key)" }.joined(separator: ", ")
        return """
            WITH candidate AS (
                SELECT id, \(PostgresMonsterTable.dataColumns) FROM roster.monster
                WHERE name_key >= $1::text COLLATE "C" AND name_key < ($1::text || chr(11)) COLLATE "C"
            ), chosen AS (
                SELECT c.* FROM candidate c
                WHERE c.name = $2::text
                  AND ((SELECT count(*) FROM candidate) = 1
                       OR (c.name = $4::text AND (SELECT count(*) FROM candidate WHERE name = $4::text) = 1))
                  AND c.weapon <> $3::text AND ($5::text IS NULL OR c.weapon = $5::text)
                  AND EXISTS (SELECT FROM roster.roster_schema s WHERE s.application = $6::text AND s.version = $7::integer
                      AND (to_jsonb(s) ->> 'outside_writes') = (to_jsonb(s) ->> 'keys_checked') AND (to_jsonb(s) ->> 'keys_fold') = $8::text)
            ), entry AS (
                INSERT INTO roster.history (client, surface, command, summary, kind)
                SELECT $9::text, $10::text, $11::text, ($12::text[])[array_position($13::text[], c.weapon)], $14::text FROM chosen c
                RETURNING id
            ), revision AS (
                INSERT INTO roster.history_row (change, position, monster, before_exists, after_exists,
                    \(fields.map { "before_\($0.key)" }.joined(separator: ", ")),
                    \(fields.map { "after_\($0.key)" }.joined(separator: ", ")))
                SELECT e.id, 0, c.id, true, true, \(before), \(after) FROM chosen c, entry e
            ), changed AS (
                UPDATE roster.monster m SET weapon = $3::text FROM chosen c, entry e WHERE m.id = c.id
            ), trimmed AS (
                DELETE FROM roster.history WHERE id <= (SELECT id FROM entry) - $15::bigint
            ), trimmed_rosters AS (
                DELETE FROM roster.history_roster WHERE change <= (SELECT id FROM entry) - $15::bigint
            )
            SELECT e.id, c.id, pg_notify($16::text, e.id::text) FROM entry e, chosen c
            """
    }()
}
