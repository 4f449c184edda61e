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
if [[ -n ${VALUES:-} ]]; then
    # VALUES=1: most bots have a height, an origin and an activation (the
    # rest none), so that a sort by each reads real runs of ties.
    sqlite3 "$db" "UPDATE monster SET
        height = CASE WHEN id % 10 = 0 THEN NULL ELSE (id * 7 % 9 + 1) || 'ft' || (id * 13 % 12) || 'in' END,
        origin = CASE WHEN id % 9 = 0 THEN NULL ELSE substr('JPUSGBFRDEBRINCNITESCAMXKRAUSENOFIIS', id * 5 % 18 * 2 + 1, 2) END,
        activated = CASE WHEN id % 8 = 0 THEN NULL
                         ELSE strftime('%Y-%m-%dT%H:%M:%SZ', 946684800 + (id * 7919) % 800000000, 'unixepoch') END
        WHERE id > 6; PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null
fi
python3 bench/interactive.py "$ROSTER" "$db"
# Where the bytes of a move go, the floor no encoding of those cells can
# go under (glyphs and colours of the cells that change, the least motion
# to reach them), and the CPU a move costs the roster.
for run in "blocks 80 24" "blocks 200 60" "kitty 80 24"; do
    python3 bench/move-bytes.py "$ROSTER" "$db" $run | grep -E "bytes per move|^lower bound|with motion|^CPU per move"
done
