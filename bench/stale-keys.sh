#!/usr/bin/env bash
# What other programs' writes cost roster's next command on a large
# roster. First, the insert: sqlite3 (and psql, on a throwaway PostgreSQL
# cluster) adds COUNT monsters as docs/sharing.md says (any unique key,
# `keyed_name` NULL), then the first `roster show` derives every new row's
# key, holding the write lock, while a `set-weapon` started 0.3 s after it
# waits (and gives up after 5 s, 75). Then the renames, on the file:
# sqlite3 renames one monster (leaving its key as it was), then `roster
# show` derives again the keys the rename may have left stale, while a
# `set-weapon` started 0.1 s after it waits for the write lock.
# The bots are named `Bøt-1` … (`BOT=Bot` for plain ASCII): a name
# beyond ASCII folds through the whole table, the dearest case.
# Usage: bench/stale-keys.sh [COUNT]   (default 200000; ROUNDS=N, default 5;
# STORES="file postgres" (the default) or either; ROSTER_BUILT=path
# measures that binary, a debug build say, instead of building the release one)
set -uo pipefail
source "$(dirname "$0")/lib.sh"
bench_setup

count=${1:-200000}
rounds=${ROUNDS:-5}
bot=${BOT:-Bøt}
stores=" ${STORES:-file postgres} "
db=$WORK/stale-keys.db
now() { date +%s%N; }
ms() { echo $((($(now) - $1) / 1000000)); }
echo "$count monsters named $bot-N, $("$ROSTER" --version | head -1), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"

# The first show after the insert, and a set-weapon started meanwhile.
first_lookup() {  # STORE LOCATION
    ( start=$(now); "$ROSTER" --db "$2" show "$bot-$count" >/dev/null; echo "$? $(ms "$start")" > "$WORK/stale-keys.show" ) &
    local show=$!
    sleep 0.3
    local write_start write_status write_ms show_status show_ms
    write_start=$(now)
    "$ROSTER" --db "$2" set-weapon Cat-Bot smoke >/dev/null 2>"$WORK/stale-keys.err"
    write_status=$?
    write_ms=$(ms "$write_start")
    wait "$show"
    read -r show_status show_ms < "$WORK/stale-keys.show"
    echo "$1: first show after another program inserted $count: $show_ms ms (exit $show_status);" \
        "set-weapon started 0.3 s after it $write_ms ms (exit $write_status) (load $(cut -d' ' -f1 /proc/loadavg))"
}

if [[ $stores == *" postgres "* ]]; then
    bench_postgres stale-keys-pg 5443 stale
    "$ROSTER" --db "$PG_URI" list >/dev/null
    "${PSQL[@]}" -c "
        INSERT INTO roster.monster (name, name_key, icon, weapon)
        SELECT '$bot-' || g, md5(g::text), 'unknown.png', 'fire' FROM generate_series(1, $count) g"
    first_lookup PostgreSQL "$PG_URI"
    bench_postgres_stop
fi

[[ $stores == *" file "* ]] || exit 0
rm -f "$db" "$db-wal" "$db-shm"
"$ROSTER" --db "$db" list >/dev/null
sqlite3 "$db" "
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $count)
    INSERT INTO monster (name, name_key, icon, weapon) SELECT '$bot-' || i, 'stale-' || i, 'unknown.png', 'fire' FROM n;
    PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null
first_lookup file "$db"
start=$(now)
"$ROSTER" --db "$db" show "$bot-7" >/dev/null
echo "show with no rename since: $(ms "$start") ms"
for round in $(seq "$rounds"); do
    sqlite3 "$db" "UPDATE monster SET name = 'Renamed-$round' WHERE name = '$bot-$((round + 10))'"
    # Timed inside its own subshell, which notes when it ended.
    ( start=$(now); "$ROSTER" --db "$db" show "$bot-7" >/dev/null; echo "$? $(ms "$start")" > "$WORK/stale-keys.show" ) &
    show=$!
    sleep 0.1
    write_start=$(now)
    "$ROSTER" --db "$db" set-weapon "$bot-9" "$( ((round % 2)) && echo fire || echo smoke)" >/dev/null 2>"$WORK/stale-keys.err"
    write_status=$?
    write_ms=$(ms "$write_start")
    wait "$show"
    read -r show_status show_ms < "$WORK/stale-keys.show"
    echo "round $round: show after the rename $show_ms ms (exit $show_status); set-weapon meanwhile $write_ms ms (exit $write_status)"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
