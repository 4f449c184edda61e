#!/usr/bin/env bash
# What the history costs, measured against the sqlite3 shell in the same run,
# each pair of commands interleaved (A B A B …), medians quoted:
#
#   set-weapon with history    ≤ 1.10× the same binary's set-weapon without
#                              history: roster built from the commit before
#                              the history came (BASE, built once and kept
#                              in bench/work), on a copy of the same roster
#                              at schema 2; and ≤ 1.3× sqlite3 DB "UPDATE …"
#                              (bench/foundation.sh's target, still held)
#   undo of a replace import of COUNT monsters over a roster of COUNT
#                              (timed; reference: sqlite3 restoring the same
#                              rows from a copy table, DELETE + INSERT … SELECT)
#
# Each timed command really changes the roster; the step that puts it back
# (not timed) runs before each one. The import targets with history on are
# bench/export-import.sh's (history records a replace as one snapshot, not
# a row per monster).
# Usage: bench/history.sh [COUNT]   (default 1000000; RUNS=N, BASE=commit)
set -uo pipefail
source "$(dirname "$0")/lib.sh"
bench_setup
command -v python3 >/dev/null || { echo "bench/history.sh needs python3" >&2; exit 69; }

count=${1:-1000000}
runs=${RUNS:-40}
status=0

# interleave RUNS PREPARE-A COMMAND-A PREPARE-B COMMAND-B: runs A and B
# in turn (each after its untimed PREPARE), and prints four medians in
# seconds: "A-wall B-wall A-cpu B-cpu". CPU time (user + system of the
# command) is the steadier figure on a machine shared with other builds;
# wall time includes waiting for the CPU and the disk. The commands are
# spawned directly, not through a shell.
interleave() {
    python3 - "$@" <<'PY'
import os, shlex, statistics, subprocess, sys, time
runs = int(sys.argv[1])
pairs = [(sys.argv[2], sys.argv[3]), (sys.argv[4], sys.argv[5])]
wall, cpu = [[], []], [[], []]
quiet = [(os.POSIX_SPAWN_OPEN, fd, "/dev/null", os.O_WRONLY, 0) for fd in (1, 2)]
for run in range(runs + 2):
    for index, (prepare, command) in enumerate(pairs):
        if prepare:
            subprocess.run(prepare, shell=True, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        argv = shlex.split(command)
        start = time.perf_counter()
        pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=quiet)
        _, status, usage = os.wait4(pid, 0)
        elapsed = time.perf_counter() - start
        if status != 0:
            sys.exit(f"failed ({status}): {command}")
        if run >= 2:  # two warm-up rounds
            wall[index].append(elapsed)
            cpu[index].append(usage.ru_utime + usage.ru_stime)
m = statistics.median
print(m(wall[0]), m(wall[1]), m(cpu[0]), m(cpu[1]))
PY
}

# verdict LABEL OURS THEIRS TARGET REFERENCE-NAME
verdict() {
    awk -v label="$1" -v ours="$2" -v theirs="$3" -v target="$4" -v name="$5" 'BEGIN {
        ratio = ours / theirs
        verdict = ratio <= target ? "meets" : "MISSES"
        printf "%-52s roster %8.2f ms   %s %8.2f ms   ratio %.3f×   target ≤ %.2f×: %s\n",
               label, ours * 1000, name, theirs * 1000, ratio, target, verdict
        exit ratio <= target ? 0 : 1
    }'
}

# --- set-weapon, with and without history -----------------------------------
base=${BASE:-$(git log --format=%H --diff-filter=A -- Sources/RosterCore/History/HistoryTable.swift | tail -1)^}
base=$(git rev-parse "$base")
base_roster=$WORK/roster-before-history-${base:0:12}
if [[ ! -x $base_roster ]]; then
    echo "building roster at $base (before the history) once, into $base_roster…" >&2
    rm -rf "$WORK/base-src" && mkdir -p "$WORK/base-src"
    git archive "$base" | tar -x -C "$WORK/base-src"
    (cd "$WORK/base-src" && script/build >/dev/null) || { echo "cannot build $base" >&2; exit 1; }
    cp "$WORK/base-src/.build/release/roster" "$base_roster"
fi
# Both binaries are run from copies made the same way: a binary the linker
# has just written sits in the page cache in small pieces, and mapping it
# costs every start about half a millisecond more than a copied one.
new_roster=$WORK/roster-with-history
cp "$ROSTER" "$new_roster"

db=$WORK/history.db
old_db=$WORK/history-v2.db
ROSTER_NEW=$new_roster
ROSTER=$base_roster make_roster "$old_db" 100000
cp "$old_db" "$db"
"$ROSTER_NEW" --db "$db" list >/dev/null   # migrates the copy to the history's schema
echo "roster of $(sqlite3 "$db" 'SELECT count(*) FROM monster') monsters; schema $(sqlite3 "$old_db" 'PRAGMA user_version') (base $(git rev-parse --short "$base")) and $(sqlite3 "$db" 'PRAGMA user_version'); sqlite3 $(sqlite3 --version | cut -d' ' -f1)"

reset() { echo "sqlite3 '$1' \"UPDATE monster SET weapon = 'fire' WHERE name_key = 'bot-50000'\""; }
read -r with without with_cpu without_cpu < <(interleave "$runs" \
    "$(reset "$db")" "$ROSTER_NEW --db $db set-weapon Bot-50000 sword" \
    "$(reset "$old_db")" "$base_roster --db $old_db set-weapon Bot-50000 sword")
verdict "set-weapon with history vs without (100k), wall" "$with" "$without" 1.10 "without" || status=1
verdict "set-weapon with history vs without (100k), CPU" "$with_cpu" "$without_cpu" 1.10 "without" || status=1
echo "  history entries recorded by the runs: $(sqlite3 "$db" 'SELECT count(*) FROM history')"

read -r ours theirs ours_cpu theirs_cpu < <(interleave "$runs" \
    "$(reset "$db")" "$ROSTER_NEW --db $db set-weapon Bot-50000 sword" \
    "$(reset "$db")" "sqlite3 $db \"UPDATE monster SET weapon = 'sword' WHERE name_key = 'bot-50000'\"")
verdict "set-weapon with history vs sqlite3 (100k), wall" "$ours" "$theirs" 1.3 "sqlite3" || status=1
verdict "set-weapon with history vs sqlite3 (100k), CPU" "$ours_cpu" "$theirs_cpu" 1.3 "sqlite3" || status=1

# --- undo of a large replace import ------------------------------------------
csv=$WORK/monsters-v2-$count.csv
[[ -s $csv ]] || python3 bench/make-monsters.py "$count" > "$csv"
# The second file renames nearly every monster, so that the replace
# touches nearly every row.
second=$WORK/monsters-v2-$count-renamed.csv
[[ -s $second ]] || sed 's/,Monster-/,Renamed-/' "$csv" > "$second"
undo_db=$WORK/undo.db
rm -f "$undo_db" "$undo_db-wal" "$undo_db-shm"
"$ROSTER_NEW" --db "$undo_db" import "$csv" --mode replace >&2
"$ROSTER_NEW" --db "$undo_db" export --format csv > "$WORK/undo-before.csv"
"$ROSTER_NEW" --db "$undo_db" import "$second" --mode replace >&2
"$ROSTER_NEW" --db "$undo_db" export --format csv > "$WORK/undo-after.csv"
cmp -s "$WORK/undo-before.csv" "$WORK/undo-after.csv" && { echo "the second import changed nothing; the measurement would prove nothing"; exit 1; }

# The reference restores the same rows the naive way, from a copy table.
ref_db=$WORK/undo-reference.db
rm -f "$ref_db" "$ref_db-wal" "$ref_db-shm"
cp "$undo_db" "$ref_db"
sqlite3 "$ref_db" "CREATE TABLE backup AS SELECT * FROM monster; PRAGMA journal_mode = WAL;" >/dev/null
restore="sqlite3 $ref_db 'BEGIN IMMEDIATE; DELETE FROM monster; INSERT INTO monster SELECT * FROM backup; COMMIT;'"

undo_runs=${UNDO_RUNS:-5}
read -r ours theirs ours_cpu theirs_cpu < <(interleave "$undo_runs" \
    "$ROSTER_NEW --db $undo_db redo" "$ROSTER_NEW --db $undo_db undo" \
    "" "$restore")
awk -v ours="$ours" -v theirs="$theirs" -v oc="$ours_cpu" -v tc="$theirs_cpu" -v count="$count" 'BEGIN {
    printf "%-52s roster %8.2f ms   sqlite3 restore %8.2f ms   ratio %.3f×   (CPU %.0f / %.0f ms; timed, no target)\n",
           "undo of a replace import of " count, ours * 1000, theirs * 1000, ours / theirs, oc * 1000, tc * 1000 }'
if cmp -s <("$ROSTER_NEW" --db "$undo_db" export --format csv) "$WORK/undo-before.csv"; then
    echo "  after the undo the roster exports byte for byte as before the import"
else
    echo "  THE UNDONE ROSTER DIFFERS FROM THE ONE BEFORE THE IMPORT"; status=1
fi
exit $status
