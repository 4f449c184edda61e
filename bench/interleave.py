#!/usr/bin/env python3
"""Times two commands (or more) as whole processes, interleaved: A B A B …

Usage: interleave.py PAIRS A1 [A2 …] -- B1 [B2 …] [-- C1 [C2 …] …]

Each side cycles through its commands, so a side given "set … sword" and
"set … fire" really changes something on every run, and each run starts
from the state the previous run of the same side left: what a script
running many such commands in a row sees. Interleaving means both sides
meet the same load on the machine; the order within a round turns every
round so that none always runs first. Prints one JSON line with the
median, minimum and mean of each side, in seconds, and the median of its
CPU time (user + system), the steadier figure on a shared machine.

Commands are split like a shell would (shlex) and run without a shell,
their output thrown away, timed from spawn to exit.
"""
import json
import os
import shlex
import statistics
import sys

from timed_spawn import spawn_and_wait


def main():
    arguments = sys.argv[1:]
    if len(arguments) < 4 or "--" not in arguments:
        sys.exit(__doc__)
    pairs = int(arguments[0])
    sides = [[]]
    for argument in arguments[1:]:
        if argument == "--":
            sides.append([])
        else:
            sides[-1].append(shlex.split(argument))
    if not all(sides):
        sys.exit(__doc__)
    times = [[] for _ in sides]
    cpu = [[] for _ in sides]
    with open(os.devnull, "wb") as devnull_file:
        devnull = devnull_file.fileno()
        warmup = 5
        for index in range(warmup + pairs):
            turn = index % len(sides)
            for side in list(range(turn, len(sides))) + list(range(turn)):
                commands = sides[side]
                elapsed, used, _ = spawn_and_wait(commands[index % len(commands)], devnull, "interleave.py")
                if index >= warmup:
                    times[side].append(elapsed)
                    cpu[side].append(used)
    print(json.dumps({
        "pairs": pairs,
        "results": [{"median": statistics.median(t), "min": min(t), "mean": statistics.fmean(t),
                     "cpu_median": statistics.median(c)}
                    for t, c in zip(times, cpu)],
    }))


if __name__ == "__main__":
    main()
