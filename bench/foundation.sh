#!/usr/bin/env bash
# Measures the scripted commands against the sqlite3 shell on a roster of
# 100,000 monsters, both run in this script, median of many runs:
#   set-weapon NAME sword      ≤ 1.3× sqlite3 DB "UPDATE …"
#   list --format json         ≤ 1.0× sqlite3 -json DB "SELECT …"
set -uo pipefail
source "$(dirname "$0")/lib.sh"
bench_setup

db=$WORK/foundation.db
make_roster "$db" 100000
echo "roster of $(sqlite3 "$db" 'SELECT count(*) FROM monster') monsters; sqlite3 $(sqlite3 --version | cut -d' ' -f1)"

status=0
# Each run really changes the weapon: --prepare puts the old one back.
reset="sqlite3 '$db' \"UPDATE monster SET weapon = 'fire' WHERE name_key = 'bot-50000'\""
hyperfine -N --warmup 5 --runs 100 --prepare "$reset" \
    --export-json "$WORK/set-weapon.json" \
    "$ROSTER --db $db set-weapon Bot-50000 sword" \
    "sqlite3 $db \"UPDATE monster SET weapon = 'sword' WHERE name_key = 'bot-50000'\"" >&2
compare "set-weapon Bot-50000 sword (100k roster)" 1.3 "$WORK/set-weapon.json" || status=1

hyperfine -N --warmup 3 --runs 30 --export-json "$WORK/list-json.json" \
    "$ROSTER --db $db list --format json" \
    "sqlite3 -json $db \"SELECT id, name, description, icon, name_color, weapon FROM monster ORDER BY id\"" >&2
compare "list --format json (100k roster)" 1.0 "$WORK/list-json.json" || status=1

exit $status
