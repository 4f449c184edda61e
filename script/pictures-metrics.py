#!/usr/bin/env python3
"""Pixel checks for script/check-pictures, on screenshots as raw RGB.

  pictures-metrics.py count SHOT.png X Y W H
      prints how many pixels in the rectangle are picture-coloured: clearly
      saturated and not the accent cyan of borders and rules.
  pictures-metrics.py rule SHOT.png X Y W H
      prints 1 if a horizontal run of cyan (the panel's top rule) crosses
      more than half the rectangle's width, else 0.
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
    elif mode == "rule":
        rows = [hsv[i:i + width] for i in range(0, len(hsv), width)]
        print(1 if any(sum(1 for p in row if is_cyan(*p)) > width // 2 for row in rows) else 0)


main()
