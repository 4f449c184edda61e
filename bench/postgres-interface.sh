#!/usr/bin/env bash
# The interactive roster on a PostgreSQL roster of 1,000,000 monsters, on a
# throwaway cluster of its own (script/pg-cluster: a unix socket, no
# service), measured as bench/interactive.sh measures a file: first frame,
# peak memory, bytes per row down, filter keystroke to frame. Then
# bench/pg-round-trips.py counts the round trips to the server (one flush
# of messages each) that moving and filtering make, and how often an idle
# interface wakes. With ROSTER set, measures that binary instead of
# building the release one; ROSTER_BENCH_SETTLE is how many seconds the
# name index is given before the filter is typed (1.5).
set -uo pipefail
source "$(dirname "$0")/lib.sh"
bench_setup_unless_given
count=${1:-1000000}
port=${PORT:-54331}
cluster=/tmp/roster-bench-pg-interface-$$
psql=(/usr/lib/postgresql/15/bin/psql -X -q -v ON_ERROR_STOP=1 -h "$cluster" -p "$port" -U postgres)
script/pg-cluster start "$cluster" --port "$port" >/dev/null || exit 1
trap 'script/pg-cluster stop "$cluster"' EXIT
"${psql[@]}" -d postgres -c "CREATE DATABASE bench" >/dev/null
uri="postgresql://postgres@/bench?host=$cluster&port=$port"
"$ROSTER" --db "$uri" list >/dev/null
echo "making a roster of $count monsters on PostgreSQL…" >&2
# The same bots as make_roster, weapons in runs of seven as interactive.sh gives them.
"${psql[@]}" -d bench -c "
    INSERT INTO roster.monster (name, name_key, keyed_name, description, icon, name_color, weapon)
    SELECT 'Bot-' || i, 'bot-' || i, 'Bot-' || i, 'A bot made for measuring, number ' || i, 'unknown.png',
           CASE i % 4 WHEN 0 THEN 'default' WHEN 1 THEN 'red' WHEN 2 THEN 'green' ELSE 'blue' END,
           CASE ((i + 6) / 7) % 5 WHEN 0 THEN 'blowgun' WHEN 1 THEN 'ninja-star' WHEN 2 THEN 'fire' WHEN 3 THEN 'sword' ELSE 'smoke' END
    FROM generate_series(1, $count) AS i;" -c "VACUUM ANALYZE roster.monster" >/dev/null || exit 1
[[ $("${psql[@]}" -d bench -A -t -c "SELECT count(*) FROM roster.monster") == $((count + 6)) ]] || { echo "the roster was not filled" >&2; exit 1; }
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 bench/interactive.py "$ROSTER" "$uri"
python3 bench/pg-round-trips.py "$ROSTER" "$uri"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
