#!/usr/bin/env bash
# Measures roster's scripted commands against the sqlite3 shell doing the
# same work, on a roster of 100,000 monsters, both run in this script:
#
#   set-weapon that changes the weapon   ≤ 0.8× sqlite3 DB "UPDATE …"
#   set-weapon that changes nothing      ≤ 0.7× the same UPDATE (a no-op)
#   --version                            ≤ 0.8× sqlite3 -version
#   list --format json                   ≤ 1.0× sqlite3 -json DB "SELECT …"
#
# and what the history costs (issue 12):
#
#   set-weapon with the history          ≤ 1.10× the same command built from
#                                        the commit before the history came,
#                                        on its own copy of the roster at its
#                                        schema (bench/lib.sh's
#                                        roster_before_history: built once,
#                                        kept in .build/bench-base/), and the
#                                        old build against sqlite3's UPDATE
#                                        in the same run, for scale
#
# Each is measured two ways, and both figures are printed:
#   hyperfine  hyperfine -N, no --prepare, one run per parameter value,
#              so that roster and sqlite3 alternate (roster, sqlite3,
#              roster, …) and a load that drifts during the measurement
#              weighs on both alike. For a changing set-weapon the value is
#              the weapon (sword, fire, sword, …), so every run really
#              writes and starts from the state the previous command left;
#              elsewhere it is only a run number.
#   pairs      bench/interleave.py: whole processes A B A B …, medians.
#
# Nothing runs between two measured commands. A reset step (hyperfine's
# --prepare) would: a sqlite3 reset checkpoints and deletes the WAL before
# every run, so each run would start from a state that a script running
# many set-weapon commands in a row never sees.
#
# roster and sqlite3 each get their own copy of the roster: sqlite3 ends by
# checkpointing and deleting the WAL, roster keeps it, and sharing one file
# would hand each the other's leftovers instead of its own steady state.
set -uo pipefail
source "$(dirname "$0")/lib.sh"
bench_setup

ours=$WORK/foundation-roster.db
theirs=$WORK/foundation-sqlite3.db
make_roster "$ours" 100000
rm -f "$theirs" "$theirs-wal" "$theirs-shm"
cp "$ours" "$theirs"
echo "roster of $(sqlite3 "$ours" 'SELECT count(*) FROM monster') monsters; sqlite3 $(sqlite3 --version | cut -d' ' -f1); $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"

monster=Bot-50000
update() { echo "UPDATE monster SET weapon = '$1' WHERE name_key = 'bot-50000'"; }
weapon_of() { sqlite3 "$1" "SELECT weapon FROM monster WHERE name_key = 'bot-50000'"; }

status=0
# verdict LABEL METHOD TARGET OURS THEIRS [REFERENCE] (seconds)
verdict() {
    awk -v label="$1" -v method="$2" -v target="$3" -v ours="$4" -v theirs="$5" -v name="${6:-sqlite3}" 'BEGIN {
        ratio = ours / theirs
        printf "%-22s %-10s roster %7.2f ms   %s %7.2f ms   %.2f×   target ≤ %.2f×: %s\n",
               label, method, ours * 1000, name, theirs * 1000, ratio, target, ratio <= target ? "meets" : "MISSES"
        exit ratio <= target ? 0 : 1
    }' || status=1
}

# Results of a hyperfine run with one run per parameter value alternate
# roster, sqlite3, roster, …: the median of each half.
median='def median: sort | if length % 2 == 1 then .[length / 2 | floor] else (.[length / 2 - 1] + .[length / 2]) / 2 end;'
alternating_medians() {
    jq -r "$median [.results | to_entries[] | select(.key % 2 == 0) | .value.times[0]] | median" "$1"
    jq -r "$median [.results | to_entries[] | select(.key % 2 == 1) | .value.times[0]] | median" "$1"
}

# hyperfine_alternating LABEL TARGET RUNS OURS THEIRS: the two commands
# alternating, one run each per run number, after a few warm-up runs.
hyperfine_alternating() {
    local label=$1 target=$2 runs=$3 json=$WORK/foundation-hyperfine.json medians
    hyperfine -N --style none --runs 5 "$4" "$5" >/dev/null 2>&1
    hyperfine -N --style none --runs 1 -L run "$(seq -s, "$runs")" --export-json "$json" "$4" "$5" >/dev/null
    mapfile -t medians < <(alternating_medians "$json")
    verdict "$label" hyperfine "$target" "${medians[0]}" "${medians[1]}"
}

# pairs LABEL TARGET PAIRS A… -- B…: interleaved whole processes.
pairs() {
    local label=$1 target=$2 count=$3 json
    shift 3
    json=$(python3 bench/interleave.py "$count" "$@") || { status=1; return; }
    verdict "$label" pairs "$target" "$(jq '.results[0].median' <<<"$json")" "$(jq '.results[1].median' <<<"$json")"
}

# --- set-weapon that changes the weapon every run
"$ROSTER" --db "$ours" set-weapon "$monster" fire 2>/dev/null
sqlite3 "$theirs" "$(update fire)"
alternating=$(printf 'sword,fire,%.0s' $(seq 60))
alternating=${alternating%,}
json=$WORK/foundation-alternating.json
hyperfine -N --style none --runs 1 -L weapon "$alternating" --export-json "$json" \
    "$ROSTER --db $ours set-weapon $monster {weapon}" \
    "sqlite3 $theirs \"$(update '{weapon}')\"" >/dev/null
mapfile -t medians < <(alternating_medians "$json")
if [[ $(weapon_of "$ours") != fire || $(weapon_of "$theirs") != fire ]]; then
    echo "the alternating runs did not all change the weapon" >&2
    status=1
fi
verdict "set-weapon, changing" hyperfine 0.8 "${medians[0]}" "${medians[1]}"
pairs "set-weapon, changing" 0.8 200 \
    "$ROSTER --db $ours set-weapon $monster sword" "$ROSTER --db $ours set-weapon $monster fire" -- \
    "sqlite3 $theirs \"$(update sword)\"" "sqlite3 $theirs \"$(update fire)\""

# --- set-weapon that changes nothing (the monster already carries fire)
# Every command replays the WAL into its index before it reads (about 3 µs
# a frame here), so the unchanged runs depend on how full the changing runs
# left roster's WAL; sqlite3 deletes its own at every exit.
echo "roster's WAL before the unchanged runs: $(( ($(stat -c %s "$ours-wal" 2>/dev/null || echo 32) - 32) / 4120 )) frames"
hyperfine_alternating "set-weapon, unchanged" 0.7 200 \
    "$ROSTER --db $ours set-weapon $monster fire" "sqlite3 $theirs \"$(update fire)\""
pairs "set-weapon, unchanged" 0.7 300 \
    "$ROSTER --db $ours set-weapon $monster fire" -- "sqlite3 $theirs \"$(update fire)\""

# --- --version
hyperfine_alternating "--version" 0.8 300 "$ROSTER --version" "sqlite3 -version"
pairs "--version" 0.8 300 "$ROSTER --version" -- "sqlite3 -version"

# --- list --format json, every column roster prints
select_all="SELECT id, name, description, icon, name_color, weapon, height, origin, activated FROM monster ORDER BY id"
hyperfine_alternating "list --format json" 1.0 20 \
    "$ROSTER --db $ours list --format json" "sqlite3 -json $theirs \"$select_all\""
pairs "list --format json" 1.0 20 \
    "$ROSTER --db $ours list --format json" -- "sqlite3 -json $theirs \"$select_all\""

# --- set-weapon with the history, against the build from before it (last,
# so that its writes do not change the WAL the unchanged runs meet). Both
# alternate sword and fire on their own copy of the roster, interleaved;
# wall and CPU medians (CPU is the steadier on a shared machine).
before=$(roster_before_history) || exit 1
old=$WORK/foundation-before-history.db
ROSTER=$before make_roster "$old" 100000
"$before" --db "$old" set-weapon "$monster" fire 2>/dev/null
echo "the build from before the history: $("$before" --version | head -1), schema $(sqlite3 "$old" 'PRAGMA user_version') (this one's: $(sqlite3 "$ours" 'PRAGMA user_version'))"
json=$(python3 bench/interleave.py 200 \
    "$ROSTER --db $ours set-weapon $monster sword" "$ROSTER --db $ours set-weapon $monster fire" -- \
    "$before --db $old set-weapon $monster sword" "$before --db $old set-weapon $monster fire") || status=1
verdict "set-weapon, history" "pairs" 1.10 "$(jq '.results[0].median' <<<"$json")" "$(jq '.results[1].median' <<<"$json")" "before"
verdict "set-weapon, history" "pairs CPU" 1.10 "$(jq '.results[0].cpu_median' <<<"$json")" "$(jq '.results[1].cpu_median' <<<"$json")" "before"
json=$(python3 bench/interleave.py 200 \
    "$before --db $old set-weapon $monster sword" "$before --db $old set-weapon $monster fire" -- \
    "sqlite3 $theirs \"$(update sword)\"" "sqlite3 $theirs \"$(update fire)\"") || status=1
awk -v ours="$(jq '.results[0].median' <<<"$json")" -v theirs="$(jq '.results[1].median' <<<"$json")" \
    -v oc="$(jq '.results[0].cpu_median' <<<"$json")" -v tc="$(jq '.results[1].cpu_median' <<<"$json")" 'BEGIN {
    printf "%-22s %-10s before %7.2f ms   sqlite3 %7.2f ms   %.2f×   (CPU %.2f / %.2f ms: %.2f×; for scale, no target)\n",
           "set-weapon, before", "pairs", ours * 1000, theirs * 1000, ours / theirs, oc * 1000, tc * 1000, oc / tc }'
echo "  history entries the runs recorded: $(sqlite3 "$ours" 'SELECT count(*) FROM history')"

exit $status
