import PostgresWire
import TextSafety

/// Whether the roster a session reaches is the one the interface opened.
///
/// An interface left open across a server's trouble connects again by
/// itself (`reconnectIfLost`). The database it finds may have been dropped
/// and made again meanwhile, or another server may answer at the address
/// (a failover to an empty one): the list it shows is then of a roster
/// that is not there, and a write would go to another roster, or make one.
/// So each time listening begins (at first, and after every reconnect)
/// the store reads which roster it reaches: the object id of its version
/// marker's table, which the server gives anew whenever the schema is made
/// again (a dump restored, a database made anew), and keeps across a
/// restart or a physical replica's failover; and the roster's own random
/// id (schema 21), which tells apart two servers set up alike. A roster missing or made
/// again is said in one sentence (`noLongerThere`), and from then on every
/// request is refused with it: nothing is read from or written to it.
extension PostgresRosterStore {
    func checkSameRoster() throws {
        var found = try run("SELECT to_regclass('roster.roster_schema')::oid::text").firstValue ?? nil
        // With the roster's own id (schema 21): another cluster set up
        // alike gives the marker's table the same object id.
        if let table = found {
            found = table + "/" + ((try run("SELECT to_jsonb(s) ->> 'roster_id' FROM roster.roster_schema s LIMIT 1").firstValue ?? nil) ?? "")
        }
        guard let seen = rosterIdentity else {
            rosterIdentity = found ?? ""
            return
        }
        // A roster upgraded to schema 21 meanwhile drew its id since: the
        // same table, known now by its id too.
        if let found, seen.hasSuffix("/"), found.hasPrefix(seen) { rosterIdentity = found }
        guard found != seen, !(seen.hasSuffix("/") && found?.hasPrefix(seen) == true) else {
            try checkSameHistory()
            return
        }
        throw rosterGone(because: found == nil ? "the database has no roster now (dropped and made again, or another server answers)"
            : "another roster is there now (made anew since, or another server answers)")
    }

    /// When the newest change the store saw was written, as a number that
    /// reads the same whatever the session's time zone or date style.
    static let entryMoment = "extract(epoch FROM h.at)::text"

    /// The same roster by its ids may be a copy of it that went its own
    /// way: a backup put back, or a server that was behind (written since
    /// or not), or a twin set up alike. What this store knew of its history
    /// tells: the changes are numbered on past every number it saw (its
    /// counter keeps its place when the history is cleared or pruned); the
    /// change it wrote last, where its number still holds one, is that
    /// change; the newest change it heard of was written when it was.
    private func checkSameHistory() throws {
        let known = max(seenNewestEntry, lastOwnEntry?.id ?? 0)
        guard known > 0 else { return }
        // The counter as the next number is drawn from it (the larger of it
        // and the newest entry: a writer may wind it back, changing
        // nothing); not asked of a role granted no read of it.
        let counterReadable = try schemaVersion >= 5
            && run("SELECT has_table_privilege('roster.history_counter', 'SELECT')").firstValue == "t"
        let counter = counterReadable
            ? "(SELECT greatest(last_id, (SELECT coalesce(max(id), 0) FROM roster.history)) FROM roster.history_counter)" : "NULL::bigint"
        let row = try run("""
            SELECT \(counter),
                   (SELECT coalesce(to_jsonb(h) ->> 'write_token', '') FROM roster.history h WHERE h.id = $1),
                   (SELECT \(Self.entryMoment) FROM roster.history h WHERE h.id = $2)
            """, [String(lastOwnEntry?.id ?? 0), String(seenNewestEntry)]).rows.first
        let copy = "so it is a copy of this roster that went its own way, or another set up alike (a backup put back, a server that was behind)"
        if let numbered = (row?[0] ?? nil).flatMap({ Int64($0) }), numbered < known {
            throw rosterGone(because: "its changes are numbered only up to #\(numbered), before #\(known) this screen had seen, \(copy), "
                + "without changes this screen saw")
        }
        if let own = lastOwnEntry, let token = row?[1] ?? nil, token != own.token {
            throw rosterGone(because: "its change #\(own.id) is not the one made here, \(copy), without changes made here")
        }
        if seenNewestEntry > 0, let seen = seenNewestMoment, let moment = row?[2] ?? nil, moment != seen {
            throw rosterGone(because: "its change #\(seenNewestEntry) is not the one this screen saw, \(copy), without changes this screen saw")
        }
    }

    /// What a failed try to connect again says: a server that answers that
    /// the database is not there (dropped) has not been lost, and the
    /// roster shown is gone.
    func refusedReconnect(_ error: PostgresError) -> RosterError {
        if case .server(let failure) = error, failure.sqlState == .invalidCatalogName {
            return rosterGone(because: "the database \(Quote.code(settings.database)) does not exist there now")
        }
        return Self.mapped(error, settings: settings, writing: false)
    }

    /// Says once, and from now on for every request, that the roster the
    /// interface showed is gone (`because`: what is there now).
    func rosterGone(because now: String) -> RosterError {
        let gone = "the roster at \(name) is no longer there: \(now); the screen shows it as it was, and roster writes nothing there; q quits"
        noLongerThere = gone
        return .rosterGone(gone)
    }
}
