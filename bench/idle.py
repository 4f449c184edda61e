#!/usr/bin/env python3
"""Measures the interactive roster at rest: CPU time per second of wall time.

Usage: idle.py ROSTER DB [SECONDS]

Opens the roster on a pseudo-terminal at 120x35, waits for its first
frames to settle, then reads the process's CPU time (/proc/PID/schedstat,
in nanoseconds) before and after SECONDS (60 by default) of no input, and
prints milliseconds of CPU per second against the target of 0.5. Run it on
a quiet machine: the 1-minute load average is printed with the result.
"""
import os, pty, select, sys, time

ROSTER, DB = sys.argv[1], sys.argv[2]
SECONDS = float(sys.argv[3]) if len(sys.argv) > 3 else 60.0
TARGET_MS = 0.5


def cpu_ns(pid):
    with open(f"/proc/{pid}/schedstat") as f:
        return int(f.read().split()[0])


def drain(fd, seconds):
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                os.read(fd, 65536)
            except OSError:
                return


pid, fd = pty.fork()
if pid == 0:
    env = {"PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "COLORTERM": "truecolor", "LANG": "C.UTF-8",
           "HOME": os.environ.get("HOME", "/tmp"), "ROSTER_NO_ANIMATION": "1", "ROSTER_PICTURES": "blocks"}
    os.execve(ROSTER, [ROSTER, "--db", DB], env)
import fcntl, struct, termios
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 35, 120, 0, 0))
drain(fd, 3)
before = cpu_ns(pid)
start = time.monotonic()
drain(fd, SECONDS)
used = cpu_ns(pid) - before
elapsed = time.monotonic() - start
os.write(fd, b"q")
drain(fd, 1)
os.waitpid(pid, 0)
per_second = used / 1e6 / elapsed
load = os.getloadavg()[0]
verdict = "ok" if per_second <= TARGET_MS else "over"
print(f"at rest: {per_second:.3f} ms of CPU per second over {elapsed:.0f} s "
      f"(target {TARGET_MS}: {verdict}); 1-minute load {load:.2f}")
