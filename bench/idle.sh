#!/usr/bin/env bash
# The interactive roster at rest: CPU per second of doing nothing, measured
# over a minute by bench/idle.py (target: at most 0.5 ms a second). With
# ROSTER set, measures that binary instead of building the release one.
set -uo pipefail
source "$(dirname "$0")/lib.sh"
bench_setup_unless_given
db=$WORK/idle.db
rm -f "$db" "$db-wal" "$db-shm"
"$ROSTER" --db "$db" list >/dev/null
python3 bench/idle.py "$ROSTER" "$db" "${1:-60}"
