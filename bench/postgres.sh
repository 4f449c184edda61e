#!/usr/bin/env bash
# roster on PostgreSQL against the real psql binary on the same local
# server (a throwaway cluster from script/pg-cluster, on a unix socket),
# interleaved, medians, with the 1-minute load beside every figure:
#   set-weapon, a whole process      ≤ 0.6× psql running the same UPDATE
#                                    (its floor: bench/set-weapon-floor.sh)
#   import of COUNT monsters, CSV and NDJSON, into an empty roster (--mode replace)
#                                    ≤ 1.2× psql's \copy of the CSV into a plain table,
#                                    and the floor: psql's \copy into roster's own table
#   export of COUNT, CSV and JSON    ≤ 1.0× psql's \copy (SELECT …) TO STDOUT
#   peak memory of imports and exports ≤ 64 MB (/usr/bin/time -v)
#   WRITERS processes × ROUNDS set-weapon each at once: none lost, none
#   failed, changes per second
# /usr/lib/postgresql/15/bin/psql, not Debian's /usr/bin/psql, a Perl
# wrapper that adds about 27 ms to every run. The cluster is the tests'
# (fsync off): what is compared is the work of the two clients, on the
# same server with the same settings.
# Usage: bench/postgres.sh [COUNT]   (default 1000000; RUNS=N pairs for
# imports and exports, default 5; PAIRS=N for set-weapon, default 200;
# WRITERS=20 ROUNDS=500; PARTS="set-weapon move query writers" picks the
# parts to run: PARTS=writers runs only the many writers, PARTS=query the
# filter language's queries against psql's and what the weapon index costs)
set -uo pipefail
source "$(dirname "$0")/lib.sh"
bench_setup python3

bench_counts 5 "$@"
pairs=${PAIRS:-200}
writers=${WRITERS:-20}
rounds=${ROUNDS:-500}
parts=" ${PARTS:-set-weapon move query writers} "
wants() { [[ $parts == *" $1 "* ]]; }
psql=/usr/lib/postgresql/15/bin/psql
load() { cut -d' ' -f1 /proc/loadavg; }

cluster=$WORK/pg
port=5439
script/pg-cluster stop "$cluster"
script/pg-cluster start "$cluster" --port "$port" >/dev/null || exit 1
trap 'script/pg-cluster stop "$cluster"' EXIT
sql() { "$psql" -X -q -At -v ON_ERROR_STOP=1 -h "$cluster" -p "$port" -U postgres "$@"; }
uri() { echo "postgresql://postgres@/$1?host=$cluster&port=$port"; }
status=0
echo "PostgreSQL $(sql -d postgres -c 'SHOW server_version'), $(nproc) cores; load $(load) at the start"

# --- set-weapon: one change, a whole process each ---------------------
if wants set-weapon; then
    sql -d postgres -c "CREATE DATABASE small"
    "$ROSTER" --db "$(uri small)" list >/dev/null
    update() { echo "$psql -X -q -h $cluster -p $port -U postgres -d small -c \"UPDATE roster.monster SET weapon = '$1' WHERE name_key = 'cat-bot'\""; }
    python3 bench/interleave.py "$pairs" \
        "$ROSTER --db $(uri small) set-weapon Cat-Bot sword" "$ROSTER --db $(uri small) set-weapon Cat-Bot fire" \
        -- "$(update sword)" "$(update fire)" >"$WORK/pg-set-weapon.json" || exit 1
    compare "set-weapon, a whole process (load $(load))" 0.6 "$WORK/pg-set-weapon.json" || status=1
    # What any program pays before its first statement: starting and connecting.
    python3 bench/interleave.py "$pairs" "$ROSTER --db $(uri small) show Cat-Bot" \
        -- "$psql -X -q -h $cluster -p $port -U postgres -d small -c 'SELECT 1'" >"$WORK/pg-floor.json" || exit 1
    jq -r --arg load "$(load)" '"  floor: roster show (connect, one read) \(.results[0].median * 1000 | . * 100 | round / 100) ms, psql SELECT 1 \(.results[1].median * 1000 | . * 100 | round / 100) ms (load \($load))"' "$WORK/pg-floor.json"
    jq -r '"  CPU medians: roster set-weapon \(.results[0].cpu_median * 1000 | . * 100 | round / 100) ms, psql UPDATE \(.results[1].cpu_median * 1000 | . * 100 | round / 100) ms"' "$WORK/pg-set-weapon.json"
    # The floor under it (the same transaction from C, in one round
    # trip, through libpq and from a static program) and what each
    # statement costs the server: bench/set-weapon-floor.sh.
fi

# --- imports and exports of COUNT monsters -----------------------------
if wants move; then
    csv=$(monsters_csv "$count")
    ndjson=$WORK/monsters-v2-$count.ndjson
    columns="id, name, description, icon, name_color, weapon, height, origin, activated"
    sql -d postgres -c "CREATE DATABASE source"
    "$ROSTER" --db "$(uri source)" import "$csv" --mode replace >&2 || exit 1
    [[ -s $ndjson ]] || "$ROSTER" --db "$(uri source)" export --format ndjson >"$ndjson"
    echo "$count monsters: CSV $(du -h "$csv" | cut -f1), NDJSON $(du -h "$ndjson" | cut -f1)"

    # Templates copied afresh before every import: an empty roster, and a plain table for psql.
    sql -d postgres -c "CREATE DATABASE empty_roster"
    printf 'id,name,description,icon,name_color,weapon\r\n' | "$ROSTER" --db "$(uri empty_roster)" import - --mode replace >&2
    sql -d postgres -c "CREATE DATABASE empty_plain"
    sql -d empty_plain -c "CREATE TABLE plain (id bigint, name text, description text, icon text, name_color text, weapon text, height text, origin text, activated text)"
    fresh() { echo "$psql -X -q -h $cluster -p $port -U postgres -d postgres -c 'DROP DATABASE IF EXISTS $2' -c 'CREATE DATABASE $2 TEMPLATE $1'"; }
    psql_copy_in="$psql -X -q -h $cluster -p $port -U postgres -d target_plain -c \"\\copy plain FROM '$csv' WITH (FORMAT csv, HEADER true)\""
    # The floor for any client: psql's \copy of the same rows, their name
    # keys included, straight into roster's own table in an empty roster
    # (its CHECKs, its indexes, its trigger), with no check of roster's.
    keyed=$WORK/monsters-v2-$count-keyed.csv
    [[ -s $keyed ]] || sql -d source -c "\\copy (SELECT $columns, name_key FROM roster.monster ORDER BY id) TO '$keyed' WITH (FORMAT csv, HEADER true)"
    psql_copy_shaped="$psql -X -q -h $cluster -p $port -U postgres -d target_shaped -c \"\\copy roster.monster ($columns, name_key) FROM '$keyed' WITH (FORMAT csv, HEADER true)\""
    for file in "$csv" "$ndjson"; do
        kind=$([[ $file == "$csv" ]] && echo CSV || echo NDJSON)
        python3 bench/interleave-prepared.py "$runs" \
            "$(fresh empty_roster target_roster)" "$ROSTER --db $(uri target_roster) import $file --mode replace" \
            -- "$(fresh empty_plain target_plain)" "$psql_copy_in" \
            -- "$(fresh empty_roster target_shaped)" "$psql_copy_shaped" >"$WORK/pg-import-$kind.json" || exit 1
        compare "import $kind into an empty roster ($count, load $(load))" 1.2 "$WORK/pg-import-$kind.json" || status=1
        jq -r '"  floor: psql \\copy into roster'"'"'s own table \(.results[2].median * 100 | round / 100) s; roster \(.results[0].median / .results[2].median * 100 | round / 100)× that floor, the plain table \(.results[1].median / .results[2].median * 100 | round / 100)×"' "$WORK/pg-import-$kind.json"
        jq -r '"  peak memory: roster \(.results[0].maxrss_mb_median | round) MB, psql \(.results[1].maxrss_mb_median | round) MB"' "$WORK/pg-import-$kind.json"
    done
    if cmp -s <("$ROSTER" --db "$(uri target_roster)" export --format csv) <("$ROSTER" --db "$(uri source)" export --format csv); then
        echo "the imported roster exports byte for byte as the source roster"
    else
        echo "THE IMPORTED ROSTER DIFFERS FROM THE SOURCE"; status=1
    fi

    copy_out="$psql -X -q -h $cluster -p $port -U postgres -d source -c \"\\copy (SELECT $columns FROM roster.monster ORDER BY id) TO STDOUT WITH (FORMAT csv, HEADER true)\""
    for format in csv json; do
        python3 bench/interleave.py "$runs" "$ROSTER --db $(uri source) export --format $format" -- "$copy_out" \
            >"$WORK/pg-export-$format.json" || exit 1
        compare "export --format $format ($count, load $(load))" 1.0 "$WORK/pg-export-$format.json" || status=1
    done

    peak() { /usr/bin/time -v "$@" 2>&1 >/dev/null | awk -F': ' '/Maximum resident/ { printf "%.1f", $2 / 1024 }'; }
    report_peak() {
        local label=$1 mb=$2 verdict
        verdict=$(awk -v mb="$mb" 'BEGIN { print (mb <= 64 ? "meets" : "MISSES") }')
        printf "%-44s peak memory %6.1f MB   target ≤ 64 MB: %s (load %s)\n" "$label" "$mb" "$verdict" "$(load)"
        [[ $verdict == meets ]] || status=1
    }
    for format in csv json; do
        report_peak "export --format $format ($count)" "$(peak "$ROSTER" --db "$(uri source)" export --format "$format")"
    done
    for file in "$csv" "$ndjson"; do
        eval "$(fresh empty_roster target_roster)"
        report_peak "import ${file##*.} ($count)" "$(peak "$ROSTER" --db "$(uri target_roster)" import "$file" --mode replace)"
    done
fi

# --- the filter language on COUNT monsters, and the weapon index ------
if wants query; then
    csv=$WORK/monsters-v2-$count.csv
    [[ -s $csv ]] || python3 bench/make-monsters.py "$count" >"$csv"
    columns="id, name, description, icon, name_color, weapon, height, origin, activated"
    sql -d postgres -c "DROP DATABASE IF EXISTS query" -c "CREATE DATABASE query"
    "$ROSTER" --db "$(uri query)" import "$csv" --mode replace >&2 || exit 1
    sql -d query -c "VACUUM ANALYZE roster.monster"
    # psql's side of the sort: the same rows with the height as a number,
    # as a table of one's own would keep it (bench/filter-sort.sh does the
    # same for sqlite3).
    sql -d query -c "CREATE TABLE public.numeric_monster AS SELECT $columns,
        split_part(height, 'ft', 1)::integer * 12 + left(split_part(height, 'ft', 2), -2)::integer AS inches FROM roster.monster" \
        -c "VACUUM ANALYZE public.numeric_monster"
    copy_out() { echo "$psql -X -q -h $cluster -p $port -U postgres -d query -c \"\\copy ($1) TO STDOUT WITH (FORMAT csv, HEADER true)\""; }
    python3 bench/interleave.py "$runs" "$ROSTER --db $(uri query) list --where weapon=fire --format csv" \
        -- "$(copy_out "SELECT $columns FROM roster.monster WHERE weapon = 'fire' ORDER BY id")" >"$WORK/pg-where-weapon.json" || exit 1
    compare "list --where weapon=fire --format csv ($count, load $(load))" 1.0 "$WORK/pg-where-weapon.json" || status=1
    python3 bench/interleave.py "$runs" "$ROSTER --db $(uri query) list --sort -height --format csv" \
        -- "$(copy_out "SELECT $columns FROM public.numeric_monster ORDER BY inches DESC NULLS LAST, id")" >"$WORK/pg-sort-height.json" || exit 1
    compare "list --sort -height --format csv ($count, load $(load))" 1.5 "$WORK/pg-sort-height.json" || status=1
    # What the weapon index costs: its size, and a CSV import with it and without it.
    sql -d query -At -c "SELECT 'the weapon index: ' || pg_size_pretty(pg_relation_size('roster.monster_weapon')) || ' of ' ||
        pg_size_pretty(pg_total_relation_size('roster.monster')) || ' (the monster table with its indexes), database ' ||
        pg_size_pretty(pg_database_size('query'))"
    sql -d postgres -c "DROP DATABASE IF EXISTS empty_indexed" -c "DROP DATABASE IF EXISTS empty_unindexed" -c "CREATE DATABASE empty_indexed" -c "CREATE DATABASE empty_unindexed"
    printf 'id,name,description,icon,name_color,weapon\r\n' | "$ROSTER" --db "$(uri empty_indexed)" import - --mode replace >&2
    printf 'id,name,description,icon,name_color,weapon\r\n' | "$ROSTER" --db "$(uri empty_unindexed)" import - --mode replace >&2
    sql -d empty_unindexed -c "DROP INDEX roster.monster_weapon"
    fresh() { echo "$psql -X -q -h $cluster -p $port -U postgres -d postgres -c 'DROP DATABASE IF EXISTS $2' -c 'CREATE DATABASE $2 TEMPLATE $1'"; }
    python3 bench/interleave-prepared.py "$runs" \
        "$(fresh empty_indexed target_indexed)" "$ROSTER --db $(uri target_indexed) import $csv --mode replace" \
        -- "$(fresh empty_unindexed target_unindexed)" "$ROSTER --db $(uri target_unindexed) import $csv --mode replace" >"$WORK/pg-import-index.json" || exit 1
    jq -r --arg load "$(load)" '"import CSV (\(.pairs) pairs): with the weapon index \(.results[0].median * 100 | round / 100) s, without it \(.results[1].median * 100 | round / 100) s, \(.results[0].median / .results[1].median * 100 | round / 100)× (load \($load))"' "$WORK/pg-import-index.json"
fi

# --- many writers at once ---------------------------------------------
if wants writers; then
    sql -d postgres -c "CREATE DATABASE writers"
    weapons=(blowgun ninja-star fire sword smoke)
    for ((w = 1; w <= writers; w++)); do
        "$ROSTER" --db "$(uri writers)" add "Writer-$w" --weapon "${weapons[w % 5]}" 2>/dev/null || exit 1
    done
    first=$(sql -d writers -c "SELECT last_id FROM roster.history_counter")
    rm -f "$WORK"/writer-*.failed "$WORK/writers.err"
    started=$(date +%s.%N)
    for ((w = 1; w <= writers; w++)); do
        (
            failed=0
            for ((r = 1; r <= rounds; r++)); do
                if ! said=$("$ROSTER" --db "$(uri writers)" set-weapon "Writer-$w" "${weapons[(w + r) % 5]}" 2>&1 >/dev/null); then
                    failed=$((failed + 1))
                    echo "Writer-$w: $said" >>"$WORK/writers.err"
                fi
            done
            echo "$failed" >"$WORK/writer-$w.failed"
        ) &
    done
    wait
    ended=$(date +%s.%N)
    failed=$(cat "$WORK"/writer-*.failed | awk '{ s += $1 } END { print s }')
    recorded=$(( $(sql -d writers -c "SELECT last_id FROM roster.history_counter") - first ))
    lost=0
    for ((w = 1; w <= writers; w++)); do
        [[ $(sql -d writers -c "SELECT weapon FROM roster.monster WHERE name = 'Writer-$w'") == "${weapons[(w + rounds) % 5]}" ]] || lost=$((lost + 1))
    done
    total=$((writers * rounds))
    awk -v w="$writers" -v r="$rounds" -v t="$total" -v s="$started" -v e="$ended" -v f="$failed" -v rec="$recorded" -v lost="$lost" -v load="$(load)" 'BEGIN {
        printf "%d writers × %d set-weapon: %d changes in %.1f s, %.0f changes/s; failed %d, recorded %d of %d, writers whose last change was lost %d (load %s)\n",
               w, r, t, e - s, t / (e - s), f, rec, t, lost, load
    }'
    ((failed == 0 && recorded == total && lost == 0)) || status=1
    [[ -s $WORK/writers.err ]] && { echo "first failures:"; head -3 "$WORK/writers.err"; }
fi

exit $status
