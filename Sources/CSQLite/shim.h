#include <sqlite3.h>

/// sqlite3_config is variadic, which Swift cannot call. Turning off
/// SQLite's memory statistics spares a global mutex on every allocation
/// (bulk imports make millions); it must happen before the first open.
static inline int roster_sqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
