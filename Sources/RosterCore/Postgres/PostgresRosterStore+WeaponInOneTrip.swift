import PostgresWire

/// `set-weapon NAME WEAPON` on the server in one round trip after the
/// start-up: the write's BEGIN and lock, the version marker (the first
/// time), the name keys' check, the lookup `FOR UPDATE`, the guarded
/// statements that write the change, and COMMIT, sent together with one
/// Sync.
///
/// The usual write needs the row before it can word the history entry
/// (`Cat-Bot: Sword → Fire`), so its lookup and its writes are two round
/// trips. Here the client words the entry in advance for every weapon
/// the monster could carry, under the name it expects the monster to
/// have (the name as typed, the usual case), and the server picks the
/// entry by the weapon it finds. The first of the writes chooses the
/// monster only when what the server finds is what the client would
/// decide from the same rows: the schema is roster's at this version, the
/// stored keys can be trusted, the name means exactly one monster (as
/// `MonsterRules.oneMonster` reads it), it is spelled as expected, and its
/// weapon changes (and is the one `--from` names); the others (the entry,
/// its row with the values before and after copied from the row itself,
/// the weapon, the NOTIFY) act on the monster chosen, and on none when
/// none was. Otherwise nothing is written, and the client decides from
/// the rows the lookup returned, exactly as the usual write does: an
/// unknown name, names that read alike or a monster no longer carrying
/// `--from` are refused; an unchanged weapon is no change. Only a change
/// the guess did not foresee (the name stored in another spelling) costs
/// a second try, with the stored name, and past that the usual write; a
/// missing, older or newer schema likewise goes the usual way, which
/// makes, migrates or refuses it. An error anywhere in the batch (a
/// reader's refused write, a lock wait past the busy timeout, a lost
/// server) leaves the transaction to be rolled back: nothing half
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
            var batch = openingWrite()
            recordsEntry = true
            if readsMarker { batch.append(BoundStatement(PostgresSchema.readMarker)) }
            let checked = batch.count
            batch += [nameKeysCheck, lookupStatement(ids: [], readingAs: [key], forUpdate: true)]
            batch += weaponWrites(assignment, key: key, named: expectedName, expecting: expected) + [BoundStatement("COMMIT")]
            let results: [QueryResult]
            do throws(PostgresError) {
                results = try connection.execute(batch)
            } catch where Self.meansLostConnection(error) {
                // Lost with COMMIT sent: saved, told as usual from the history (see `settleLostCommit`).
                return .done(try savedWeaponChanges(ofChange: try settleLostCommit(after: error)))
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
            let written = results[batch.count - 2].rows.first
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

    /// The change a one-trip write saved, read back from its history entry.
    private func savedWeaponChanges(ofChange id: Int64) throws -> [WeaponChange] {
        try revisions(ofChange: id).compactMap { revision in
            guard let before = revision.before, let after = revision.after else { return nil }
            return WeaponChange(monster: before, weapon: after.weapon.type)
        }
    }

    /// The statements that write the whole change when the server finds
    /// what the client expects (see above). The first chooses the monster,
    /// or none, in a setting of the transaction's; the others act on the
    /// monster chosen: the entry, its row (the values before and after
    /// copied from the row itself), the weapon, the history's trimming;
    /// the last announces the entry and answers its id and the monster's
    /// (and the NOTIFY's empty answer), or no row when nothing was chosen.
    /// Plain statements, not one with data-modifying CTEs: a new server
    /// process planned and ran that one in about 6 ms, these in about 2.5.
    private func weaponWrites(_ assignment: WeaponAssignment, key: String, named expectedName: String,
                              expecting expected: WeaponType?) -> [BoundStatement] {
        let weapons = WeaponType.allCases
        let summaries = weapons.map { ChangeWording.weapon(of: expectedName, from: $0, to: assignment.weapon) }
        let fields = PostgresMonsterTable.dataFields
        let setting = "'" + Self.chosenSetting + "'"
        let chosen = "nullif(current_setting(\(setting), true), '')::bigint"
        let bound = String(HistoryTable.bound)
        return [
            BoundStatement(Self.chooseSQL, [key, expectedName, assignment.weapon.key, assignment.reference, expected?.key,
                                            PostgresSchema.application, String(PostgresSchema.currentVersion), String(NameFolding.revision)]),
            BoundStatement("""
                INSERT INTO roster.history (client, surface, command, summary, kind)
                SELECT $1::text, $2::text, $3::text, ($4::text[])[array_position($5::text[], m.weapon)], $6::text FROM roster.monster m WHERE m.id = \(chosen)
                """, [client, surface.rawValue, "set-weapon", Self.arrayLiteral(summaries), Self.arrayLiteral(weapons.map(\.key)), "rows"]),
            BoundStatement("""
                INSERT INTO roster.history_row (change, position, monster, before_exists, after_exists,
                    \(fields.map { "before_\($0.key)" }.joined(separator: ", ")), \(fields.map { "after_\($0.key)" }.joined(separator: ", ")))
                SELECT \(PostgresSchema.lastHistoryID), 0, c.id, true, true, \(fields.map { "c.\($0.key)" }.joined(separator: ", ")),
                    \(fields.map { $0.key == "weapon" ? "$1::text" : "c.\($0.key)" }.joined(separator: ", "))
                FROM roster.monster c WHERE c.id = \(chosen)
                """, [assignment.weapon.key]),
            BoundStatement("UPDATE roster.monster SET weapon = $1::text WHERE id = \(chosen)", [assignment.weapon.key]),
            BoundStatement("DELETE FROM roster.history WHERE id <= \(PostgresSchema.lastHistoryID) - $1::bigint", [bound]),
            BoundStatement("DELETE FROM roster.history_roster WHERE change <= \(PostgresSchema.lastHistoryID) - $1::bigint", [bound]),
            BoundStatement("""
                SELECT last_id, \(chosen), pg_notify($1::text, last_id::text) FROM roster.history_counter WHERE \(chosen) IS NOT NULL
                """, [Self.notificationChannel]),
        ]
    }

    /// The transaction's setting that holds the chosen monster's id.
    private static let chosenSetting = "roster.weapon_monster"

    /// Chooses the monster: among those whose stored key is the name's (or
    /// its shadow), which are those whose names read as it once the keys
    /// are checked, the one the name means, spelled as expected, when
    /// everything the client would check holds; else none.
    private static let chooseSQL = """
        SELECT set_config('\(chosenSetting)', coalesce((
            SELECT c.id::text FROM roster.monster c
            WHERE c.name_key >= $1::text COLLATE "C" AND c.name_key < ($1::text || chr(11)) COLLATE "C" AND c.name = $2::text
              AND ((SELECT count(*) FROM roster.monster o
                    WHERE o.name_key >= $1::text COLLATE "C" AND o.name_key < ($1::text || chr(11)) COLLATE "C") = 1
                   OR (c.name = $4::text AND (SELECT count(*) FROM roster.monster o
                    WHERE o.name_key >= $1::text COLLATE "C" AND o.name_key < ($1::text || chr(11)) COLLATE "C" AND o.name = $4::text) = 1))
              AND c.weapon <> $3::text AND ($5::text IS NULL OR c.weapon = $5::text)
              AND EXISTS (SELECT FROM roster.roster_schema s WHERE s.application = $6::text AND s.version = $7::integer
                  AND (to_jsonb(s) ->> 'outside_writes') = (to_jsonb(s) ->> 'keys_checked') AND (to_jsonb(s) ->> 'keys_fold') = $8::text)
        ), ''), true)
        """
}
