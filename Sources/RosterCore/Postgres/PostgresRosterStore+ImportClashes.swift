import PostgresWire

/// What clashes in an import, found by SQL over the rows COPY sent
/// (`import_rows`), each reported at its place in the file: a name or an
/// id the file uses twice, a name already on the roster in `insert` mode,
/// a new monster without the fields it needs in `upsert` mode.
///
/// A replace import runs these only when it fails: the roster's unique
/// indexes refuse a name or an id used twice as the rows go in, and the
/// queries then say where (see `load`). A million rows are not sorted
/// three times to find that nothing clashes.
extension PostgresRosterStore {
    /// Where each record of the file is, by its ordinal: to place a problem.
    struct ImportPlaces {
        var name: [TextLocation] = []
        var id: [TextLocation] = []
    }

    /// Every clash of the file with itself or the roster (`table`: the
    /// roster, or a dry run's copy of it), at its place.
    /// Each kind lists at most as many as the report keeps (a file of a
    /// million duplicates must not fill memory with them), and counts the
    /// rest: each query's last column, `count(*) OVER ()`, is how many
    /// rows it found before its LIMIT.
    func clashes(mode: ImportMode, places: ImportPlaces, table: String) throws -> ProblemLog {
        var problems = ProblemLog()
        let limit = String(ProblemLog.limit)
        /// Counts the clashes of one kind that `rows` found but did not list.
        func countUnlisted(_ rows: [[String?]]) {
            guard let total = rows.first?.last.flatMap({ $0 }).flatMap({ Int($0) }) else { return }
            for _ in rows.count..<max(rows.count, total) { problems.countUnlisted() }
        }
        func place(_ ordinal: String?, _ kind: KeyPath<ImportPlaces, [TextLocation]>) -> TextLocation? {
            guard let ordinal = ordinal.flatMap({ Int($0) }), ordinal < places[keyPath: kind].count else { return nil }
            return places[keyPath: kind][ordinal]
        }
        // A name the file uses twice, at each use after the first.
        for row in try run("""
            SELECT i.ordinal, i.name, f.ordinal, f.name, count(*) OVER () FROM (
                SELECT ordinal, name, name_key, min(ordinal) OVER (PARTITION BY name_key) AS first FROM import_rows) i
            JOIN import_rows f ON f.ordinal = i.first WHERE i.ordinal <> i.first ORDER BY i.ordinal LIMIT $1
            """, [limit]).rows.counted(by: countUnlisted) {
            problems.add(InputProblem(.conflict, at: place(row[0], \.name), field: "name",
                                         LoadedRecords.nameUsedEarlier(row[1] ?? "", spelledThere: row[3] ?? "", at: place(row[2], \.name))))
        }
        switch mode {
        case .replace:
            for row in try run("""
                SELECT i.ordinal, i.id, f.ordinal, count(*) OVER () FROM (
                    SELECT ordinal, id, min(ordinal) OVER (PARTITION BY id) AS first FROM import_rows WHERE id IS NOT NULL) i
                JOIN import_rows f ON f.ordinal = i.first WHERE i.ordinal <> i.first ORDER BY i.ordinal LIMIT $1
                """, [limit]).rows.counted(by: countUnlisted) {
                problems.add(InputProblem(.conflict, at: place(row[0], \.id), field: "id",
                                             "the id \(row[1] ?? "") is also used \(LoadedRecords.place(place(row[2], \.id)))"))
            }
        case .insert:
            let taken = try run("""
                SELECT ordinal, name, stored, holders, count(*) OVER () FROM (
                    SELECT DISTINCT ON (i.ordinal) i.ordinal, i.name, m.name AS stored, count(*) OVER (PARTITION BY i.ordinal) AS holders
                    FROM (SELECT min(ordinal) AS first FROM import_rows GROUP BY name_key) f
                    JOIN import_rows i ON i.ordinal = f.first JOIN \(table) m
                      ON m.name_key >= i.name_key COLLATE "C" AND m.name_key < (i.name_key || chr(11)) COLLATE "C"
                        AND (m.name_key = i.name_key OR m.name_key = i.name_key || chr(10) || m.id)
                    ORDER BY i.ordinal, m.id) x
                ORDER BY ordinal LIMIT $1
                """, [limit]).rows.counted(by: countUnlisted)
            // A name that reads as several monsters' (a look-alike pair) is
            // told as the file tells it, naming each.
            let several = taken.filter { ($0[3].flatMap { Int($0) } ?? 0) > 1 }.compactMap { $0[0] }
            var holders: [String: [Monster]] = [:]
            if !several.isEmpty {
                for row in try run("""
                    SELECT i.ordinal, m.id, m.name FROM import_rows i JOIN \(table) m
                      ON m.name_key >= i.name_key COLLATE "C" AND m.name_key < (i.name_key || chr(11)) COLLATE "C"
                        AND (m.name_key = i.name_key OR m.name_key = i.name_key || chr(10) || m.id)
                    WHERE i.ordinal = ANY($1::bigint[]) ORDER BY i.ordinal, m.id
                    """, [Self.arrayLiteral(several)]).rows {
                    guard let ordinal = row[0], let id = row[1].flatMap({ Int64($0) }), let name = row[2] else { continue }
                    var monster = MonsterFields.blank
                    monster.id = id
                    monster.name = name
                    holders[ordinal, default: []].append(monster)
                }
            }
            for row in taken {
                let sentence = row[0].flatMap { holders[$0] }.map { MonsterRules.newNameReadsAsSeveral(row[1] ?? "", $0) }
                    ?? MonsterRules.nameTakenSentence(row[1] ?? "", by: row[2] ?? "") + "; use --mode upsert to update it"
                problems.add(InputProblem(.conflict, at: place(row[0], \.name), field: "name", sentence))
            }
        case .upsert:
            // A name that reads as both monsters of a look-alike pair
            // another program made (`Cat-Bot`, and `ꓚat-Bot` keyed by its
            // id after it): spelled exactly as one, it updates that one
            // (its row takes that monster's stored key); spelled as
            // neither, it is refused at its line naming both, never
            // matched to the one that holds the plain key.
            // A name read by one monster alone that holds only a shadow
            // key (its pair's other member removed) updates that one too,
            // as on a file, rather than adding a third name alike.
            var readingAlike: [(ordinal: String, name: String, monsters: [Monster], keys: [String])] = []
            for row in try run("""
                SELECT ordinal, name, id, stored, name_key FROM (
                    SELECT i.ordinal, i.name, m.id, m.name AS stored, m.name_key, i.name_key AS given,
                      count(*) OVER (PARTITION BY i.ordinal) AS matches
                    FROM import_rows i JOIN \(table) m
                      ON m.name_key >= i.name_key COLLATE "C" AND m.name_key < (i.name_key || chr(11)) COLLATE "C"
                        AND (m.name_key = i.name_key OR m.name_key = i.name_key || chr(10) || m.id)) x
                WHERE matches > 1 OR name_key <> given ORDER BY ordinal, id
                """).rows {
                guard let ordinal = row[0], let name = row[1], let id = row[2].flatMap({ Int64($0) }),
                      let stored = row[3], let key = row[4] else { continue }
                // A key another program wrote beside a name that reads otherwise is not this name's.
                guard MonsterRules.nameKey(stored) == MonsterRules.nameKey(name) else { continue }
                var monster = MonsterFields.blank
                monster.id = id
                monster.name = stored
                if readingAlike.last?.ordinal != ordinal { readingAlike.append((ordinal, name, [], [])) }
                readingAlike[readingAlike.count - 1].monsters.append(monster)
                readingAlike[readingAlike.count - 1].keys.append(key)
            }
            for record in readingAlike {
                let meant: Monster?
                do {
                    meant = try MonsterRules.oneMonster(named: record.name, among: record.monsters, use: .updatingRecord)
                } catch {
                    problems.add(InputProblem(.conflict, at: place(record.ordinal, \.name), field: "name", error.description))
                    continue
                }
                guard let meant, let index = record.monsters.firstIndex(where: { $0.id == meant.id }) else { continue }
                try run("UPDATE import_rows SET name_key = $1 WHERE ordinal = $2::bigint", [record.keys[index], record.ordinal])
            }
        }
        if mode != .replace {
            // A record that adds a monster must give every field one needs.
            let required = Int64(bitPattern: MonsterDecoder.requiredByModel)
            for row in try run("""
                SELECT i.ordinal, i.given, count(*) OVER () FROM import_rows i
                WHERE NOT i.stand_in AND (i.given & $1) <> $1
                  AND NOT EXISTS (SELECT 1 FROM \(table) m WHERE m.name_key = i.name_key)
                ORDER BY i.ordinal LIMIT $2
                """, [String(required), limit]).rows.counted(by: countUnlisted) {
                guard let ordinal = row[0].flatMap({ Int($0) }), let given = row[1].flatMap({ Int64($0) }) else { continue }
                var record = ImportedRecord(monster: MonsterFields.blank, hasID: false, given: UInt64(bitPattern: given), nameKey: "",
                                            idLocation: places.id[ordinal], nameLocation: places.name[ordinal])
                record.isStandIn = false
                if let problem = ImportLoad.incompleteNewMonster(record) { problems.add(problem) }
            }
        }
        return problems
    }

}

private extension Array {
    /// The array itself, after handing it to `count`: a query's rows and
    /// the tally of those it left out, in one expression.
    func counted(by count: (Self) -> Void) -> Self {
        count(self)
        return self
    }
}
