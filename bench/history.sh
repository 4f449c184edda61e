#!/usr/bin/env bash
# What undoing an import costs, measured against the sqlite3 shell in the
# same run, the two interleaved (A B A B …), medians quoted:
#
#   undo of a replace import of COUNT monsters over a roster of COUNT
#                              (timed; reference: sqlite3 restoring the same
#                              rows from a copy table, DELETE + INSERT … SELECT)
#
# What the history costs set-weapon (≤ 1.10× the build from before the
# history) is measured by bench/foundation.sh.
#
# Each timed command really changes the roster; the step that puts it back
# (not timed) runs before each one. The import targets with history on are
# bench/export-import.sh's (history records a replace as one snapshot, not
# a row per monster).
# Usage: bench/history.sh [COUNT]   (default 1000000; UNDO_RUNS=N)
set -uo pipefail
source "$(dirname "$0")/lib.sh"
bench_setup python3

count=${1:-1000000}
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

new_roster=$ROSTER
# --- undo of a large replace import ------------------------------------------
csv=$(monsters_csv "$count")
# The second file renames nearly every monster, so that the replace
# touches nearly every row.
second=$WORK/monsters-v2-$count-renamed.csv
[[ -s $second ]] || sed 's/,Monster-/,Renamed-/' "$csv" > "$second"
undo_db=$WORK/undo.db
rm -f "$undo_db" "$undo_db-wal" "$undo_db-shm"
"$new_roster" --db "$undo_db" import "$csv" --mode replace >&2
"$new_roster" --db "$undo_db" export --format csv > "$WORK/undo-before.csv"
"$new_roster" --db "$undo_db" import "$second" --mode replace >&2
"$new_roster" --db "$undo_db" export --format csv > "$WORK/undo-after.csv"
cmp -s "$WORK/undo-before.csv" "$WORK/undo-after.csv" && { echo "the second import changed nothing; the measurement would prove nothing"; exit 1; }

# The reference restores the same rows the naive way, from a copy table.
ref_db=$WORK/undo-reference.db
rm -f "$ref_db" "$ref_db-wal" "$ref_db-shm"
cp "$undo_db" "$ref_db"
# Without the triggers that count other programs' changes for roster's
# undo (they would make each restored row cost the reference an update).
sqlite3 "$ref_db" "CREATE TABLE backup AS SELECT * FROM monster; PRAGMA journal_mode = WAL;
    DROP TRIGGER IF EXISTS monster_counted_insert; DROP TRIGGER IF EXISTS monster_counted_update;
    DROP TRIGGER IF EXISTS monster_counted_delete;" >/dev/null
restore="sqlite3 $ref_db 'BEGIN IMMEDIATE; DELETE FROM monster; INSERT INTO monster SELECT * FROM backup; COMMIT;'"

undo_runs=${UNDO_RUNS:-5}
read -r ours theirs ours_cpu theirs_cpu < <(interleave "$undo_runs" \
    "$new_roster --db $undo_db redo" "$new_roster --db $undo_db undo" \
    "" "$restore")
awk -v ours="$ours" -v theirs="$theirs" -v oc="$ours_cpu" -v tc="$theirs_cpu" -v count="$count" 'BEGIN {
    printf "%-52s roster %8.2f ms   sqlite3 restore %8.2f ms   ratio %.3f×   (CPU %.0f / %.0f ms; timed, no target)\n",
           "undo of a replace import of " count, ours * 1000, theirs * 1000, ours / theirs, oc * 1000, tc * 1000 }'
if cmp -s <("$new_roster" --db "$undo_db" export --format csv) "$WORK/undo-before.csv"; then
    echo "  after the undo the roster exports byte for byte as before the import"
else
    echo "  THE UNDONE ROSTER DIFFERS FROM THE ONE BEFORE THE IMPORT"; status=1
fi
exit $status
