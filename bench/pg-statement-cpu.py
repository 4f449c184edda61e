#!/usr/bin/env python3
"""What each statement costs the server: reads a PostgreSQL log written
with `log_statement_stats = on` and prints, for the statements it saw, the
median over the server processes (one per client run) of the CPU (user +
system) spent on each, parse, bind and execute together, in the order
they came; then the median start-up (the process's CPU before its first
statement: forking, authentication, the catalogs' first reads) and the
median of all statements together.

Usage: pg-statement-cpu.py LOG [LABEL]

A new server process per run is the point: roster's commands each start
one, and a fresh process reads from the catalogs every relation, index,
function and operator a statement is the first to touch.
"""
import collections
import re
import statistics
import sys

HEADER = re.compile(r"\[(\d+)\] LOG:  (?:\w+ )*STATISTICS")
OWN = re.compile(r"!\t([\d.]+) s user, ([\d.]+) s system, [\d.]+ s elapsed")
TOTAL = re.compile(r"!\t\[([\d.]+) s user, ([\d.]+) s system total\]")
STATEMENT = re.compile(r"\[(\d+)\] STATEMENT:  (.*)")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    label = sys.argv[2] if len(sys.argv) > 2 else sys.argv[1]
    spent = collections.defaultdict(lambda: collections.defaultdict(float))
    start_up = {}
    order = []
    process = own = None
    with open(sys.argv[1], errors="replace") as log:
        for line in log:
            if match := HEADER.search(line):
                process, own = match.group(1), None
            elif (match := OWN.search(line)) and process:
                own = float(match.group(1)) + float(match.group(2))
            elif (match := TOTAL.search(line)) and process and own is not None:
                start_up.setdefault(process, float(match.group(1)) + float(match.group(2)) - own)
            elif (match := STATEMENT.search(line)) and process == match.group(1) and own is not None:
                statement = " ".join(match.group(2).split())[:78]
                if statement not in order:
                    order.append(statement)
                spent[process][statement] += own
                process = None
    if not spent:
        sys.exit(f"pg-statement-cpu.py: no statement statistics in {sys.argv[1]}")
    print(f"{label}: server CPU per statement, medians of {len(spent)} server processes (ms)")
    for statement in order:
        print(f"  {statistics.median(each.get(statement, 0.0) for each in spent.values()) * 1000:6.2f}  {statement}")
    print(f"  {statistics.median(sum(each.values()) for each in spent.values()) * 1000:6.2f}  all statements;"
          f" start-up {statistics.median(start_up.values()) * 1000:.2f}")


if __name__ == "__main__":
    main()
