#!/usr/bin/env bash
# The interactive roster at scale: a roster of 1,000,000 monsters opened on
# a pseudo-terminal by bench/interactive.py, which prints the first-frame
# time, peak memory, bytes per selection move and filter latency against
# the targets.
set -uo pipefail
source "$(dirname "$0")/lib.sh"
bench_setup

db=$WORK/interactive.db
count=${1:-1000000}
echo "making a roster of $count monsters…" >&2
make_roster "$db" "$count"
# Weapons in runs of seven, as real rosters have neighbours alike.
sqlite3 "$db" "UPDATE monster SET weapon = CASE (id / 7) % 5 WHEN 0 THEN 'blowgun' WHEN 1 THEN 'ninja-star'
    WHEN 2 THEN 'fire' WHEN 3 THEN 'sword' ELSE 'smoke' END WHERE id > 6; PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null
python3 bench/interactive.py "$ROSTER" "$db"
# Where the bytes of a move go, the floor no encoding of those cells can
# go under (glyphs and colours of the cells that change, the least motion
# to reach them), and the CPU a move costs the roster.
for run in "blocks 80 24" "blocks 200 60" "kitty 80 24"; do
    python3 bench/move-bytes.py "$ROSTER" "$db" $run | grep -E "bytes per move|^lower bound|with motion|^CPU per move"
done
