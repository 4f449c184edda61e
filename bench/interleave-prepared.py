#!/usr/bin/env python3
"""Times two or more long commands as whole processes, interleaved, each
after a preparation that is not timed: prepA A prepB B, prepB B prepA A, …
(with three, each run starts one later: A B C, B C A, C A B, …)

Usage: interleave-prepared.py RUNS 'PREPARE A' 'A' -- 'PREPARE B' 'B' [-- 'PREPARE C' 'C' …]

For work that must start from the same state every run (an import into
an empty roster, a \\copy into an empty table), which interleave.py's
cycling cannot give. Preparations run through the shell; the commands
are split like a shell would (shlex) and run without one, their output
thrown away, timed from spawn to exit. Interleaving means both sides meet
the same load on the machine; the order within a round turns every round.
One warm-up pair is run first and not counted (caches, the server's
buffers). Prints one JSON line in interleave.py's form, with the median
peak memory (maxrss, as /usr/bin/time reports it) of each side too.
"""
import json
import os
import shlex
import statistics
import subprocess
import sys

from timed_spawn import spawn_and_wait


def main():
    arguments = sys.argv[1:]
    if len(arguments) < 6 or (len(arguments) - 3) % 3 != 0 or any(arguments[i] != "--" for i in range(3, len(arguments), 3)):
        sys.exit(__doc__)
    runs = int(arguments[0])
    sides = [(arguments[i], shlex.split(arguments[i + 1])) for i in range(1, len(arguments), 3)]
    count = len(sides)
    times, cpu, memory = [[] for _ in sides], [[] for _ in sides], [[] for _ in sides]
    with open(os.devnull, "wb") as devnull_file:
        devnull = devnull_file.fileno()
        warmup = 1
        for index in range(warmup + runs):
            order = [(index + k) % count for k in range(count)]
            for side in order:
                prepare, command = sides[side]
                subprocess.run(prepare, shell=True, check=True, stdout=subprocess.DEVNULL)
                elapsed, used, peak = spawn_and_wait(command, devnull, "interleave-prepared.py")
                if index >= warmup:
                    times[side].append(elapsed)
                    cpu[side].append(used)
                    memory[side].append(peak)
    print(json.dumps({
        "pairs": runs,
        "results": [{"median": statistics.median(t), "min": min(t), "mean": statistics.fmean(t),
                     "cpu_median": statistics.median(c), "maxrss_mb_median": statistics.median(m)}
                    for t, c, m in zip(times, cpu, memory)],
    }))


if __name__ == "__main__":
    main()
