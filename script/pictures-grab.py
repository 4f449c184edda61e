#!/usr/bin/python3
"""Grabs a window as fast as the X server gives it, for script/check-pictures:
a panel slides in 150 ms, too fast for one `import` per frame.

  pictures-grab.py WINDOW SECONDS PREFIX   writes PREFIX-01.ppm, PREFIX-02.ppm, …
                                           (each frame that differs from the one
                                           before), prints how many and how many
                                           were grabbed.
Frames are kept in memory while grabbing and written afterwards, so that
writing costs no frames. Needs python3-xlib (Debian's, hence /usr/bin/python3).
"""
import sys
import time

from Xlib import X, display


def main():
    window_id, seconds, prefix = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
    screen = display.Display()
    window = screen.create_resource_object("window", window_id)
    geometry = window.get_geometry()
    width, height = geometry.width, geometry.height
    frames = []
    end = time.monotonic() + seconds
    grabbed = 0
    while time.monotonic() < end:
        data = window.get_image(0, 0, width, height, X.ZPixmap, 0xFFFFFFFF).data
        grabbed += 1
        # Only the frames that differ from the one before: the moments of the slide.
        if not frames or data != frames[-1]:
            frames.append(data)
    for index, data in enumerate(frames, 1):
        # ZPixmap at depth 24 is BGRX, four bytes a pixel.
        rgb = bytearray(width * height * 3)
        rgb[0::3] = data[2::4]
        rgb[1::3] = data[1::4]
        rgb[2::3] = data[0::4]
        with open(f"{prefix}-{index:02d}.ppm", "wb") as output:
            output.write(b"P6 %d %d 255\n" % (width, height))
            output.write(rgb)
    print(len(frames), grabbed)


main()
