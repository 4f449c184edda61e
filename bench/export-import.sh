#!/usr/bin/env bash
# Benchmarks roster's export and import of 1,000,000 monsters against the
# sqlite3 shell doing the same work on the same data, and measures peak
# memory. Prints the figures and the ratios the targets are stated in:
#   export --format json  <= 0.8 x  sqlite3 -json DB "SELECT …"
#   export --format csv   <= 0.8 x  sqlite3 -csv DB "SELECT …"
#   import (CSV, NDJSON) into an empty roster <= 0.7 x  sqlite3 .import --csv
#   peak memory of the exports < 32 MB
# Usage: bench/export-import.sh [COUNT]   (default 1000000)
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-1000000}
work=bench/work
mkdir -p "$work"

install_missing() {
    local missing=()
    command -v hyperfine >/dev/null || missing+=(hyperfine)
    [ -x /usr/bin/time ] || missing+=(time)
    command -v sqlite3 >/dev/null || missing+=(sqlite3)
    if [ ${#missing[@]} -gt 0 ]; then
        echo "installing ${missing[*]}…"
        apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null
    fi
}
install_missing

echo "== building roster (release, static Swift stdlib)"
swift build -c release --static-swift-stdlib 2>&1 | tail -1
roster="$(swift build -c release --static-swift-stdlib --show-bin-path)/roster"

csv="$work/monsters-$count.csv"
ndjson="$work/monsters-$count.ndjson"
db="$work/export.db"
if [ ! -s "$csv" ]; then
    echo "== generating $count monsters"
    python3 bench/make-monsters.py "$count" > "$csv"
fi
echo "== loading them into $db"
rm -f "$db" "$db-wal" "$db-shm"
"$roster" --db "$db" import "$csv" --mode replace
"$roster" --db "$db" export --format ndjson > "$ndjson"
ls -l "$csv" "$ndjson" "$db" | awk '{ printf "   %12d bytes  %s\n", $5, $9 }'

# An empty roster to import into, copied fresh before every run.
empty="$work/empty.db"
rm -f "$empty" "$empty-wal" "$empty-shm"
printf 'id,name,description,icon,name_color,weapon\r\n' > "$work/header.csv"
"$roster" --db "$empty" import "$work/header.csv" --mode replace
sqlite3 "$empty" "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null

# The same table for the sqlite3 shell: same columns, types, STRICT and
# CHECKs, and the same unique index on the lower-cased name (as an
# expression, since .import cannot fill roster's name_key column).
sqlite_schema="$work/sqlite-schema.sql"
cat > "$sqlite_schema" <<'SQL'
CREATE TABLE monster (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 512),
    description TEXT NOT NULL DEFAULT '' CHECK (length(description) <= 2240),
    icon        TEXT NOT NULL CHECK (length(icon) BETWEEN 5 AND 64),
    name_color  TEXT NOT NULL DEFAULT 'default'
                CHECK (name_color = 'default' OR name_color = 'red' OR name_color = 'green' OR name_color = 'blue'),
    weapon      TEXT NOT NULL
                CHECK (weapon = 'blowgun' OR weapon = 'ninja-star' OR weapon = 'fire' OR weapon = 'sword' OR weapon = 'smoke')
) STRICT;
CREATE UNIQUE INDEX monster_name_key ON monster (lower(name));
SQL
sqlite_empty="$work/sqlite-empty.db"
rm -f "$sqlite_empty" && sqlite3 "$sqlite_empty" < "$sqlite_schema"
select="SELECT id, name, description, icon, name_color, weapon FROM monster ORDER BY id"

results="$work/results"
mkdir -p "$results"
run() { # NAME COMMAND… : hyperfine, output to a file
    local name=$1; shift
    hyperfine --style basic --warmup 1 --runs "${RUNS:-5}" --export-json "$results/$name.json" "$@" >/dev/null
}
mean() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['results'][$2]['mean'])" "$results/$1.json"; }

echo "== export (writing to a file in $work)"
run export-json --output "$work/out.json" \
    "'$roster' --db '$db' export --format json" \
    "sqlite3 -json '$db' '$select'"
run export-csv --output "$work/out.csv" \
    "'$roster' --db '$db' export --format csv" \
    "sqlite3 -csv '$db' '$select'"

echo "== import into an empty roster"
run import-csv \
    --prepare "cp '$empty' '$work/target.db'; rm -f '$work/target.db-wal' '$work/target.db-shm'" \
    "'$roster' --db '$work/target.db' import '$csv' --mode insert" \
    --prepare "cp '$sqlite_empty' '$work/sqlite-target.db'" \
    "sqlite3 '$work/sqlite-target.db' '.import --csv --skip 1 $csv monster'"
run import-ndjson \
    --prepare "cp '$empty' '$work/target.db'; rm -f '$work/target.db-wal' '$work/target.db-shm'" \
    "'$roster' --db '$work/target.db' import '$ndjson' --mode insert"

echo "== peak memory (/usr/bin/time -v, maximum resident set size)"
peak() { /usr/bin/time -v "$@" 2>&1 >/dev/null | awk -F': ' '/Maximum resident/ { printf "%.1f", $2 / 1024 }'; }
mem_json=$(peak "$roster" --db "$db" export --format json)
mem_csv=$(peak "$roster" --db "$db" export --format csv)
mem_sqlite=$(peak sqlite3 -json "$db" "$select")
cp "$empty" "$work/target.db"; rm -f "$work/target.db-wal" "$work/target.db-shm"
mem_import=$(/usr/bin/time -v "$roster" --db "$work/target.db" import "$csv" --mode insert 2>&1 >/dev/null | awk -F': ' '/Maximum resident/ { printf "%.1f", $2 / 1024 }')

echo "== the roster imported from CSV equals the one exported (a real, full load)"
if cmp -s <("$roster" --db "$work/target.db" export --format csv) <("$roster" --db "$db" export --format csv); then
    echo "   identical"
else
    echo "   DIFFERENT"; exit 1
fi

echo
echo "== results ($count monsters)"
python3 - "$results" "$mem_json" "$mem_csv" "$mem_sqlite" "$mem_import" <<'PY'
import json, sys, os
d = sys.argv[1]
def load(name):
    return [r["mean"] for r in json.load(open(os.path.join(d, name + ".json")))["results"]]
ej, sj = load("export-json"); ec, sc = load("export-csv")
ic, si = load("import-csv"); (inj,) = load("import-ndjson")
rows = [
    ("export --format json", ej, "sqlite3 -json", sj, 0.8),
    ("export --format csv", ec, "sqlite3 -csv", sc, 0.8),
    ("import CSV (insert, empty roster)", ic, "sqlite3 .import --csv", si, 0.7),
    ("import NDJSON (insert, empty roster)", inj, "sqlite3 .import --csv", si, 0.7),
]
ok = True
for what, ours, other, theirs, target in rows:
    ratio = ours / theirs
    good = ratio <= target
    ok &= good
    print(f"  {what:38s} {ours:6.2f} s   {other:22s} {theirs:6.2f} s   ratio {ratio:4.2f} (target ≤ {target})  {'ok' if good else 'MISSED'}")
mj, mc, ms, mi = map(float, sys.argv[2:6])
print(f"  peak memory: export json {mj:.1f} MB, export csv {mc:.1f} MB (target < 32 MB{' ok' if max(mj, mc) < 32 else ' MISSED'}); sqlite3 -json {ms:.1f} MB; import csv {mi:.1f} MB")
sys.exit(0 if ok and max(mj, mc) < 32 else 1)
PY
