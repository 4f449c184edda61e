# Shared helpers for the benchmark scripts: build the release binary the
# way users get it, install the measuring tools, and compare two commands
# measured by hyperfine in the same run.

# bench_setup [python3]: with python3, first stops with one sentence (69,
# unavailable) where there is no python3, for the scripts that make data or
# interleave runs with it.
bench_setup() {
    [[ ${1:-} == python3 ]] && need_python3
    cd "$(dirname "${BASH_SOURCE[0]}")/.."
    script/bootstrap --test
    local missing=()
    command -v hyperfine >/dev/null || missing+=(hyperfine)
    command -v jq >/dev/null || missing+=(jq)
    [[ -x /usr/bin/time ]] || missing+=(time)
    if ((${#missing[@]})); then
        local sudo=()
        [[ $(id -u) -ne 0 ]] && sudo=(sudo)
        "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >&2
    fi
    local built
    if [[ -n ${ROSTER_BUILT:-} ]]; then
        # A release binary built already (through /work/notes/build-slot,
        # say, on a machine whose builds take turns).
        built=$ROSTER_BUILT
    else
        echo "building the release binary…" >&2
        built=$(script/build)
    fi
    WORK=$PWD/bench/work
    mkdir -p "$WORK"
    # Measure a copy, as script/install and the .deb put one in place: the
    # very file the linker leaves behind starts slower than any copy of its
    # bytes, whatever its path (an unchanged set-weapon: 2.45 against
    # 1.87 ms of CPU, and 6 more page faults, through a hard link as well).
    ROSTER=$WORK/roster
    cp "$built" "$ROSTER.new"
    mv "$ROSTER.new" "$ROSTER"
}

# make_roster DB COUNT: a roster with the six defaults plus COUNT bots
# named Bot-1 … Bot-COUNT.
make_roster() {
    local db=$1 count=$2
    rm -f "$db" "$db-wal" "$db-shm"
    "$ROSTER" --db "$db" list >/dev/null
    # Rows as roster writes them: from schema 9 each keeps the name its key
    # was derived from, else every bot would be a row another program
    # renamed, its key derived again by the first command.
    local keyed="" keyed_value=""
    if [[ -n $(sqlite3 "$db" "SELECT 1 FROM pragma_table_info('monster') WHERE name = 'keyed_name'") ]]; then
        keyed=", keyed_name" keyed_value=", 'Bot-' || i"
    fi
    sqlite3 "$db" "
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $count)
        INSERT INTO monster (name, name_key$keyed, description, icon, name_color, weapon)
        SELECT 'Bot-' || i, 'bot-' || i$keyed_value, 'A bot made for measuring, number ' || i, 'unknown.png',
               CASE i % 4 WHEN 0 THEN 'default' WHEN 1 THEN 'red' WHEN 2 THEN 'green' ELSE 'blue' END,
               CASE i % 5 WHEN 0 THEN 'blowgun' WHEN 1 THEN 'ninja-star' WHEN 2 THEN 'fire' WHEN 3 THEN 'sword' ELSE 'smoke' END
        FROM n;
        PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null
}

# compare LABEL TARGET JSON: reads a hyperfine export of two commands
# (roster first, the reference second) and prints the median ratio against
# the target. Returns non-zero when the target is missed.
compare() {
    local label=$1 target=$2 json=$3
    local ours theirs
    ours=$(jq '.results[0].median' "$json")
    theirs=$(jq '.results[1].median' "$json")
    awk -v label="$label" -v ours="$ours" -v theirs="$theirs" -v target="$target" 'BEGIN {
        ratio = ours / theirs
        verdict = ratio <= target ? "meets" : "MISSES"
        printf "%-44s roster %8.2f ms   reference %8.2f ms   ratio %.2f×   target ≤ %.2f×: %s\n",
               label, ours * 1000, theirs * 1000, ratio, target, verdict
        exit ratio <= target ? 0 : 1
    }'
}

# roster_before_history: prints the path of a copy of roster built from the
# commit before the history came (BASE, else the parent of the commit that
# added Sources/RosterCore/History/HistoryTable.swift), to measure what the
# history costs. It is built once (several minutes) and kept in
# .build/bench-base/, so later runs of any bench script only copy it.
roster_before_history() {
    local base
    base=${BASE:-$(git log --format=%H --diff-filter=A -- Sources/RosterCore/History/HistoryTable.swift | tail -1)^}
    base=$(git rev-parse "$base") || return 1
    local cache=$PWD/.build/bench-base
    local binary=$cache/roster-before-history-${base:0:12}
    mkdir -p "$cache"
    # Where bench/history.sh kept it before.
    if [[ ! -x $binary && -x $WORK/roster-before-history-${base:0:12} ]]; then
        cp "$WORK/roster-before-history-${base:0:12}" "$binary"
    fi
    if [[ ! -x $binary ]]; then
        echo "building roster at ${base:0:12} (before the history) once, into $binary…" >&2
        rm -rf "$cache/src" && mkdir -p "$cache/src"
        git archive "$base" | tar -x -C "$cache/src"
        (cd "$cache/src" && script/build >/dev/null) || { echo "cannot build $base" >&2; return 1; }
        cp "$cache/src/.build/release/roster" "$binary.new" && mv "$binary.new" "$binary"
        rm -rf "$cache/src"
    fi
    # Run from a copy made as $ROSTER's is (see bench_setup): both start alike.
    cp "$binary" "$WORK/roster-before-history.new"
    mv "$WORK/roster-before-history.new" "$WORK/roster-before-history"
    echo "$WORK/roster-before-history"
}

# make_import_targets: $WORK/empty.db, an empty roster to import into, and
# $WORK/sqlite-empty.db, the same table for the sqlite3 shell: the same
# columns, types, STRICT and CHECKs, and the same unique index on the
# lower-cased name (an expression index, since .import cannot fill
# roster's name_key column). .import stores an empty cell as '' rather
# than NULL, so the optional columns' checks let '' through as roster's
# let NULL through.
make_import_targets() {
    local empty=$WORK/empty.db
    rm -f "$empty" "$empty-wal" "$empty-shm"
    printf 'id,name,description,icon,name_color,weapon\r\n' | "$ROSTER" --db "$empty" import - --mode replace >&2
    local sqlite_empty=$WORK/sqlite-empty.db
    rm -f "$sqlite_empty"
    sqlite3 "$sqlite_empty" <<'SQL'
CREATE TABLE monster (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 512),
    description TEXT NOT NULL DEFAULT '' CHECK (length(description) <= 2240),
    icon        TEXT NOT NULL CHECK (length(icon) BETWEEN 5 AND 64),
    name_color  TEXT NOT NULL DEFAULT 'default'
                CHECK (name_color = 'default' OR name_color = 'red' OR name_color = 'green' OR name_color = 'blue'),
    weapon      TEXT NOT NULL
                CHECK (weapon = 'blowgun' OR weapon = 'ninja-star' OR weapon = 'fire' OR weapon = 'sword' OR weapon = 'smoke'),
    height      TEXT CHECK (height = '' OR (height GLOB '[0-9]*ft[0-9]*in' AND length(height) <= 8)),
    origin      TEXT CHECK (origin = '' OR length(origin) = 2),
    activated   TEXT CHECK (activated = '' OR
                            activated GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-5][0-9]Z')
) STRICT;
CREATE UNIQUE INDEX monster_name_key ON monster (lower(name));
SQL
}

# bench_setup_unless_given: measures the binary $ROSTER names when it is
# set (no build), else builds the release one as bench_setup does.
bench_setup_unless_given() {
    if [[ -n ${ROSTER:-} ]]; then
        cd "$(dirname "${BASH_SOURCE[0]}")/.."
        WORK=$PWD/bench/work
        mkdir -p "$WORK"
    else
        bench_setup
    fi
}

need_python3() {
    command -v python3 >/dev/null || { echo "${0#./} needs python3" >&2; exit 69; }
}

# monsters_csv COUNT: the path of bench/make-monsters.py's CSV of COUNT
# monsters, made once and kept in $WORK for every script that reads it.
monsters_csv() {
    local csv=$WORK/monsters-v2-$1.csv
    [[ -s $csv ]] || python3 bench/make-monsters.py "$1" > "$csv"
    echo "$csv"
}

# bench_counts DEFAULT_RUNS [COUNT]: count, the scripts' first argument
# (1,000,000 unless given), and runs, $RUNS unless DEFAULT_RUNS.
bench_counts() {
    runs=${RUNS:-$1}
    count=${2:-1000000}
}

# bench_postgres NAME PORT DATABASE: a throwaway PostgreSQL 15 cluster in
# $WORK/NAME on PORT (stopped when the script exits, or by
# bench_postgres_stop), with DATABASE made in it; sets PG_URI (roster's
# --db as postgres) and PSQL (psql on DATABASE as postgres, an array).
bench_postgres() {
    PG_CLUSTER=$WORK/$1
    local psql=/usr/lib/postgresql/15/bin/psql
    script/pg-cluster stop "$PG_CLUSTER"
    script/pg-cluster start "$PG_CLUSTER" --port "$2" >/dev/null || exit 1
    trap 'script/pg-cluster stop "$PG_CLUSTER"' EXIT
    PG_URI="postgresql://postgres@/$3?host=$PG_CLUSTER&port=$2"
    PSQL=("$psql" -X -q -h "$PG_CLUSTER" -p "$2" -U postgres -d "$3")
    "$psql" -X -q -h "$PG_CLUSTER" -p "$2" -U postgres -d postgres -c "CREATE DATABASE $3"
}

bench_postgres_stop() {
    script/pg-cluster stop "$PG_CLUSTER"
    trap - EXIT
}
