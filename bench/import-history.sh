#!/usr/bin/env bash
# Whether the history costs the CSV import anything. Three commands import
# the same COUNT-monster CSV into an empty roster, interleaved (A B C A B C …,
# the order rotating every round), each after an untimed copy of its empty
# file:
#   A  this roster (with history: the import is recorded as one change)
#   B  roster built from the commit before the history came (BASE, built
#      once and kept in .build/bench-base), into an empty roster of its own schema
#   C  sqlite3 ".import --csv" into the same table (bench/export-import.sh's
#      reference, with the same columns, CHECKs and unique name index)
# Medians of wall time and of CPU time (user + system of the command, the
# steadier figure on a machine shared with other builds), with the load
# average before and after. Targets: A ≤ 0.70× C (bench/export-import.sh's),
# and A ≤ 1.05× B (the history costs the import nothing measurable).
# Usage: bench/import-history.sh [COUNT]   (default 1000000; RUNS=N, BASE=commit)
set -uo pipefail
source "$(dirname "$0")/lib.sh"
bench_setup python3

bench_counts 5 "$@"

base=${BASE:-$(git log --format=%H --diff-filter=A -- Sources/RosterCore/History/HistoryTable.swift | tail -1)^}
base=$(git rev-parse "$base")
base_roster=$(roster_before_history) || exit 1
# Both binaries run from copies made the same way (see bench_setup).
new_roster=$WORK/roster-with-history
cp "$ROSTER" "$new_roster"

csv=$(monsters_csv "$count")

# The empty rosters, each made by its own binary.
header='id,name,description,icon,name_color,weapon\r\n'
for side in new base; do
    binary=$new_roster; [[ $side == base ]] && binary=$base_roster
    empty=$WORK/empty-$side.db
    rm -f "$empty" "$empty-wal" "$empty-shm"
    printf "$header" | "$binary" --db "$empty" import - --mode replace >/dev/null 2>&1
done
sqlite_empty=$WORK/sqlite-empty.db
rm -f "$sqlite_empty"
# bench/export-import.sh's table, word for word.
sed -n "/^sqlite3 \"\$sqlite_empty\" <<'SQL'$/,/^SQL$/p" bench/export-import.sh | sed '1d;$d' | sqlite3 "$sqlite_empty"
echo "$count monsters, CSV $(du -h "$csv" | cut -f1); schemas $(sqlite3 "$WORK/empty-new.db" 'PRAGMA user_version') and $(sqlite3 "$WORK/empty-base.db" 'PRAGMA user_version') (base $(git rev-parse --short "$base")); sqlite3 $(sqlite3 --version | cut -d' ' -f1); $(nproc) cores"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

read -r -a figures < <(python3 - "$runs" \
    "cp $WORK/empty-new.db $WORK/target-new.db; rm -f $WORK/target-new.db-wal $WORK/target-new.db-shm" \
    "$new_roster --db $WORK/target-new.db import $csv" \
    "cp $WORK/empty-base.db $WORK/target-base.db; rm -f $WORK/target-base.db-wal $WORK/target-base.db-shm" \
    "$base_roster --db $WORK/target-base.db import $csv" \
    "cp $sqlite_empty $WORK/sqlite-target.db" \
    "sqlite3 $WORK/sqlite-target.db '.import --csv --skip 1 $csv monster'" <<'PY'
import os, shlex, statistics, subprocess, sys, time
runs = int(sys.argv[1])
sides = [(sys.argv[i], sys.argv[i + 1]) for i in (2, 4, 6)]
wall, cpu = [[] for _ in sides], [[] for _ in sides]
quiet = [(os.POSIX_SPAWN_OPEN, fd, "/dev/null", os.O_WRONLY, 0) for fd in (1, 2)]
for run in range(runs + 1):                      # one warm-up round
    order = [(run + k) % len(sides) for k in range(len(sides))]
    for index in order:
        prepare, command = sides[index]
        subprocess.run(prepare, shell=True, check=True)
        argv = shlex.split(command)
        start = time.perf_counter()
        pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=quiet)
        _, status, usage = os.wait4(pid, 0)
        elapsed = time.perf_counter() - start
        if status != 0:
            sys.exit(f"failed ({status}): {command}")
        if run >= 1:
            wall[index].append(elapsed)
            cpu[index].append(usage.ru_utime + usage.ru_stime)
m = statistics.median
print(*[m(w) for w in wall], *[m(c) for c in cpu])
PY
)
echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"
((${#figures[@]} == 6)) || { echo "the measurement failed" >&2; exit 1; }

status=0
awk -v nw="${figures[0]}" -v bw="${figures[1]}" -v sw="${figures[2]}" \
    -v nc="${figures[3]}" -v bc="${figures[4]}" -v sc="${figures[5]}" -v runs="$runs" 'BEGIN {
    printf "medians of %d interleaved runs          wall          CPU\n", runs
    printf "  A roster (with history)        %9.2f s   %9.2f s\n", nw, nc
    printf "  B roster before the history    %9.2f s   %9.2f s\n", bw, bc
    printf "  C sqlite3 .import              %9.2f s   %9.2f s\n", sw, sc
    printf "  A / B (history cost)           %9.3f×   %9.3f×   target ≤ 1.05×: %s\n", nw / bw, nc / bc,
           (nc / bc <= 1.05 ? "meets" : "MISSES")
    printf "  A / C (export-import target)   %9.3f×   %9.3f×   target ≤ 0.70×: %s\n", nw / sw, nc / sc,
           (nw / sw <= 0.70 ? "meets" : "MISSES")
    exit (nc / bc <= 1.05 && nw / sw <= 0.70) ? 0 : 1
}' || status=1

# Both rosters really stored everything, alike (exported by this roster,
# which migrates the base's file first). The base kept an activation's
# seconds; this roster keeps it to the minute, as every surface now does.
to_minutes() { sed -E 's/(T[0-9]{2}:[0-9]{2}):[0-9]{2}Z/\1:00Z/'; }
if cmp -s <("$new_roster" --db "$WORK/target-new.db" export --format csv | to_minutes) \
          <("$new_roster" --db "$WORK/target-base.db" export --format csv | to_minutes); then
    echo "both rosters' imports export byte for byte alike ($(sqlite3 "$WORK/target-new.db" 'SELECT count(*) FROM monster') monsters)"
else
    echo "THE TWO ROSTERS' IMPORTS DIFFER"; status=1
fi
exit $status
