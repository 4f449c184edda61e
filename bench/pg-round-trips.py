#!/usr/bin/env python3
"""Counts what the interactive roster asks of its PostgreSQL server.

Usage: pg-round-trips.py ROSTER URI

Opens the roster on a pseudo-terminal, waits for its first frame and its
background name index, then, under strace, counts the round trips (each a
`sendto` of a batch of messages on the server's socket) that 28 moves one
row down make, and those of a filter typed key by key ("/bot-99999") and
widened again with five backspaces. A file roster reads the same rows
from its file: the server should see a read only where the list needs
rows it does not hold, never one per key. Last, the voluntary context
switches of its main thread over 2 s at rest: an interface that waits on
the server's socket and the terminal together does not wake.
"""
import os, pty, select, signal, subprocess, sys, time

FRAME_END = b"\x1b[?2026l"
ROSTER, URI = sys.argv[1], sys.argv[2]


def drain(fd, quiet=0.05, limit=5.0):
    """Reads until nothing comes for `quiet` seconds."""
    deadline = time.monotonic() + limit
    data = b""
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], quiet)
        if not ready:
            return data
        chunk = os.read(fd, 1 << 16)
        if b"\x1b[c" in chunk:
            os.write(fd, b"\x1b[?62;c")
        data += chunk
    return data


def wakes(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("voluntary_ctxt_switches:"):
                return int(line.split()[1])
    return -1


def counted(pid, fd, keys):
    """Round trips (sendto calls, every thread) while `keys` are typed one by one."""
    log = f"/tmp/roster-round-trips-{os.getpid()}.txt"
    tracer = subprocess.Popen(["strace", "-f", "-e", "trace=sendto", "-o", log, "-p", str(pid)],
                              stderr=subprocess.DEVNULL)
    time.sleep(0.5)
    drain(fd)
    for key in keys:
        os.write(fd, key)
        drain(fd, quiet=0.08)
    time.sleep(0.2)
    tracer.send_signal(signal.SIGINT)
    tracer.wait()
    with open(log) as lines:
        count = sum(1 for line in lines if "sendto(" in line and "resumed>" not in line)
    os.unlink(log)
    return count


def main():
    pid, fd = pty.fork()
    if pid == 0:
        env = {"PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": os.environ.get("HOME", "/tmp"),
               "ROSTER_NO_ANIMATION": "1", "ROSTER_PICTURES": "blocks"}
        os.execve(ROSTER, [ROSTER, "--db", URI], env)
    import fcntl, struct, termios
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    drain(fd, quiet=0.3, limit=10)
    time.sleep(float(os.environ.get("ROSTER_BENCH_SETTLE", "1.5")))  # the background name index
    drain(fd)
    for _ in range(3):  # among the generated bots
        os.write(fd, b"\x1b[6~")
        drain(fd)
    moves = counted(pid, fd, [b"\x1b[B"] * 28)
    typing = counted(pid, fd, [b"/"] + [bytes([c]) for c in b"bot-99999"] + [b"\x7f"] * 5)
    time.sleep(0.5)
    drain(fd)
    before = wakes(pid)
    time.sleep(2.0)
    idle = wakes(pid) - before
    os.write(fd, b"\x1b")
    time.sleep(0.1)
    os.write(fd, b"q")
    os.waitpid(pid, 0)
    print(f"round trips for 28 rows down          {moves:6d}   (a read only when the list needs rows it does not hold)")
    print(f"round trips for a filter of 15 keys   {typing:6d}   (the rows each narrower list shows; the names are in memory)")
    print(f"wakes of an idle interface in 2 s     {idle:6d}   (target 0: the server's socket is in its poll())")


main()
