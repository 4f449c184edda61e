#!/usr/bin/env python3
"""Where the bytes of one move go: a per-run breakdown.

Usage: move-bytes.py ROSTER DB [kitty|blocks] [COLUMNS ROWS] [DEPTH]

Opens the interactive roster on DB (the six default monsters are what
matters: each has its own icon) on a pseudo-terminal of the given size,
walks down through the monsters and back up as bench/interactive.py's
picture walk does, and prints, for the largest move back up (onto a
monster seen before: what a target "under N bytes" is about), every
run of the frame: the cursor motion that
starts it, the pen changes, the text written, and their bytes; then the
totals by kind. DEPTH is truecolor (default), 256 or 16.

Then the lower bound of that move: the frames are replayed onto a model
screen, and the cells whose look changed are counted: the bytes of their
glyphs (a solid picture cell is one space, a two-colour one a 3-byte half
block, text its characters), plus each distinct colour among the changed
picture cells set once (its SGR parameters and a separator), plus the 16
bytes of the synchronized-output markers and one "ESC [ m" (and, with
kitty, the frame's picture commands as sent). Cursor
motion is left out, so no encoding of that move can be shorter.

Last, for every move, the least a writer in screen order could send
with the renderer's forms and pen changes (CellLook, PenChange): the
changed cells in screen order, each in the form that gives the shortest
total over the whole frame (a shortest path over pens), plus the least
cursor motion and the synchronized-output markers, without REP. Issue
27 asks of the writer what this says it can reach.
"""
import os, pty, select, sys, time, unicodedata

FRAME_END = b"\x1b[?2026l"
ROSTER, DB = sys.argv[1], sys.argv[2]
PICTURES = sys.argv[3] if len(sys.argv) > 3 else "blocks"
SIZE = (int(sys.argv[4]), int(sys.argv[5])) if len(sys.argv) > 5 else (80, 24)
DEPTH = sys.argv[6] if len(sys.argv) > 6 else "truecolor"


def spawn():
    pid, fd = pty.fork()
    if pid == 0:
        term, colorterm = {"truecolor": ("xterm-256color", "truecolor"), "256": ("xterm-256color", ""),
                           "16": ("xterm", "")}[DEPTH]
        env = {"PATH": "/usr/bin:/bin", "TERM": term, "LANG": "C.UTF-8",
               "HOME": os.environ.get("HOME", "/tmp"), "ROSTER_NO_ANIMATION": "1", "ROSTER_PICTURES": PICTURES}
        if colorterm:
            env["COLORTERM"] = colorterm
        os.execve(ROSTER, [ROSTER, "--db", DB], env)
    import fcntl, struct, termios
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
    return pid, fd


def read_frame(fd, timeout=2.0):
    data = b""
    deadline = time.monotonic() + timeout
    seen = False
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.03 if seen else 0.2)
        if not ready:
            if seen:
                break
            continue
        chunk = os.read(fd, 1 << 16)
        if b"\x1b[c" in chunk:
            os.write(fd, b"\x1b_Gi=31;OK\x1b\\\x1bP>|kitty(0.26.5)\x1b\\\x1b[?62;c" if PICTURES == "kitty"
                     else b"\x1b[?62;c")
        data += chunk
        seen = seen or FRAME_END in data
    return data


def tokens(data):
    """Splits terminal output into (kind, bytes)."""
    i = 0
    while i < len(data):
        b = data[i]
        if data.startswith(b"\x1b_", i):
            end = data.index(b"\x1b\\", i) + 2
            yield "kitty", data[i:end]
            i = end
        elif data.startswith(b"\x1b[", i):
            j = i + 2
            while j < len(data) and not (0x40 <= data[j] <= 0x7e):
                j += 1
            seq = data[i:j + 1]
            final = chr(data[j])
            if seq in (b"\x1b[?2026h", b"\x1b[?2026l"):
                kind = "sync"
            elif final == "m":
                kind = "sgr"
            elif final in "HGCDABf":
                kind = "move"
            elif final in "XKJ":
                kind = "erase"
            elif final == "b":
                kind = "repeat"
            else:
                kind = "other"
            yield kind, seq
            i = j + 1
        elif b in (0x0d, 0x0a):
            yield "move", data[i:i + 1]
            i += 1
        elif b == 0x1b:
            yield "other", data[i:i + 2]
            i += 2
        else:
            j = i
            while j < len(data) and data[j] not in (0x1b, 0x0d, 0x0a):
                j += 1
            yield "text", data[i:j]
            i = j


class Screen:
    """Enough of a terminal to replay the roster's frames: cursor motion,
    erases, SGR, text. Cells hold (text, fg, bg, attributes)."""

    def __init__(self, width, height):
        self.width, self.height = width, height
        self.cells = [[(" ", "", "", frozenset())] * width for _ in range(height)]
        self.x = self.y = 0
        self.fg, self.bg, self.attrs = "", "", frozenset()
        self.last = " "

    def sgr(self, params):
        if ":" in params:
            return  # the start-up colour probe's colon form; the frames never use it
        codes = [int(p) if p else 0 for p in params.split(";")] if params else [0]
        i = 0
        while i < len(codes):
            c = codes[i]
            if c == 0:
                self.fg, self.bg, self.attrs = "", "", frozenset()
            elif c in (1, 2, 3, 4, 7):
                self.attrs = self.attrs | {c}
            elif c == 22:
                self.attrs = self.attrs - {1, 2}
            elif c in (23, 24, 27):
                self.attrs = self.attrs - {c - 20}
            elif 30 <= c <= 37 or 90 <= c <= 97:
                self.fg = str(c)
            elif 40 <= c <= 47 or 100 <= c <= 107:
                self.bg = str(c)
            elif c == 39:
                self.fg = ""
            elif c == 49:
                self.bg = ""
            elif c in (38, 48):
                n = 3 if codes[i + 1] == 5 else 5
                value = ";".join(map(str, codes[i:i + n]))
                if c == 38:
                    self.fg = value
                else:
                    self.bg = value
                i += n - 1
            i += 1

    def erase(self, row, start, end):
        for x in range(max(0, start), min(self.width, end)):
            self.cells[row][x] = (" ", "", self.bg, frozenset())

    def apply(self, data):
        for kind, seq in tokens(data):
            if kind == "repeat":  # REP: the last character written, again
                kind, seq = "text", self.last.encode() * (int(seq[2:-1] or b"1"))
            if kind == "text":
                for ch in seq.decode("utf-8", "replace"):
                    if unicodedata.combining(ch):
                        continue
                    self.last = ch
                    w = 2 if unicodedata.east_asian_width(ch) in "WF" else 1
                    if self.x < self.width:
                        self.cells[self.y][self.x] = (ch, self.fg, self.bg, self.attrs)
                        if w == 2 and self.x + 1 < self.width:
                            self.cells[self.y][self.x + 1] = ("", self.fg, self.bg, self.attrs)
                    self.x = min(self.width - 1, self.x + w) if self.x + w < self.width else self.width
            elif seq == b"\r":
                self.x = 0
            elif seq == b"\n":
                self.y = min(self.height - 1, self.y + 1)
            elif kind in ("move", "erase", "sgr"):
                params, final = seq[2:-1].decode(), chr(seq[-1])
                n = int(params) if params.isdigit() else 1
                if final == "m":
                    self.sgr(params)
                elif final in "Hf":
                    parts = (params.split(";") + ["", ""])[:2]
                    self.y = (int(parts[0]) if parts[0] else 1) - 1
                    self.x = (int(parts[1]) if parts[1] else 1) - 1
                elif final == "G":
                    self.x = n - 1
                elif final == "C":
                    self.x = min(self.width - 1, self.x + n)
                elif final == "D":
                    self.x = max(0, min(self.x, self.width - 1) - n)
                elif final == "A":
                    self.y = max(0, self.y - n)
                elif final == "B":
                    self.y = min(self.height - 1, self.y + n)
                elif final == "X":
                    self.erase(self.y, self.x, self.x + n)
                elif final == "K":
                    self.erase(self.y, self.x, self.width)
                elif final == "J":
                    self.erase(self.y, self.x, self.width)
                    for row in range(self.y + 1, self.height):
                        self.erase(row, 0, self.width)

    def look(self, x, y):
        text, fg, bg, attrs = self.cells[y][x]
        # A colour is the same look as foreground or as background.
        fg, bg = colour(fg), colour(bg)
        fgc, bgc = (fg or "default-fg"), (bg or "default-bg")
        if text == " " and not attrs & {4, 7}:
            return ("halves", bgc, bgc)
        if not attrs and text == "▀":
            return ("halves", fgc, bgc)
        if not attrs and text == "▄":
            return ("halves", bgc, fgc)
        if attrs == {7} and text in (" ", "▀", "▄"):
            return {" ": ("halves", fgc, fgc), "▀": ("halves", bgc, fgc), "▄": ("halves", fgc, bgc)}[text]
        return ("text", text, fg, bg, attrs)


def colour_key(key):
    """A colour (as `colour` gives it) and the fewest bytes that set it
    (parameters and a separator)."""
    if ";" in key:
        value = key.split(";", 1)[1]
        return value, 5 + len(value) + 1
    return key, 3  # 3x, 4x or 9x: two digits and a separator


def motion_floor(before, after):
    """The least bytes any encoding spends getting to the runs of changed
    cells (a run: changed cells side by side on a row). Each run is
    reached by a cursor motion or by writing again the unchanged cells
    before it. With the renderer's motions, the cheapest is a carriage
    return (1 byte, to column 1) or a 3-byte CSI (CUF, CUB, CUU, CUD);
    rewriting costs at least the gap's glyphs. Backspace and line feed
    (1 byte, one cell left or down) are counted apart: the renderer does
    not send them (a line feed scrolls on the last row)."""
    runs, csi, tight = 0, 0, 0
    for y in range(after.height):
        last_end = None
        x = 0
        while x < after.width:
            if before.look(x, y) == after.look(x, y):
                x += 1
                continue
            start = x
            while x < after.width and before.look(x, y) != after.look(x, y):
                x += 1
            runs += 1
            gap = None
            if last_end is not None:
                gap = sum(len(after.cells[y][g][0].encode()) or 1 for g in range(last_end, start))
            options = [1 if start == 0 else 3] + ([gap] if gap is not None else [])
            csi += min(options)
            tight += min(options + [1])
            last_end = x
    # The first run may start where the cursor already is.
    return runs, max(0, csi - 3), max(0, tight - 1)


def pair_floor(before, after):
    """The least bytes of colour any encoding spends on the two-colour
    picture cells that change: such a cell is drawn with both its colours
    in the pen (▀ as it is or reversed, ▄), so each distinct pair of
    colours among them is the pen at some moment, and every pen after the
    first sets at least one of its two colours (its parameters and a
    separator)."""
    pairs = set()
    for y in range(after.height):
        for x in range(after.width):
            new = after.look(x, y)
            if before.look(x, y) == new or new[0] != "halves" or new[1] == new[2]:
                continue
            pairs.add(frozenset(new[1:]))
    # Each pen but the first sets one of its pair's colours at least.
    size = lambda c: 3 if c.startswith("default") else colour_key(c)[1]
    costs = sorted(min(size(c) for c in pair) for pair in pairs)
    return len(pairs), sum(costs[:-1])


def colour(code):
    """A colour as the pen holds it, the same as foreground or background:
    "2;r;g;b", "5;n", an ANSI index 0-15, or "" for the default."""
    if not code:
        return ""
    if code.startswith(("38;", "48;")):
        return code[3:]
    n = int(code)
    return str(n % 10 + (8 if n >= 90 else 0))


def sgr_code(value, foreground):
    if ";" in value:
        return ("38;" if foreground else "48;") + value
    n = int(value)
    return str((30 if foreground else 40) + n if n < 8 else (90 if foreground else 100) + n - 8)


def pen_change(pen, wanted):
    """The bytes of the renderer's shortest SGR from one pen to another
    (PenChange: starting over or changing what differs, at most ten
    parameters a sequence)."""
    if pen == wanted:
        return 0
    (fg, bg, attrs), (wfg, wbg, wattrs) = pen, wanted

    def size(codes):
        total, parameters = 0, 0
        for code in codes:
            count = code.count(";") + 1
            if parameters == 0 or parameters + count > 10:
                total += 3 if parameters == 0 else 3 + 1  # "ESC [" … "m", or "m ESC ["
                parameters = 0
            else:
                total += 1
            total += len(code)
            parameters += count
        return total

    adding = lambda a: [str(c) for c in sorted(a)]
    fresh = ["0"] + adding(wattrs) + ([sgr_code(wfg, True)] if wfg else []) + ([sgr_code(wbg, False)] if wbg else [])
    removed, kept = attrs - wattrs, attrs & wattrs
    delta = []
    if removed & {1, 2}:
        delta.append("22")
        kept = kept - {1, 2}
    delta += [str(c + 20) for c in sorted(removed & {3, 4, 7})]
    delta += adding(wattrs - kept)
    if wfg != fg:
        delta.append(sgr_code(wfg, True) if wfg else "39")
    if wbg != bg:
        delta.append(sgr_code(wbg, False) if wbg else "49")
    return min(size(delta), size(fresh))


def forms(look, pen):
    """The forms the renderer may write a look in (CellLook.forms): text
    and the pen it needs."""
    if look[0] == "text":
        _, text, fg, bg, attrs = look
        return [(len(text.encode()), (fg, bg, frozenset(attrs)))]
    top, bottom = look[1], look[2]
    as_fg = lambda s: None if s == "default-bg" else "" if s == "default-fg" else s
    as_bg = lambda s: None if s == "default-fg" else "" if s == "default-bg" else s
    same = as_fg(top) == as_fg(bottom) and as_bg(top) == as_bg(bottom)
    found = []
    if same and as_bg(top) is not None:
        found.append((1, (pen[0], as_bg(top), pen[2] - {4, 7})))
    if as_fg(top) is not None and as_bg(bottom) is not None:
        found.append((3, (as_fg(top), as_bg(bottom), frozenset())))
    if as_fg(bottom) is not None and as_bg(top) is not None and (top == "default-bg" or not found):
        found.append((3, (as_fg(bottom), as_bg(top), frozenset())))
    if same and as_fg(top) is not None:
        found.append((1, (as_fg(top), pen[1], frozenset({7}))))
    elif as_fg(bottom) is not None and as_bg(top) is not None:
        found.append((3, (as_fg(bottom), as_bg(top), frozenset({7}))))
    return found


def screen_order_floor(before, after):
    """The least bytes of pens and glyphs any writer in screen order
    spends on a move with the renderer's forms and pens: every changed
    cell in screen order, each in whichever of its forms gives the
    shortest total over the whole frame (a shortest path over pens,
    which the renderer does not compute: it looks one cell ahead). The
    pen starts as the frame before left it. Motion and REP are left out."""
    start = (colour(before.fg), colour(before.bg), frozenset(before.attrs))
    costs = {start: 0}
    for y in range(after.height):
        for x in range(after.width):
            new = after.look(x, y)
            if before.look(x, y) == new or after.cells[y][x][0] == "":
                continue
            following = {}
            for pen, cost in costs.items():
                for glyph, wanted in forms(new, pen):
                    total = cost + pen_change(pen, wanted) + glyph
                    if total < following.get(wanted, total + 1):
                        following[wanted] = total
            costs = following
    return min(costs.values())


def lower_bound(before, after):
    glyphs, colours, changed = 0, set(), 0
    for y in range(after.height):
        for x in range(after.width):
            old, new = before.look(x, y), after.look(x, y)
            if old == new:
                continue
            changed += 1
            if new[0] == "halves":
                glyphs += 1 if new[1] == new[2] else 3
                colours |= {colour_key(c) for c in new[1:] if not c.startswith("default")}
            else:
                glyphs += len(new[1].encode())
    colour_bytes = sum(size for _, size in colours)
    return changed, glyphs, colour_bytes, len(colours)


def process_cpu(pid):
    """User+sys seconds of a running process."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main():
    pid, fd = spawn()
    start = read_frame(fd, 10)
    # Let a large roster's background name index finish first.
    time.sleep(2.0)
    start += read_frame(fd, 0.3)
    moves = []
    screen = Screen(*SIZE)
    screen.apply(start)
    screens = []
    for key in [b"\x1b[B"] * 5 + [b"\x1b[A"] * 5:
        os.write(fd, key)
        moves.append(read_frame(fd))
        import copy
        screens.append(copy.deepcopy(screen))
        screen.apply(moves[-1])
    screens.append(screen)
    # The CPU the roster spends on a move (key, layout, drawing, rendering,
    # writing): its user+sys time over many more moves, from /proc.
    cpu_moves = [b"\x1b[B"] * 5 + [b"\x1b[A"] * 5
    cpu_moves *= 20
    before = process_cpu(pid)
    for key in cpu_moves:
        os.write(fd, key)
        read_frame(fd)
    cpu_per_move = (process_cpu(pid) - before) / len(cpu_moves)
    os.write(fd, b"q")
    os.waitpid(pid, 0)
    print(f"{PICTURES} {SIZE[0]}×{SIZE[1]} {DEPTH}: bytes per move down "
          f"{[len(m) for m in moves[:5]]}, back up {[len(m) for m in moves[5:]]}")
    shown = max(range(5, 10), key=lambda index: len(moves[index]))
    frame = moves[shown]
    print(f"the largest move back up (move {shown - 4} of 5), {len(frame)} bytes:")
    totals = {}
    run = []

    def flush():
        if run:
            size = sum(len(t) for _, t in run)
            shown = "".join(repr(t)[2:-1] if k != "text" else t.decode("utf-8", "replace") for k, t in run)
            print(f"  {size:4d}  {shown}")
            run.clear()

    for kind, text in tokens(frame):
        totals[kind] = totals.get(kind, 0) + len(text)
        if kind in ("move", "sync", "kitty"):
            flush()
        run.append((kind, text))
    flush()
    glyphs = {}
    for kind, text in tokens(frame):
        if kind == "text":
            for ch in text.decode("utf-8", "replace"):
                name = ch if ch in "▀▄█ " else "other"
                glyphs[name] = glyphs.get(name, 0) + len(ch.encode())
    print("totals: " + ", ".join(f"{k} {v}" for k, v in sorted(totals.items(), key=lambda kv: -kv[1])))
    print("text by glyph: " + ", ".join(f"{k!r} {v}" for k, v in sorted(glyphs.items(), key=lambda kv: -kv[1])))
    bounds, with_motion, in_order = [], [], []
    for index, frame in enumerate(moves):
        changed, glyph_bytes, colour_bytes, colours = lower_bound(screens[index], screens[index + 1])
        runs, motion, tight_motion = motion_floor(screens[index], screens[index + 1])
        # Kitty's picture commands are counted as sent (a revisit's frame switch is ~20 bytes).
        graphics = sum(len(t) for k, t in tokens(frame) if k == "kitty")
        bounds.append(glyph_bytes + colour_bytes + 16 + 3 + graphics)
        pair_count, pair_bytes = pair_floor(screens[index], screens[index + 1])
        with_motion.append(bounds[-1] - colour_bytes + max(colour_bytes, pair_bytes) + motion)
        in_order.append(screen_order_floor(screens[index], screens[index + 1]) + motion + 16 + graphics)
        if index == shown:
            print(f"lower bound of that move: {changed} cells changed, glyphs {glyph_bytes} B, "
                  f"{colours} colours {colour_bytes} B, + 19 B sync and one SGR + {graphics} B kitty = {bounds[-1]} B "
                  f"(sent {len(frame)})")
            print(f"  with motion and pens: {runs} runs to reach, at least {motion} B of motion; {pair_count} pairs of "
                  f"colours in the pen, at least {pair_bytes} B of colour (instead of {colour_bytes}) = {with_motion[-1]} B "
                  f"(with 1-byte backspace and line feed {tight_motion} B of motion)")
    print(f"lower bounds per move: down {bounds[:5]}, back up {bounds[5:]}")
    print(f"lower bounds with motion and pens: down {with_motion[:5]}, back up {with_motion[5:]}")
    print(f"least a writer in screen order sends (the renderer's forms and pens, the best pen for each cell over the "
          f"whole frame, the least motion, no REP): down {in_order[:5]}, back up {in_order[5:]}")
    # The renderer is one such writer: a least above what it sent means
    # the model above has gone wrong, and every least here is suspect.
    for index, least in enumerate(in_order):
        if least > len(moves[index]):
            print(f"  WRONG: move {index + 1}'s least in screen order, {least} B, is more than the {len(moves[index])} B sent")
    print(f"CPU per move (user+sys, roster process, {len(cpu_moves)} moves): {1000 * cpu_per_move:.3f} ms")


main()
