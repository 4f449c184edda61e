#!/usr/bin/env bash
# The filter and sort language at 1,000,000 monsters, against the sqlite3
# shell running the same query on the same file in the same run (medians
# of hyperfine runs, interleaved by hyperfine's alternation of commands):
#   list --where weapon=fire --format csv   ≤ 1.0× sqlite3 -csv, the same SELECT
#   list --sort -height --format csv        ≤ 1.5× sqlite3 -csv sorting the same
#                                              rows by a numeric height column
# and what the weapon index (schema version 8) costs: the file's size with
# and without it, and an import of the same CSV with and without it.
# Usage: bench/filter-sort.sh [COUNT]   (default 1000000; RUNS=N per command)
set -uo pipefail
source "$(dirname "$0")/lib.sh"
bench_setup python3

bench_counts 10 "$@"
csv=$(monsters_csv "$count")
db=$WORK/filter.db
numeric=$WORK/filter-numeric.db
rm -f "$db" "$db-wal" "$db-shm" "$numeric"
"$ROSTER" --db "$db" import "$csv" --mode replace >&2
# The sqlite3 side of the sort: the same rows with the height as a number,
# as a table of one's own would keep it.
sqlite3 "$db" "PRAGMA wal_checkpoint(TRUNCATE)"
cp "$db" "$numeric"
sqlite3 "$numeric" "
    ALTER TABLE monster ADD COLUMN inches INTEGER;
    UPDATE monster SET inches = CAST(height AS INTEGER) * 12 + CAST(substr(height, instr(height, 'ft') + 2) AS INTEGER);"

columns="id, name, description, icon, name_color, weapon, height, origin, activated"
status=0
hyperfine --warmup 1 --runs "$runs" --export-json "$WORK/where-weapon.json" \
    "$ROSTER --db $db list --where weapon=fire --format csv" \
    "sqlite3 -csv -header $db \"SELECT $columns FROM monster WHERE weapon = 'fire' ORDER BY id\"" >&2
compare "list --where weapon=fire --format csv ($count)" 1.0 "$WORK/where-weapon.json" || status=1

hyperfine --warmup 1 --runs "$runs" --export-json "$WORK/sort-height.json" \
    "$ROSTER --db $db list --sort -height --format csv" \
    "sqlite3 -csv -header $numeric \"SELECT $columns FROM monster ORDER BY inches DESC NULLS LAST, id\"" >&2
compare "list --sort -height --format csv ($count)" 1.5 "$WORK/sort-height.json" || status=1

# What the index costs: the file, and an import (which drops the table's
# indexes and builds them again after the rows are in).
with_index=$(stat -c %s "$db")
sqlite3 "$db" "DROP INDEX monster_weapon; VACUUM"
without_index=$(stat -c %s "$db")
printf "the weapon index: %.1f MB of a %.1f MB file (%d monsters)\n" \
    "$(awk -v a="$with_index" -v b="$without_index" 'BEGIN { print (a - b) / 1048576 }')" \
    "$(awk -v a="$with_index" 'BEGIN { print a / 1048576 }')" "$count"
sqlite3 "$db" "CREATE INDEX monster_weapon ON monster (weapon)"
target=$WORK/filter-target.db
hyperfine --runs "$runs" --export-json "$WORK/import-index.json" \
    --prepare "rm -f $target $target-wal $target-shm; $ROSTER --db $target list >/dev/null 2>&1" \
    "$ROSTER --db $target import $csv" \
    --prepare "rm -f $target $target-wal $target-shm; $ROSTER --db $target list >/dev/null 2>&1; sqlite3 $target 'DROP INDEX monster_weapon'" \
    "$ROSTER --db $target import $csv" >&2
echo "import with the index (first) and without it (second): see $WORK/import-index.json"
exit $status
