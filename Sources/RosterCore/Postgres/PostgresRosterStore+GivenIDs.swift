import PostgresWire

/// The ids the PostgreSQL store gives new monsters: past every id the
/// roster and its history have held (since schema 16, whatever the
/// sequence was wound back to: see `PostgresSchema.version16`), and never
/// one another program took meanwhile.
///
/// An id is drawn in one round trip and the monster sent with the commit
/// (see `add`); a script that numbers its rows `max(id) + 1` can insert
/// that very id in between, and the commit then fails on the primary key.
/// The write is then made again whole, with an id drawn anew (which skips
/// the id taken): nothing of the failed try stays, and the usual write
/// pays nothing for it.
extension PostgresRosterStore {
    /// How many times a write is made before roster gives up on ids
    /// taken under it, and says so.
    static let drawAttempts = 5

    /// Draws a new monster's id.
    var drawMonsterID: String {
        schemaVersion >= PostgresSchema.givenIDsVersion ? "SELECT roster.draw_monster_id()" : "SELECT nextval('roster.monster_id')"
    }

    /// The id `drawMonsterID` would give, read without drawing it.
    var nextMonsterID: String {
        let next = "CASE WHEN is_called THEN last_value + 1 ELSE last_value END"
        return schemaVersion >= PostgresSchema.givenIDsVersion
            ? "SELECT roster.free_monster_id(\(next)) FROM roster.monster_id" : "SELECT \(next) FROM roster.monster_id"
    }

    /// Whether `error` is a monster inserted with an id another row took:
    /// on the primary key, not the name's key (a name is looked up under
    /// the write lock, an id is not).
    static func tookDrawnID(_ error: any Error) -> Bool {
        guard case PostgresError.server(let failure) = error else { return false }
        return failure.sqlState == .uniqueViolation && failure.constraintName == "monster_pkey"
    }

    /// Runs `attempt` again while another program takes the ids it draws
    /// (when `drawsIDs`), at most `drawAttempts` times; then one sentence.
    func retryingTakenIDs<T>(_ drawsIDs: Bool, _ attempt: () throws -> T) throws -> T {
        var tries = 1
        while true {
            do {
                return try attempt()
            } catch where drawsIDs && Self.tookDrawnID(error) {
                guard tries < Self.drawAttempts else { throw idsTaken(tries: tries) }
                tries += 1
            }
        }
    }

    /// What roster says when it gives up on ids taken under it (75: try again).
    func idsTaken(tries: Int) -> RosterError {
        .serverUnavailable("the roster at \(name) could not give new monsters their ids: \(tries) times another program took an id roster drew before roster could write it; nothing was changed")
    }
}
