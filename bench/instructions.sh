#!/usr/bin/env bash
# Counts the instructions roster and the sqlite3 shell execute for the
# commands of bench/foundation.sh, and for an import of CSV and of NDJSON
# into an empty roster as bench/export-import.sh runs it (on 100,000
# monsters; every thread's instructions, summed), under valgrind's
# callgrind: a count
# that the load on the machine does not move, to judge a change to the
# start-up when wall and CPU times swing with other work. (The targets
# are wall-time ratios and stay foundation.sh's; an instruction is not a
# fixed time, and neither system calls nor page faults are counted.)
#
#   bench/instructions.sh [ROSTER_BINARY…]   default: the release build
#
# Several binaries (copies of older builds, say) are counted side by
# side on the same roster of 100,000 monsters.
set -uo pipefail
source "$(dirname "$0")/lib.sh"
bench_setup
if ! command -v valgrind >/dev/null; then
    sudo=()
    [[ $(id -u) -ne 0 ]] && sudo=(sudo)
    "${sudo[@]}" apt-get install -y -qq valgrind >&2
fi
binaries=("$@")
((${#binaries[@]})) || binaries=("$ROSTER")

db=$WORK/instructions.db
make_roster "$db" 100000
reference=$WORK/instructions-sqlite3.db
update() { echo "UPDATE monster SET weapon = '$1' WHERE name_key = 'bot-50000'"; }

# count COMMAND…: the instructions it executed.
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

# valgrind cannot read the DWARF 5 Swift writes: count a copy without it.
stripped=()
for binary in "${binaries[@]}"; do
    copy=$WORK/instructions-$(( ${#stripped[@]} + 1 ))
    objcopy --strip-debug "$binary" "$copy"
    stripped+=("$copy")
done

printf '%-34s %12s' "command" "sqlite3"
for binary in "${binaries[@]}"; do printf ' %24s' "$(basename "$(dirname "$binary")")/$(basename "$binary")"; done
echo

row() {
    local label=$1 theirs=$2
    shift 2
    printf '%-34s %12s' "$label" "$theirs"
    local binary ours
    for binary in "${stripped[@]}"; do
        ours=$("$@" "$binary")
        printf ' %14s (%.2f×)' "$ours" "$(awk -v a="$ours" -v b="$theirs" 'BEGIN { print a / b }')"
    done
    echo
}

rm -f "$reference" "$reference-wal" "$reference-shm"
cp "$db" "$reference"
sqlite3 "$reference" "$(update fire)"
unchanged() { "$1" --db "$db" set-weapon Bot-50000 fire >/dev/null 2>&1; count "$1" --db "$db" set-weapon Bot-50000 fire; }
row "set-weapon, unchanged" "$(count sqlite3 "$reference" "$(update fire)")" unchanged
changing() { "$1" --db "$db" set-weapon Bot-50000 fire >/dev/null 2>&1; count "$1" --db "$db" set-weapon Bot-50000 sword; }
row "set-weapon, changing" "$(count sqlite3 "$reference" "$(update sword)")" changing
version() { count "$1" --version; }
row "--version" "$(count sqlite3 -version)" version

# Imports, as bench/export-import.sh runs them, of 100,000 monsters into an
# empty roster (a copy afresh for each count) against sqlite3's .import.
csv=$(monsters_csv 100000)
ndjson=$WORK/monsters-v2-100000.ndjson
if [[ ! -s $ndjson ]]; then
    rm -f "$WORK/instructions-source.db"*
    "$ROSTER" --db "$WORK/instructions-source.db" import "$csv" --mode replace 2>/dev/null
    "$ROSTER" --db "$WORK/instructions-source.db" export --format ndjson > "$ndjson"
fi
make_import_targets
target=$WORK/instructions-target.db
sqlite_import() {
    cp "$WORK/sqlite-empty.db" "$WORK/instructions-sqlite-target.db"
    count sqlite3 "$WORK/instructions-sqlite-target.db" ".import --csv --skip 1 $csv monster"
}
theirs=$(sqlite_import)
import_into_empty() {
    local file=$1 binary=$2
    rm -f "$target" "$target-wal" "$target-shm"
    cp "$WORK/empty.db" "$target"
    count "$binary" --db "$target" import "$file"
}
import_csv() { import_into_empty "$csv" "$1"; }
row "import CSV into an empty roster" "$theirs" import_csv
import_ndjson() { import_into_empty "$ndjson" "$1"; }
row "import NDJSON into an empty roster" "$theirs" import_ndjson
