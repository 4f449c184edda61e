#!/usr/bin/env bash
# set-weapon on PostgreSQL against its target and the floor under it, as
# whole processes on a throwaway cluster (script/pg-cluster, unix socket),
# interleaved, medians, with the 1-minute load beside every figure:
#   roster     roster set-weapon Cat-Bot sword|fire (this build)
#   psql       the real psql binary running the same UPDATE (the target:
#              roster ≤ 0.6× this)
#   libpq      bench/pg-one-trip.c: roster's whole transaction through libpq,
#              in one round trip after the start-up
#   static     bench/pg-set-weapon-floor.c: the same statements from a
#              static program with no library at all: the floor for any
#              client, roster included
#   base       with BASE=PATH, another roster binary (main's, say), timed
#              in the same rounds
# Then, with log_statement_stats, what each statement costs the server in
# the fresh process every command gets (bench/pg-statement-cpu.py): roster's
# statements, the floor's, psql's UPDATE (whose outside-change trigger
# runs PL/pgSQL).
# "roster's whole transaction" is the least that keeps its guarantees:
# BEGIN; the write lock; the version marker and the name keys' check; the
# monster read FOR UPDATE; the history entry and its row (the values
# before read by the server, so nothing waits for an answer); the UPDATE;
# the history's trimming; the NOTIFY; COMMIT.
# Usage: bench/set-weapon-floor.sh   (PAIRS=N rounds, default 200;
# BASE=PATH; ROSTER_BUILT=PATH to use a release binary built already)
set -uo pipefail
source "$(dirname "$0")/lib.sh"
bench_setup python3
pairs=${PAIRS:-200}
psql=/usr/lib/postgresql/15/bin/psql
load() { cut -d' ' -f1 /proc/loadavg; }

cluster=$WORK/pg-floor
port=5441
script/pg-cluster stop "$cluster"
script/pg-cluster start "$cluster" --port "$port" >/dev/null || exit 1
trap 'script/pg-cluster stop "$cluster"' EXIT
sql() { "$psql" -X -q -At -v ON_ERROR_STOP=1 -h "$cluster" -p "$port" -U postgres "$@"; }
sql -d postgres -c "CREATE DATABASE small"
uri="postgresql://postgres@/small?host=$cluster&port=$port"
"$ROSTER" --db "$uri" list >/dev/null || exit 1

libpq=$WORK/pg-one-trip
static=$WORK/pg-set-weapon-floor
gcc -O2 -I"$(pg_config --includedir)" -o "$libpq" bench/pg-one-trip.c -lpq || { echo "the libpq program needs gcc and libpq-dev"; exit 69; }
gcc -O2 -static -o "$static" bench/pg-set-weapon-floor.c 2>/dev/null || { echo "the static program needs gcc and glibc's static library"; exit 69; }

columns="name, description, icon, name_color, weapon, height, origin, activated"
fold=$(sql -d small -c "SELECT keys_fold FROM roster.roster_schema")
for weapon in sword fire; do
    echo "UPDATE roster.monster SET weapon = '$weapon' WHERE name_key = 'cat-bot'" >"$WORK/floor-update-$weapon.sql"
    cat >"$WORK/floor-roster-$weapon.sql" <<SQL
BEGIN;
SELECT set_config('lock_timeout', '5000ms', true), set_config('roster.writing', 'on', true), pg_advisory_xact_lock(1380930388, 1);
SELECT application, version, outside_writes = keys_checked AND keys_fold = $fold FROM roster.roster_schema;
SELECT id, $columns FROM roster.monster WHERE name_key = 'cat-bot' FOR UPDATE;
INSERT INTO roster.history (client, surface, command, summary, kind) VALUES ('floor@bench', 'command line', 'set-weapon', 'Cat-Bot', 'rows');
INSERT INTO roster.history_row (change, position, monster, before_exists, after_exists,
    $(sed 's/[a-z_][a-z_]*/before_&/g' <<<"$columns"), $(sed 's/[a-z_][a-z_]*/after_&/g' <<<"$columns"))
SELECT (SELECT last_id FROM roster.history_counter), 0, id, true, true, $columns, $(sed "s/weapon/'$weapon'/" <<<"$columns")
FROM roster.monster WHERE name_key = 'cat-bot';
UPDATE roster.monster SET weapon = '$weapon' WHERE name_key = 'cat-bot';
DELETE FROM roster.history WHERE id <= (SELECT last_id FROM roster.history_counter) - 10000;
DELETE FROM roster.history_roster WHERE change <= (SELECT last_id FROM roster.history_counter) - 10000;
SELECT pg_notify('roster', (SELECT last_id FROM roster.history_counter)::text);
COMMIT;
SQL
done
# Each program once, so that a mistake in the statements stops here.
"$libpq" "host=$cluster port=$port user=postgres dbname=small" "$WORK/floor-roster-fire.sql" || exit 1
"$static" "$cluster/.s.PGSQL.$port" small "$WORK/floor-roster-sword.sql" || exit 1

sides=("$ROSTER --db $uri set-weapon Cat-Bot fire" "$ROSTER --db $uri set-weapon Cat-Bot sword" --
       "$psql -X -q -h $cluster -p $port -U postgres -d small -f $WORK/floor-update-fire.sql"
       "$psql -X -q -h $cluster -p $port -U postgres -d small -f $WORK/floor-update-sword.sql" --
       "$libpq 'host=$cluster port=$port user=postgres dbname=small' $WORK/floor-roster-fire.sql"
       "$libpq 'host=$cluster port=$port user=postgres dbname=small' $WORK/floor-roster-sword.sql" --
       "$static $cluster/.s.PGSQL.$port small $WORK/floor-roster-fire.sql"
       "$static $cluster/.s.PGSQL.$port small $WORK/floor-roster-sword.sql")
names=(roster psql libpq static)
if [[ -n ${BASE:-} ]]; then
    cp "$BASE" "$WORK/roster-base"
    sides+=(-- "$WORK/roster-base --db $uri set-weapon Cat-Bot fire" "$WORK/roster-base --db $uri set-weapon Cat-Bot sword")
    names+=(base)
fi
echo "PostgreSQL $(sql -d postgres -c 'SHOW server_version'), $(nproc) cores; $pairs rounds; load $(load) at the start"
python3 bench/interleave.py "$pairs" "${sides[@]}" >"$WORK/set-weapon-floor.json" || exit 1
jq -r --arg names "${names[*]}" --arg load "$(load)" '
    ($names | split(" ")) as $names | .results as $r |
    ($r | to_entries[] | "\($names[.key] | . + "      " | .[:7]) \(.value.median * 1000 | . * 100 | round / 100) ms median, \(.value.cpu_median * 1000 | . * 100 | round / 100) ms CPU, \(.value.median / $r[1].median * 100 | round / 100)× psql"),
    "roster against the static floor: \($r[0].median / $r[3].median * 100 | round / 100)×, against libpq: \($r[0].median / $r[2].median * 100 | round / 100)× (load \($load))"' \
    "$WORK/set-weapon-floor.json"
compare "set-weapon, a whole process (load $(load))" 0.6 "$WORK/set-weapon-floor.json"
status=$?

# What the server spends, statement by statement, in a fresh process each run.
sql -d postgres -c "ALTER DATABASE small SET log_statement_stats = on"
log=$cluster/server.log
# COMMAND holds WEAPON where the weapon goes: fire, then sword, and again.
statements() {
    local label=$1 command=$2 weapon -
    set -f
    : >"$log"
    for ((i = 0; i < 20; i++)); do
        weapon=$( ((i % 2)) && echo sword || echo fire)
        ${command//WEAPON/$weapon} >/dev/null 2>&1 || return 1
    done
    python3 bench/pg-statement-cpu.py "$log" "$label"
}
statements "roster set-weapon" "$ROSTER --db $uri set-weapon Cat-Bot WEAPON"
statements "the floor's transaction (one query)" "$static $cluster/.s.PGSQL.$port small $WORK/floor-roster-WEAPON.sql"
statements "psql's UPDATE (one query)" "$static $cluster/.s.PGSQL.$port small $WORK/floor-update-WEAPON.sql"
sql -d postgres -c "ALTER DATABASE small RESET log_statement_stats"
exit $status
