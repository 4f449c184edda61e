#!/usr/bin/env bash
# What the upgrade that trusts no key it cannot vouch for (file schema 12,
# PostgreSQL schema 17) costs on a large roster: COUNT monsters named
# `Bøt-N` (`BOT=Bot` for plain ASCII names, which the upgrade vouches for),
# their keys derived by roster, the roster taken back to the schema before;
# then the first `set-weapon` (the upgrade, and the first write deriving
# again every key the upgrade could not vouch for), and a second one.
# Usage: bench/vouched-keys.sh [COUNT]   (default 200000; STORES="file
# postgres" (the default) or either; ROSTER_BUILT=path measures that binary)
set -uo pipefail
source "$(dirname "$0")/lib.sh"
bench_setup

count=${1:-200000}
bot=${BOT:-Bøt}
stores=" ${STORES:-file postgres} "
now() { date +%s%N; }
ms() { echo $((($(now) - $1) / 1000000)); }
echo "$count monsters named $bot-N, $("$ROSTER" --version | head -1), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"

# Two set-weapons, each timed: the first after the upgrade back, then another.
two_writes() {  # STORE LOCATION
    local start status
    for which in "first set-weapon (upgrade and derivation)" "second set-weapon"; do
        start=$(now)
        "$ROSTER" --db "$2" set-weapon Cat-Bot "$([[ $which == first* ]] && echo smoke || echo fire)" >/dev/null 2>"$WORK/vouched-keys.err"
        status=$?
        echo "$1: $which: $(ms "$start") ms (exit $status) (load $(cut -d' ' -f1 /proc/loadavg))"
    done
}

if [[ $stores == *" postgres "* ]]; then
    bench_postgres vouched-keys-pg 5444 vouched
    "$ROSTER" --db "$PG_URI" list >/dev/null
    "${PSQL[@]}" -c "INSERT INTO roster.monster (name, name_key, icon, weapon)
        SELECT '$bot-' || g, md5(g::text), 'unknown.png', 'fire' FROM generate_series(1, $count) g"
    "$ROSTER" --db "$PG_URI" show "$bot-1" >/dev/null
    "${PSQL[@]}" -c "DROP TRIGGER monster_shadow_key_of_another ON roster.monster" -c "UPDATE roster.roster_schema SET version = 13" \
        -c "VACUUM ANALYZE roster.monster"
    two_writes PostgreSQL "$PG_URI"
    bench_postgres_stop
fi

[[ $stores == *" file "* ]] || exit 0
db=$WORK/vouched-keys.db
rm -f "$db" "$db-wal" "$db-shm"
"$ROSTER" --db "$db" list >/dev/null
sqlite3 "$db" "
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $count)
    INSERT INTO monster (name, name_key, icon, weapon) SELECT '$bot-' || i, 'stale-' || i, 'unknown.png', 'fire' FROM n;" >/dev/null
"$ROSTER" --db "$db" show "$bot-1" >/dev/null
sqlite3 "$db" "DROP TRIGGER monster_shadow_key_moved; PRAGMA user_version = 11;
    PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null
two_writes file "$db"
