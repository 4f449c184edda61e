#!/usr/bin/env bash
# What another program's rename costs roster's next command on a large
# roster file: sqlite3 renames one monster (leaving its key as it was),
# then `roster show` looks a monster up by name, which first derives again
# the keys the rename may have left stale, while a `set-weapon` started
# 0.1 s after it waits for the write lock (and gives up after 5 s, 75).
# The bots are named `Bøt-1` … (`BOT=Bot` for plain ASCII): a name
# beyond ASCII folds through the whole table, the dearest case. The first
# command after the roster is made derives every key once (the bots are
# inserted by sqlite3); that is not measured.
# Usage: bench/stale-keys.sh [COUNT]   (default 200000; ROUNDS=N, default 5;
# ROSTER_BUILT=path measures that binary, a debug build say, instead of
# building the release one)
set -uo pipefail
source "$(dirname "$0")/lib.sh"
bench_setup

count=${1:-200000}
rounds=${ROUNDS:-5}
bot=${BOT:-Bøt}
db=$WORK/stale-keys.db
rm -f "$db" "$db-wal" "$db-shm"
"$ROSTER" --db "$db" list >/dev/null
sqlite3 "$db" "
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $count)
    INSERT INTO monster (name, name_key, icon, weapon) SELECT '$bot-' || i, 'stale-' || i, 'unknown.png', 'fire' FROM n;
    PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null
"$ROSTER" --db "$db" show "$bot-1" >/dev/null

now() { date +%s%N; }
ms() { echo $((($(now) - $1) / 1000000)); }
echo "$count monsters named $bot-N, $("$ROSTER" --version | head -1), load $(cut -d' ' -f1-3 /proc/loadavg)"
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
