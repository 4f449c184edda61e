#!/usr/bin/env python3
"""Pixel checks for script/check-pictures, on screenshots as raw RGB.

  pictures-metrics.py count SHOT.png X Y W H
      prints how many pixels in the rectangle are picture-coloured: clearly
      saturated and not the accent cyan of borders and rules.
  pictures-metrics.py images SHOT.png X Y W H
      the same, leaving out the palette's pure colours (text, 16-colour half
      blocks): pixels of real images.
  pictures-metrics.py solid SHOT.png X Y W H
      as images, counting only pixels inside a 3×3 square of one colour: the
      art's pixels, several screen pixels wide, and not the one- or two-pixel
      strokes of anti-aliased coloured text.
  pictures-metrics.py bar SHOT.png X Y W H
      prints the screen row (in pixels) of the topmost pixel row that is one
      colour, not the background's, across 90% of the width (the accessory
      bar above the panel, in reverse video), or -1.
"""
import colorsys
import subprocess
import sys


def pixels(path, x, y, w, h):
    raw = subprocess.run(["convert", path, "-crop", f"{w}x{h}+{x}+{y}", "+repage", "-depth", "8", "rgb:-"],
                         check=True, capture_output=True).stdout
    return [tuple(raw[i:i + 3]) for i in range(0, len(raw) - len(raw) % 3, 3)], w


def is_cyan(h, s, v):
    return 0.45 <= h <= 0.56 and s > 0.35 and v > 0.3


def is_picture(h, s, v):
    return s > 0.35 and v > 0.2 and not is_cyan(h, s, v)


def main():
    mode, path = sys.argv[1], sys.argv[2]
    x, y, w, h = (int(v) for v in sys.argv[3:7])
    if w <= 0 or h <= 0:
        print(0)
        return
    data, width = pixels(path, x, y, w, h)
    hsv = [colorsys.rgb_to_hsv(r / 255, g / 255, b / 255) for r, g, b in data]
    if mode == "count":
        print(sum(1 for p in hsv if is_picture(*p)))
    elif mode == "images":
        # As count, without the pure colours of the terminal's palette (text,
        # half blocks in 16 colours): the pixels of real images.
        print(sum(1 for p in hsv if is_picture(*p) and p[1] < 0.95))
    elif mode == "solid":
        def solid(i):
            column, row = i % width, i // width
            if column < 1 or row < 1 or column >= width - 1 or i + width + 1 >= len(data):
                return False
            return all(data[i + dy * width + dx] == data[i] for dy in (-1, 0, 1) for dx in (-1, 0, 1))
        print(sum(1 for i, p in enumerate(hsv) if is_picture(*p) and p[1] < 0.95 and solid(i)))
    elif mode == "bar":
        # The accessory bar docked above the panel: a pixel row in the
        # terminal's foreground colour (reverse video) across 90% of it.
        background = data[-1]
        rows = [data[i:i + width] for i in range(0, len(data), width)]
        found = [index for index, row in enumerate(rows)
                 if max(row.count(c) for c in set(row)) > width * 9 // 10
                 and max(set(row), key=row.count) != background]
        print(y + found[0] if found else -1)


main()
