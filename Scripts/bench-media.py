#!/usr/bin/env python3
"""The documentation outputs against their peers, in one run (Scripts/bench calls this).

For each docs demo: our one command for each format (APNG, GIF, WebP, MP4, WebM) against writing the
PNG frames and then running the peer on them, at the settings its documentation recommends:
ffmpeg's palettegen + paletteuse (GIF), img2webp (WebP, lossless), ffmpeg's libx264 at CRF 23 (MP4)
and libvpx-vp9 at CRF 32 (WebM), apngasm (APNG from the frames) and apngopt (our APNG optimised).
Quality is the PSNR of every frame each file shows against our PNG frames, decoded by ffmpeg (Pillow
for WebP: Debian's ffmpeg does not decode animated WebP), over the whole sequence. Times are medians
of interleaved rounds. Usage: bench-media.py REVEAL_RENDER WORK ROUNDS SCENE...
"""
import glob
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import time

import numpy
from PIL import Image

binary, work, rounds, scenes = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]


def timed(args):
    start = time.perf_counter()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def flag(scene):
    return "--circle" if "circle" in os.path.basename(scene) else "--stroke"


def frames_of(folder):
    return [numpy.asarray(Image.open(f).convert("RGBA"), dtype=numpy.float64)
            for f in sorted(glob.glob(folder + "/frame-*.png"))]


def psnr(decoded, ours, fps):
    """decoded: (time in s, RGB array) for each frame shown; each against our frame at that time,
    over the pixels of our frame (videos may be a pixel larger)."""
    squared, count = 0.0, 0
    for t, image in decoded:
        want = ours[min(len(ours) - 1, int(round(t * fps)))]
        h, w = want.shape[:2]
        # Clear pixels show what is under them; compare colors over black, as the video shows them.
        want_rgb = want[..., :3] * want[..., 3:4] / 255
        got = image[:h, :w, :3]
        if image.shape[2] == 4:
            got = got * image[:h, :w, 3:4] / 255
        squared += ((got - want_rgb) ** 2).sum()
        count += want_rgb.size
    mse = squared / count
    return 99.0 if mse == 0 else 10 * math.log10(255 * 255 / mse)


def ffmpeg_frames(path, width, height):
    """Every stored frame as ffmpeg decodes it (RGBA), with its time."""
    times = [float(line.split(",")[0]) for line in subprocess.run(
        ["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pts_time", "-of", "csv=p=0",
         path], capture_output=True, text=True, check=True).stdout.split() if line.split(",")[0]]
    raw = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", path, "-fps_mode", "passthrough", "-vf",
         "scale=in_color_matrix=auto:flags=accurate_rnd+full_chroma_int", "-pix_fmt", "rgba", "-f", "rawvideo",
         "-"], capture_output=True, check=True).stdout
    size = width * height * 4
    return [(times[k], numpy.frombuffer(raw[k * size:(k + 1) * size], dtype=numpy.uint8).reshape(height, width, 4)
             .astype(numpy.float64)) for k in range(min(len(times), len(raw) // size))]


def pillow_frames(path):
    image, out, t = Image.open(path), [], 0.0
    for k in range(image.n_frames):
        image.seek(k)
        rgba = numpy.asarray(image.convert("RGBA"), dtype=numpy.float64)
        out.append((t, rgba))
        t += image.info.get("duration", 0) / 1000
    return out


def quality(path, kind, ours, fps, width, height):
    if kind == "webp":
        return psnr(pillow_frames(path), ours, fps)
    if kind == "apng":
        return psnr(pillow_frames(path), ours, fps)
    coded_w, coded_h = int(probe(path, "width")), int(probe(path, "height"))
    return psnr(ffmpeg_frames(path, coded_w, coded_h), ours, fps)


def probe(path, field):
    return subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=" + field,
                           "-of", "csv=p=0", path], capture_output=True, text=True, check=True).stdout.strip()


def durations(pngs, fps):
    """img2webp's arguments for the frames, each with its own duration in milliseconds, rounded so that
    the total is the sequence's (as our WebP's): a single -d of 33 ms at 30 fps would run 1 % fast."""
    args = []
    for k, png in enumerate(pngs):
        args += ["-d", str(round(1000 * (k + 1) / fps) - round(1000 * k / fps)), png]
    return args


rows = []
for scene in scenes:
    name = os.path.basename(scene).replace("-demo.json", "")
    folder = os.path.join(work, name + "-frames")
    shutil.rmtree(folder, ignore_errors=True)
    subprocess.run([binary, flag(scene), scene, "--out", folder, "--quiet"], check=True)
    manifest = json.load(open(os.path.join(folder, "manifest.json")))
    fps, width, height = manifest["fps"], manifest["width"], manifest["height"]
    count = len(manifest["frames"])
    ours = frames_of(folder)
    pattern = os.path.join(folder, "frame-%05d.png")
    pngs = sorted(glob.glob(folder + "/frame-*.png"))
    pad = "pad=ceil(iw/2)*2:ceil(ih/2)*2"
    out = lambda ext: os.path.join(work, name + ext)
    formats = {
        "APNG": ("apng", [binary, flag(scene), scene, "--apng", out(".png"), "--quiet"], out(".png"),
                 ["apngasm", out("-peer.png")] + pngs + ["1", str(int(fps))], out("-peer.png"), "apngasm"),
        "GIF": ("gif", [binary, flag(scene), scene, "--gif", out(".gif"), "--quiet"], out(".gif"),
                ["ffmpeg", "-v", "error", "-y", "-framerate", str(fps), "-i", pattern, "-vf",
                 ("fps=50," if fps > 50 else "") + "split[a][b];[a]palettegen[p];[b][p]paletteuse",
                 out("-peer.gif")], out("-peer.gif"), "ffmpeg palettegen+paletteuse"),
        "WebP": ("webp", [binary, flag(scene), scene, "--webp", out(".webp"), "--quiet"], out(".webp"),
                 ["img2webp", "-loop", "0", "-lossless"] + durations(pngs, fps) + ["-o", out("-peer.webp")],
                 out("-peer.webp"), "img2webp -lossless"),
        "MP4": ("mp4", [binary, flag(scene), scene, "--video", out(".mp4"), "--quiet"], out(".mp4"),
                ["ffmpeg", "-v", "error", "-y", "-framerate", str(fps), "-i", pattern, "-vf", pad, "-c:v", "libx264",
                 "-crf", "23", "-pix_fmt", "yuv420p", "-movflags", "+faststart", out("-peer.mp4")], out("-peer.mp4"),
                "ffmpeg libx264 CRF 23"),
        "WebM": ("webm", [binary, flag(scene), scene, "--video", out(".webm"), "--quiet"], out(".webm"),
                 ["ffmpeg", "-v", "error", "-y", "-framerate", str(fps), "-i", pattern, "-c:v", "libvpx-vp9", "-crf",
                  "32", "-b:v", "0", "-pix_fmt", "yuv420p", out("-peer.webm")], out("-peer.webm"),
                 "ffmpeg libvpx-vp9 CRF 32"),
    }
    frames_command = [binary, flag(scene), scene, "--out", os.path.join(work, name + "-timed"), "--quiet"]
    times = {key: ([], []) for key in formats}
    frame_times = []
    for _ in range(rounds):
        frame_times.append(timed(frames_command))
        for key, (kind, command, path, peer, peer_path, peer_name) in formats.items():
            times[key][0].append(timed(command))
            times[key][1].append(timed(peer))
    png_seconds = statistics.median(frame_times)
    for key, (kind, command, path, peer, peer_path, peer_name) in formats.items():
        ours_s, peer_s = statistics.median(times[key][0]), statistics.median(times[key][1])
        row = {"scene": name, "format": key, "peer": peer_name, "frames": count, "size": f"{width}x{height}",
               "bytes": os.path.getsize(path), "peer_bytes": os.path.getsize(peer_path),
               "psnr": quality(path, kind, ours, fps, width, height),
               "peer_psnr": quality(peer_path, kind, ours, fps, width, height),
               "seconds": ours_s, "peer_seconds": png_seconds + peer_s}
        rows.append(row)
    if shutil.which("apngopt"):
        optimised = out("-apngopt.png")
        # apngopt reads an argument starting with "/" as an option: it runs in the folder, on plain names.
        subprocess.run(["apngopt", name + ".png", name + "-apngopt.png"], cwd=work, check=True,
                       stdout=subprocess.DEVNULL)
        rows.append({"scene": name, "format": "APNG", "peer": "apngopt (our APNG optimised)", "frames": count,
                     "size": f"{width}x{height}", "bytes": os.path.getsize(out(".png")),
                     "peer_bytes": os.path.getsize(optimised), "psnr": 99.0,
                     "peer_psnr": quality(optimised, "apng", ours, fps, width, height), "seconds": None,
                     "peer_seconds": None})

print()
print("Documentation outputs against their peers (bytes and time: ours / the peer's; PSNR in dB against our")
print("frames, 99 = exact; the peer's time includes writing the PNG frames it reads):")
print(f"{'demo':8} {'format':6} {'peer':30} {'bytes':>9} {'peer':>9} {'ratio':>6} {'PSNR':>6} {'peer':>6} "
      f"{'ours s':>7} {'peer s':>7} {'ratio':>6}")
for r in rows:
    t = "" if r["seconds"] is None else f"{r['seconds']:7.2f} {r['peer_seconds']:7.2f} {r['seconds'] / r['peer_seconds']:6.2f}"
    print(f"{r['scene']:8} {r['format']:6} {r['peer']:30} {r['bytes']:9d} {r['peer_bytes']:9d} "
          f"{r['bytes'] / r['peer_bytes']:6.3f} {r['psnr']:6.1f} {r['peer_psnr']:6.1f} {t}")
