#!/usr/bin/env python3
"""Writes one scene at (and one just past) every documented limit, for `Scripts/bench limits`.

    bench-limits.py FOLDER      writes FOLDER/NAME.json (and the images they use) and prints, one per
                                line, NAME<TAB>FLAG<TAB>EXTRA ARGS<TAB>WHAT: the runs to time.

Every scene within the limits must render in under 30 s and 1 GiB on a 2-core machine; every scene
past one must be refused (exit 2) in well under a second and 100 MB. Python standard library only.
"""
import json
import math
import os
import struct
import sys
import zlib

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
runs = []


def scene(name, body, flag="--stroke", args="", what=""):
    with open(os.path.join(out, name + ".json"), "w") as f:
        json.dump(body, f, separators=(",", ":"))
    runs.append((name, flag, args, what))


def png(name, width, height):
    """A grey gradient PNG, written row by row (a 100-megapixel image without holding it)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    compressor = zlib.compressobj(6)
    parts = []
    row = bytes([0]) + bytes((x * 255 // max(width - 1, 1)) for x in range(width))
    for _ in range(height):
        parts.append(compressor.compress(row))
    parts.append(compressor.flush())
    with open(os.path.join(out, name), "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
                + chunk(b"IDAT", b"".join(parts)) + chunk(b"IEND", b""))


def spiral(count, center, radius, turns, start, duration):
    points = []
    for i in range(count):
        f = i / max(count - 1, 1)
        angle = 2 * math.pi * turns * f
        r = radius * (0.1 + 0.9 * f)
        points.append([round(center[0] + r * math.cos(angle), 3), round(center[1] + r * math.sin(angle), 3),
                       round(start + duration * f, 6)])
    return points


base = {"width": 300, "height": 200, "scale": 1, "fps": 30, "brushWidth": 4, "revealThreshold": 1}

# Points: a million samples, a thousand strokes of a thousand, each a zig-zag across the view, 30 s.
def zigzag(count, y, start, duration):
    """A finger going left and right across the view every 50 samples, drifting down 5 points."""
    def x(i):
        phase = (i % 100) / 50
        return 10 + 280 * (phase if phase <= 1 else 2 - phase)
    return [[round(x(i), 3), round(y + 5 * i / count, 3), round(start + duration * i / (count - 1), 6)] for i in range(count)]
scene("points-1000000", dict(base, strokes=[{"points": zigzag(1000, 10 + (k % 36) * 5, k * 0.03, 0.029)} for k in range(1000)]),
      what="1,000,000 points in 1000 strokes (the limit)")
# A long stroke that keeps crossing itself: the cost that remains (see README).
scene("points-dense-stroke", dict(base, strokes=[{"points": spiral(100_000, (150, 100), 95, 40, 0, 10)}]),
      what="stress, not a limit: 100,000 points, one self-crossing spiral")
scene("points-1000001", dict(base, strokes=[{"points": spiral(500_000, (150, 100), 95, 200, 0, 15)},
                                            {"points": spiral(500_001, (150, 100), 95, 200, 15.5, 15)}]),
      what="1,000,001 points: refused")
# Strokes: 100,000 taps in 60 s.
scene("strokes-100000", dict(base, strokes=[{"points": [[(i * 37) % 300, (i * 53) % 200, round(i * 0.0006, 6)]]}
                                            for i in range(100_000)]), what="100,000 strokes (taps)")
scene("strokes-100001", dict(base, strokes=[{"points": [[1, 1, i * 0.0006]]} for i in range(100_001)]),
      what="100,001 strokes: refused")
# Actions: 100,000 VoiceOver actions in 10 s.
scene("actions-100000", dict(base, actions=[{"t": round(i * 1e-4, 6), "type": "reveal"} for i in range(100_000)]),
      what="100,000 actions")
scene("actions-100001", dict(base, actions=[{"t": 1, "type": "reveal"}] * 100_001), what="100,001 actions: refused")
# Toggles: 100,000 in 100 s, the circle growing and shrinking all the time.
circle = {"width": 300, "height": 200, "scale": 1, "fps": 30}
scene("toggles-100000", dict(circle, toggles=[round(i * 0.001, 6) for i in range(100_000)]), "--circle",
      what="100,000 toggles")
scene("toggles-100001", dict(circle, toggles=[0] * 100_001), "--circle", what="100,001 toggles: refused")
# Gradient stops: 1024 on a 2000×1500 view.
stops = [{"color": "#%02X%02X%02X" % (i % 256, (i * 7) % 256, (i * 13) % 256), "location": i / 1023} for i in range(1024)]
scene("stops-1024", {"width": 2000, "height": 1500, "scale": 1, "toggles": [0],
                     "base": {"linearGradient": {"stops": stops, "startPoint": "topLeading", "endPoint": "bottomTrailing"}}},
      "--circle", what="1,024 gradient stops on 3 megapixels")
# Image pixels: one 100-megapixel image as content, cover, background and canvas (decoded once).
png("image-100mp.png", 10_000, 10_000)
image = {"image": "image-100mp.png"}
scene("image-100mp", dict(base, width=1000, height=800, content=image, cover=image, background=image, canvas=image,
                          padding=10, strokes=[{"points": spiral(200, (500, 400), 300, 2, 0, 1)}], brushWidth=40),
      what="a 100-megapixel image used four times")
# Frame pixels: 100 megapixels, the circle demo's gradients on a 10000×10000 view, 10 fps.
scene("frame-100mp", {"width": 10_000, "height": 10_000, "scale": 1, "fps": 10, "origin": [0.5, 0.78], "toggles": [0]},
      "--circle", what="100-megapixel frames (circle)")
scene("frame-too-large", {"width": 10_001, "height": 10_000, "scale": 1, "toggles": [0]}, "--circle",
      what="frames over 100 megapixels: refused")
# Shadow radius: 1000 points on a 4600×4400 page.
scene("shadow-1000", dict(base, width=600, height=400, padding=2000, shadow={"radius": 1000, "y": 8}, cornerRadius=28,
                          canvas="white", strokes=[{"points": spiral(120, (300, 200), 150, 1, 0, 1)}], brushWidth=40),
      what="shadow radius 1000 on a 4600×4400 page")
# Padding: the most that fits the pixel limit (4999 on each side of a 2×2 view), and the limit itself.
scene("padding-4999", {"width": 2, "height": 2, "scale": 1, "padding": 4999, "canvas": "white", "toggles": [0], "fps": 10},
      "--circle", what="padding 4999: a 10000×10000 page")
scene("padding-10000", {"width": 2, "height": 2, "scale": 1, "padding": 10_000, "toggles": [0]}, "--circle",
      what="padding 10000 (the limit): frames over the pixel limit, refused")
# Frames: 100,000 frames of a small view (a 10-pixel circle reveal held for 2,000 s at 50 fps).
scene("frames-100000", {"width": 4, "height": 3, "scale": 1, "fps": 50, "toggles": [0]}, "--circle",
      args="--hold 1999", what="100,000 frames")
scene("frames-100001", {"width": 4, "height": 3, "scale": 1, "fps": 50, "toggles": [0]}, "--circle",
      args="--hold 2000", what="100,001 frames: refused")
# File size: a scene file of just under 64 MiB (whitespace around a small scene), and one just over.
small = json.dumps(dict(base, strokes=[{"points": [[10, 10, 0]]}]))
for name, size in (("file-64MiB", (64 << 20) - 1), ("file-over-64MiB", (64 << 20) + 1)):
    with open(os.path.join(out, name + ".json"), "w") as f:
        f.write(small[:-1] + " " * (size - len(small)) + "}")
    runs.append((name, "--stroke", "", "a scene file of %s" % ("64 MiB" if size < 64 << 20 else "64 MiB + 1 byte: refused")))

# A SwiftUI view (Fixtures/bench/DragDot.swift) played through a script of a million touch points, one finger
# sampled at 10 kHz for 100 s; and a script whose length is past the frame limit, refused before the build.
million = [[round(100 + 80 * math.cos(k / 1000), 3), round(100 + 80 * math.sin(k / 1000), 3), round(k / 10_000, 6)]
           for k in range(1_000_000)]
scene("swiftui-1M-points", {"width": 200, "height": 200, "scale": 1, "fps": 10, "touches": [{"points": million}]},
      "swiftui", what="swiftui: 1,000,000 touch points")
scene("swiftui-864001-frames", {"width": 200, "height": 200, "scale": 1, "fps": 10, "until": 86400}, "swiftui",
      what="swiftui: 864,001 frames: refused")

for run in runs:
    print("\t".join(part or "-" for part in run))
