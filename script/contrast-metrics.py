#!/usr/bin/env python3
"""WCAG contrast of the text a terminal really drew, from a screenshot.

  contrast-metrics.py SHOT.png GRID.txt COLUMNS ROWS [X0,Y0,CELLW,CELLH]

GRID.txt is the same screen as text (tmux capture-pane -p of roster at the
same size, after the same keys), which says where the letters and digits
are. The screen's cell grid in the screenshot is found from the header
bar: roster's first row is one bar across the whole width, so its pixel
extent gives the origin and the cell size (or they are given, for a
screen without the bar: the too-small one).

For every cell holding a letter or digit: its background is the cell's
commonest colour, its text colour the one farthest from the background
in luminance (the core of the strokes, not their anti-aliased edges). Prints one line per pair of colours found, the worst
first: the ratio, the two colours, how many cells, and an example of the
text and where it is (column, row). The last line is the minimum over the pairs seen in three cells or more.
"""
import subprocess
import sys

import numpy


def load(path):
    size = subprocess.run(["identify", "-format", "%w %h", path], check=True, capture_output=True, text=True).stdout
    width, height = (int(v) for v in size.split())
    raw = subprocess.run(["convert", path, "-depth", "8", "rgb:-"], check=True, capture_output=True).stdout
    return numpy.frombuffer(raw, dtype=numpy.uint8)[: width * height * 3].reshape(height, width, 3)


def luminance(rgb):
    c = numpy.asarray(rgb, dtype=float) / 255
    c = numpy.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return c[..., 0] * 0.2126 + c[..., 1] * 0.7152 + c[..., 2] * 0.0722


def ratio(a, b):
    la, lb = float(luminance(a)), float(luminance(b))
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def commonest(pixels):
    values, counts = numpy.unique(pixels.reshape(-1, 3), axis=0, return_counts=True)
    return values[counts.argmax()]


def header_bar(image):
    """The first bar of pixel rows in one colour across most of the width,
    one cell high, with the terminal's background (the image's commonest
    colour) below it: a window's menu and tool bars (Konsole's) are taller
    or have no terminal background below. Returns (x0, x1, y0, y1)."""
    height, width, _ = image.shape
    background = commonest(image[::4, ::4])
    y = -1
    while y + 1 < height:
        y += 1
        row = image[y]
        values, counts = numpy.unique(row.reshape(-1, 3), axis=0, return_counts=True)
        colour = values[counts.argmax()]
        if counts.max() < width * 0.6:
            continue
        same = numpy.all(row == colour, axis=1)
        xs = numpy.nonzero(same)[0]
        # The bar is the row's commonest colour only where it differs from the
        # terminal's margin (the background around the screen).
        corner = image[height - 1, width // 2]
        if numpy.all(colour == corner):
            continue
        y1 = y
        while y1 + 1 < height and numpy.all(image[y1 + 1, xs[0]] == colour) and numpy.all(image[y1 + 1, xs[-1]] == colour):
            y1 += 1
        below = image[min(height - 1, y1 + 3)]
        if not 8 <= y1 + 1 - y <= 40 or not numpy.all(commonest(below) == background):
            y = y1
            continue
        return xs[0], xs[-1] + 1, y, y1 + 1
    raise SystemExit("no header bar found")


def cell_colours(cell):
    pixels = cell.reshape(-1, 3)
    values, counts = numpy.unique(pixels, axis=0, return_counts=True)
    background = values[counts.argmax()]
    lum = luminance(values)
    distance = numpy.abs(lum - luminance(background))
    if distance.max() < 0.01:
        return None
    # The stroke's core: the pixel farthest from the background (seen
    # twice at least, so one stray pixel of a neighbour does not count).
    seen = counts >= 2 if (counts >= 2).sum() > 1 else counts >= 1
    text = values[seen][distance[seen].argmax()]
    return tuple(int(v) for v in text), tuple(int(v) for v in background)


def main():
    shot, grid_path, columns, rows = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    image = load(shot)
    if len(sys.argv) > 5:
        x0, y0, cell_w, cell_h = (float(v) for v in sys.argv[5].split(","))
        cell_h = int(cell_h)
    else:
        x0, x1, y0, y1 = header_bar(image)
        cell_w, cell_h = (x1 - x0) / columns, y1 - y0
    grid = open(grid_path, encoding="utf-8").read().split("\n")
    pairs = {}
    for row, line in enumerate(grid[:rows]):
        # Wide characters take two cells; tmux's capture has one character for them.
        column = 0
        for character in line:
            if character.isalnum():
                left, top = int(round(x0 + column * cell_w)), int(y0 + row * cell_h)
                cell = image[top : top + cell_h, left : int(round(left + cell_w))]
                found = cell_colours(cell) if cell.size else None
                if found:
                    entry = pairs.setdefault(found, [0, ""])
                    entry[0] += 1
                    if len(entry[1]) < 1:
                        start = max(0, column - 8)
                        entry[1] = f"{line[start:column + 12].strip()!r} at {column},{row}"
            column += 2 if ord(character) >= 0x1100 and unicode_wide(character) else 1
    worst = None
    blank = 0
    for (text, background), (count, example) in sorted(pairs.items(), key=lambda item: ratio(*item[0])):
        value = ratio(text, background)
        if value < 1.1:
            # No glyph to see in the screenshot where tmux's copy has a
            # letter: the two screens differ there (a terminal's own width
            # for a character, fractional advances), not text to measure.
            blank += count
            continue
        # A pair seen in one or two cells is a thin glyph ('/', '.') whose
        # anti-aliased strokes never reach the text's colour; a style that
        # is hard to read covers whole words.
        if count >= 3:
            worst = value if worst is None else min(worst, value)
        print(f"{value:5.2f}:1  text #{text[0]:02x}{text[1]:02x}{text[2]:02x} on #{background[0]:02x}{background[1]:02x}{background[2]:02x}"
              f"  {count:4d} cells  e.g. {example}")
    if blank:
        print(f"skipped {blank} cells with no visible glyph (the screenshot and tmux's copy differ there)")
    print(f"minimum {worst:.2f}:1 (grid {x0},{y0},{cell_w:.3f},{cell_h})")


def unicode_wide(character):
    import unicodedata
    return unicodedata.east_asian_width(character) in ("W", "F")


if __name__ == "__main__":
    main()
