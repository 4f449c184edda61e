#!/usr/bin/env bash
# Marking 10,000 monsters with Space in the interactive roster and giving
# them all a weapon, on a roster of 1,000,000: bench/marks.py measures the
# time from the panel's key to the frame that tells it (target ≤ 1 s).
# ROSTER=path skips the release build (a debug binary's figures are not
# the target's; measure the release build on a quiet machine).
set -uo pipefail
source "$(dirname "$0")/lib.sh"
if [[ -z ${ROSTER:-} ]]; then
    bench_setup
else
    cd "$(dirname "$0")/.."
    WORK=$PWD/bench/work
    mkdir -p "$WORK"
fi
db=$WORK/marks.db
count=${1:-1000000}
echo "making a roster of $count monsters…" >&2
make_roster "$db" "$count"
python3 bench/marks.py "$ROSTER" "$db" "${2:-10000}"
