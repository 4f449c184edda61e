#include <sqlite3.h>

/// sqlite3_config is variadic, which Swift cannot call. Turning off
/// SQLite's memory statistics spares a global mutex on every allocation
/// (bulk imports make millions); it must happen before the first open.
static inline int roster_sqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

/// sqlite3_db_config is variadic too. A connection that does not
/// checkpoint when it closes keeps the WAL file and its index in place for
/// the next program, instead of deleting both at the end of every command
/// (a read too); roster empties the WAL itself as it ends (`finishWAL`).
static inline int roster_sqlite_keep_wal_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
