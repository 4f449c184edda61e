#!/usr/bin/env bash
# Exports and imports 1,000,000 monsters, against the sqlite3 shell doing
# the same work on the same data in the same run (medians of hyperfine runs):
#   export --format json   ≤ 0.8× sqlite3 -json DB "SELECT …"
#   export --format csv    ≤ 0.8× sqlite3 -csv DB "SELECT …"
#   import of CSV and of NDJSON into an empty roster
#                          ≤ 0.7× sqlite3 DB ".import --csv …" into the same table
#   peak memory of the exports < 32 MB (/usr/bin/time -v)
# The data (bench/make-monsters.py) mixes plain rows with quotes, commas,
# newlines, tabs, CJK, emoji and formula-like cells, and heights, origins and
# activation times, some unknown. Every import is a real,
# fully checked load: the script compares the imported roster with the source.
# Usage: bench/export-import.sh [COUNT]   (default 1000000; RUNS=N per command)
set -uo pipefail
source "$(dirname "$0")/lib.sh"
bench_setup python3

bench_counts 10 "$@"
# v2: with height, origin and activated (an older file lacks them).
csv=$(monsters_csv "$count")
ndjson=$WORK/monsters-v2-$count.ndjson
db=$WORK/export.db
rm -f "$db" "$db-wal" "$db-shm"
"$ROSTER" --db "$db" import "$csv" --mode replace >&2
"$ROSTER" --db "$db" export --format ndjson > "$ndjson"
echo "$count monsters: CSV $(du -h "$csv" | cut -f1), NDJSON $(du -h "$ndjson" | cut -f1), database $(du -h "$db" | cut -f1); sqlite3 $(sqlite3 --version | cut -d' ' -f1)"

# An empty roster to import into, and the same table for the sqlite3
# shell's .import (see make_import_targets in lib.sh), copied afresh before
# every run.
make_import_targets
empty=$WORK/empty.db
sqlite_empty=$WORK/sqlite-empty.db
select="SELECT id, name, description, icon, name_color, weapon, height, origin, activated FROM monster ORDER BY id"
target=$WORK/target.db
fresh_target="cp $empty $target; rm -f $target-wal $target-shm"
fresh_sqlite="cp $sqlite_empty $WORK/sqlite-target.db"

status=0
hyperfine --warmup 1 --runs "$runs" --output "$WORK/out.json" --export-json "$WORK/export-json.json" \
    "$ROSTER --db $db export --format json" "sqlite3 -json $db '$select'" >&2
compare "export --format json ($count monsters)" 0.8 "$WORK/export-json.json" || status=1

hyperfine --warmup 1 --runs "$runs" --output "$WORK/out.csv" --export-json "$WORK/export-csv.json" \
    "$ROSTER --db $db export --format csv" "sqlite3 -csv $db '$select'" >&2
compare "export --format csv ($count monsters)" 0.8 "$WORK/export-csv.json" || status=1

hyperfine --runs "$runs" --export-json "$WORK/import-csv.json" \
    --prepare "$fresh_target" "$ROSTER --db $target import $csv" \
    --prepare "$fresh_sqlite" "sqlite3 $WORK/sqlite-target.db '.import --csv --skip 1 $csv monster'" >&2
compare "import CSV into an empty roster ($count)" 0.7 "$WORK/import-csv.json" || status=1

hyperfine --runs "$runs" --export-json "$WORK/import-ndjson.json" \
    --prepare "$fresh_target" "$ROSTER --db $target import $ndjson" \
    --prepare "$fresh_sqlite" "sqlite3 $WORK/sqlite-target.db '.import --csv --skip 1 $csv monster'" >&2
compare "import NDJSON into an empty roster ($count)" 0.7 "$WORK/import-ndjson.json" || status=1

# The last import really stored everything: it exports as the source does.
if cmp -s <("$ROSTER" --db "$target" export --format csv) <("$ROSTER" --db "$db" export --format csv); then
    echo "the imported roster exports byte for byte as the source roster"
else
    echo "THE IMPORTED ROSTER DIFFERS FROM THE SOURCE"; status=1
fi

peak() { /usr/bin/time -v "$@" 2>&1 >/dev/null | awk -F': ' '/Maximum resident/ { printf "%.1f", $2 / 1024 }'; }
for format in json csv; do
    mb=$(peak "$ROSTER" --db "$db" export --format "$format")
    verdict=$(awk -v mb="$mb" 'BEGIN { print (mb < 32 ? "meets" : "MISSES") }')
    printf "%-44s peak memory %6.1f MB   target < 32 MB: %s\n" "export --format $format ($count monsters)" "$mb" "$verdict"
    [[ $verdict == meets ]] || status=1
done
eval "$fresh_target"
printf "%-44s peak memory %6.1f MB   (no target)\n" "import CSV ($count monsters)" "$(peak "$ROSTER" --db "$target" import "$csv")"
exit $status
