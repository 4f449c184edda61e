"""Runs one command as a whole process, timed from spawn to exit: what
interleave.py and interleave-prepared.py both measure each run with.

The command runs without a shell, its output thrown away; a command that
fails ends the measurement, naming it.
"""
import os
import shlex
import sys
import time


def spawn_and_wait(argv, devnull, caller):
    """Returns wall seconds, CPU seconds (user + system) and peak memory
    in MB (maxrss, as /usr/bin/time reports it)."""
    start = time.perf_counter_ns()
    pid = os.posix_spawnp(argv[0], argv, os.environ,
                          file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1),
                                        (os.POSIX_SPAWN_DUP2, devnull, 2)])
    _, status, usage = os.wait4(pid, 0)
    elapsed = time.perf_counter_ns() - start
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"{caller}: {shlex.join(argv)} exited with {code}")
    return elapsed / 1e9, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024
