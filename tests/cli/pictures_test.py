#!/usr/bin/env python3
"""Pictures, checked from the outside (docs/pictures.md):

- --svg: each SVG is well-formed XML, the same bytes on every run, and the chapter's text on
  stdout is unchanged. rsvg-convert (librsvg) renders it to PNG; the pixel colour inside a known
  heatmap cell is its value's palette colour (the value read from attn's text output, the palette
  computed here from the published stops), a masked cell is grey, and a chart's marker sits in
  its series' colour. Bad --svg paths exit 3 (2 for an empty name) with one line, nothing on
  stdout, no file or temporary file left behind; an existing file is replaced whole.
- --heatmap: the text comes first, byte for byte; with --color always the ANSI colour of a known
  cell is its value's palette colour in truecolor, 256 and 16 colours; with --color never,
  NO_COLOR, or a pipe there is no escape code.
- progress: scaling, cost and multihead with a long run draw a progress line on a terminal's stderr, erased
  at the end, and never write anything to a piped stderr; stdout is the same either way (cost's
  timings differ run to run, so there stdout is checked to be free of the line's bytes).
- cost --svg: the timings vary run to run, so the chart is checked for structure against the
  same run's text: one line per kernel, one marker per row of the table, the T and exponents the
  text prints, labelled log axes, and the marker and line colours in the PNG.
- udl --svg / --heatmap: the attention matrices and X' as for attention, values from the text.

The PNG is read with zlib and struct (no third-party module). Skips (77) without rsvg-convert.
"""
import argparse
import os
import pty
import re
import shutil
import struct
import subprocess
import sys
import stat
import tempfile
import xml.etree.ElementTree as ET
import zlib

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/: harness.py
from harness import Checks, run_on_pty

SVG_NS = "{http://www.w3.org/2000/svg}"
# viridis at k/9 (matplotlib) and ColorBrewer's RdBu, 11 classes, from blue (-1) to red (+1)
VIRIDIS = ["440154", "482878", "3e4a89", "31688e", "26828e", "1f9e89", "35b779", "6ece58", "b5de2b", "fde725"]
BLUE_RED = ["053061", "2166ac", "4393c3", "92c5de", "d1e5f0", "f7f7f7", "fddbc7", "f4a582", "d6604d",
            "b2182b", "67001f"]
MASKED_SVG = (0xe0, 0xe0, 0xe0)
VERMILLION, BLUE = (0xd5, 0x5e, 0x00), (0x00, 0x72, 0xb2)
BLUISH_GREEN, REDDISH_PURPLE = (0x00, 0x9e, 0x73), (0xcc, 0x79, 0xa7)

checks = Checks("pictures", verbose=True)
check = checks.check


def palette(stops, u):
    rgb = [tuple(int(s[i:i + 2], 16) for i in (0, 2, 4)) for s in stops]
    u = min(max(u, 0.0), 1.0)
    x = u * (len(rgb) - 1)
    i = min(int(x), len(rgb) - 2)
    f = x - i
    # rounded half away from zero to whole 8-bit channels, as attn's colours are
    return tuple(int(a + (b - a) * f + 0.5) for a, b in zip(rgb[i], rgb[i + 1]))


def viridis(v):
    return palette(VIRIDIS, v)


def blue_red(v, limit):
    return palette(BLUE_RED, (v / limit + 1) / 2)


def close(got, want, tolerance=3):
    return all(abs(g - w) <= tolerance for g, w in zip(got, want))


def read_png(path):
    """(width, height, rows of RGB(A) bytes) of an 8-bit, non-interlaced RGB or RGBA PNG."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, f"unsupported PNG {header}"
    bpp = 4 if colour == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


def pixel(png, x, y):
    _, _, bpp, rows = png
    x, y = int(x), int(y)
    return tuple(rows[y][x * bpp:x * bpp + 3])


def run(attn, args, env=None, stdin=subprocess.DEVNULL):
    full_env = dict(os.environ)
    for k in ("NO_COLOR", "COLORTERM"):
        full_env.pop(k, None)
    full_env["TERM"] = "xterm"
    full_env.update(env or {})
    return subprocess.run([attn] + args, capture_output=True, env=full_env, stdin=stdin, timeout=300)


def run_pty(attn, args, env, on):
    """Runs attn with `on` ("stdout" or "stderr") a terminal and the other a pipe: (code, the
    terminal's bytes, the pipe's bytes)."""
    full_env = dict(os.environ)
    for k in ("NO_COLOR", "COLORTERM"):
        full_env.pop(k, None)
    full_env.update(env)
    code, tty, piped = run_on_pty([attn] + args, full_env, on)
    return code, tty.replace(b"\r\n", b"\n") if on == "stdout" else tty, piped


def numpy_matrix(text, header):
    """The matrix printed under the line `header` (NumPy's layout) as a list of rows."""
    lines = text.splitlines()
    start = lines.index(header) + 1
    rows = []
    for line in lines[start:]:
        if not line.lstrip().startswith("["):
            break
        rows.append([float(v) for v in line.replace("[", " ").replace("]", " ").split()])
    return rows


def numpy_vector(text, prefix):
    line = next(l for l in text.splitlines() if l.startswith(prefix))
    return [float(v) for v in line[len(prefix):].strip(" []").split()]


def numpy_blocks(text):
    """Every 2-D matrix NumPy printed on its own lines ("[[…" to "…]]"), as lists of rows."""
    blocks, current = [], None
    for line in text.splitlines():
        if line.startswith("[[") and current is None:
            current = []
        if current is not None:
            current.append([float(v) for v in line.replace("[", " ").replace("]", " ").split()])
            if line.rstrip().endswith("]]"):
                blocks.append(current)
                current = None
    return blocks


def svg_cell(root, k, r, c):
    g = root.find(f".//{SVG_NS}g[@id='cell-{k}-{r}-{c}']")
    rect = g.find(f"{SVG_NS}rect")
    return {a: float(rect.get(a)) for a in ("x", "y", "width", "height")}


def svg_point(root, panel, series, k):
    g = root.find(f".//{SVG_NS}g[@id='point-{panel}-{series}-{k}']")
    mark = g.find(f"{SVG_NS}circle")
    if mark is not None:
        return float(mark.get("cx")), float(mark.get("cy")), g.find(f"{SVG_NS}title").text
    mark = g.find(f"{SVG_NS}rect")
    return (float(mark.get("x")) + float(mark.get("width")) / 2,
            float(mark.get("y")) + float(mark.get("height")) / 2, g.find(f"{SVG_NS}title").text)


def render(svg_path, tmp):
    png = os.path.join(tmp, os.path.basename(svg_path) + ".png")
    subprocess.run(["rsvg-convert", "-o", png, svg_path], check=True, timeout=60)
    return read_png(png)


def svg_tests(attn, tmp):
    # --- attention: S and A, cell (3, 3) and others, against the text's numbers -----------------
    plain = run(attn, ["attention"]).stdout
    path = os.path.join(tmp, "attention.svg")
    r = run(attn, ["attention", "--svg", path])
    check(r.returncode == 0 and r.stdout == plain, "attention --svg: exit 0, text unchanged")
    first = open(path, "rb").read()
    run(attn, ["attention", "--svg", path])
    check(open(path, "rb").read() == first, "attention --svg: the same bytes on a second run")
    root = ET.fromstring(first)
    check(root.tag == SVG_NS + "svg", "attention --svg: well-formed SVG")
    text = plain.decode()
    weights = numpy_matrix(text, "注意力矩陣 A（欄＝輸出位置，列＝輸入位置）：")
    scores = [numpy_vector(run(attn, ["attention", "--col", str(c)]).stdout.decode(), f"第 {c} 欄的分數：")
              for c in range(1, 6)]  # column c of S
    limit = max(abs(v) for col in scores for v in col)
    png = render(path, tmp)
    for (r_, c_) in [(3, 3), (1, 5), (2, 3), (5, 1)]:
        cell = svg_cell(root, 2, r_, c_)
        got = pixel(png, cell["x"] + 4, cell["y"] + 4)
        want = viridis(weights[r_ - 1][c_ - 1])
        check(close(got, want), f"attention PNG: A cell ({r_},{c_}) = {weights[r_ - 1][c_ - 1]} "
                                f"is viridis {tuple(round(w) for w in want)} (got {got})")
        cell = svg_cell(root, 1, r_, c_)
        v = scores[c_ - 1][r_ - 1]
        got = pixel(png, cell["x"] + 4, cell["y"] + 4)
        want = blue_red(v, limit)
        check(close(got, want), f"attention PNG: S cell ({r_},{c_}) = {v} is RdBu "
                                f"{tuple(round(w) for w in want)} (got {got})")

    # --- mask: masked cells grey, the others their weight's colour ------------------------------
    path = os.path.join(tmp, "mask.svg")
    r = run(attn, ["mask", "--n", "6", "--pos", "3", "--svg", path])
    check(r.stdout == run(attn, ["mask", "--n", "6", "--pos", "3"]).stdout, "mask --svg: text unchanged")
    root = ET.parse(path).getroot()
    masked_weights = numpy_matrix(r.stdout.decode(), "遮罩後的注意力矩陣（對角線以下全為 0）：")
    png = render(path, tmp)
    for (r_, c_) in [(4, 2), (6, 1), (2, 1)]:
        cell = svg_cell(root, 1, r_, c_)
        got = pixel(png, cell["x"] + 4, cell["y"] + 4)
        check(close(got, MASKED_SVG, 1), f"mask PNG: masked cell ({r_},{c_}) is grey (got {got})")
    for (r_, c_) in [(1, 1), (2, 4), (6, 6)]:
        cell = svg_cell(root, 1, r_, c_)
        got = pixel(png, cell["x"] + 4, cell["y"] + 4)
        want = viridis(masked_weights[r_ - 1][c_ - 1])
        check(close(got, want), f"mask PNG: cell ({r_},{c_}) = {masked_weights[r_ - 1][c_ - 1]} is viridis (got {got})")

    # --- scaling: markers in their series' colour, their values the text's ------------------------
    path = os.path.join(tmp, "scaling.svg")
    r = run(attn, ["scaling", "--r", "300", "--svg", path])
    check(r.stdout == run(attn, ["scaling", "--r", "300"]).stdout, "scaling --svg: text unchanged")
    root = ET.parse(path).getroot()
    png = render(path, tmp)
    percents = [float(m) for m in re.findall(r"未縮放：飽和比例 *([0-9.]+)%", r.stdout.decode())]
    for k, dq in enumerate([4, 50, 400], start=1):
        # the sensitivity panel's markers (panel 2), where no marker of the other series covers them
        x, y, _ = svg_point(root, 2, 1, k)
        check(close(pixel(png, x, y), VERMILLION, 2), f"scaling PNG: the unscaled Dq={dq} marker is vermillion")
        _, _, title = svg_point(root, 1, 1, k)
        value = float(title.split(", ")[1])
        check(f"{value * 100:.1f}" == f"{percents[k - 1]:.1f}", f"scaling SVG: Dq={dq} saturation {title} "
                                                               f"is the text's {percents[k - 1]}%")
        x, y, _ = svg_point(root, 1, 2, k)   # drawn last, on top
        check(close(pixel(png, x, y), BLUE, 2), f"scaling PNG: the scaled Dq={dq} marker is blue")

    # --- multihead: flat lines, the text's counts -------------------------------------------------
    path = os.path.join(tmp, "multihead.svg")
    r = run(attn, ["multihead", "--svg", path])
    root = ET.parse(path).getroot()
    png = render(path, tmp)
    counts = re.findall(r"H=(\d+)｜.*參數 (\d+)｜乘法次數 (\d+)", r.stdout.decode())
    for k, (h, params, mults) in enumerate(sorted(counts, key=lambda t: int(t[0])), start=1):
        x, y, title = svg_point(root, 1, 1, k)
        check(title.endswith(f": {h}, {params}"), f"multihead SVG: H={h} parameters {title}")
        check(close(pixel(png, x, y), BLUE, 2), f"multihead PNG: the H={h} marker is blue")
        _, _, title = svg_point(root, 2, 1, k)
        check(title.endswith(f": {h}, {mults}"), f"multihead SVG: H={h} multiplications {title}")

    # --- files: replaced whole, errors exit 3 with one line, nothing left behind ------------------
    target = os.path.join(tmp, "replace.svg")
    open(target, "w").write("x" * 100000)
    run(attn, ["multihead", "--svg", target])
    check(open(target, "rb").read() == open(path, "rb").read(), "--svg replaces an existing file whole")
    real, link = os.path.join(tmp, "real.svg"), os.path.join(tmp, "link.svg")
    open(real, "w").write("old")
    os.symlink("real.svg", link)
    r = run(attn, ["multihead", "--svg", link])
    check(r.returncode == 0 and os.path.islink(link) and open(real, "rb").read() == open(path, "rb").read(),
          "--svg through a symbolic link replaces the file it names and keeps the link")
    # A device node of the test's own (/dev/null's numbers) where mknod is allowed (root), so that a
    # bug that replaced the path could not replace the machine's /dev/null; else /dev/null itself
    # (without root its folder is not writable, so it cannot be replaced).
    device = os.path.join(tmp, "null-device")
    try:
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        os.close(os.open(device, os.O_WRONLY))   # a folder mounted nodev refuses to open it
    except OSError:
        device = "/dev/null"
    r = run(attn, ["multihead", "--svg", device])
    check(r.returncode == 0 and stat.S_ISCHR(os.lstat(device).st_mode),
          f"--svg {device} (a character device): written through, not replaced")
    for args, code, what in [
        (["attention", "--svg", os.path.join(tmp, "no", "such", "dir.svg")], 3, "a missing folder"),
        (["attention", "--svg", tmp], 3, "a folder"),
        (["attention", "--svg", tmp + "/"], 3, "a path ending in /"),
        (["scaling", "--r", "10", "--svg", "/proc/version"], 3, "a file in /proc"),
        (["mask", "--svg", ""], 2, "an empty name"),
        (["multihead", "--svg", "/dev/full"], 3, "a full device"),
    ]:
        r = run(attn, args)
        err = r.stderr.decode()
        check(r.returncode == code and r.stdout == b"" and err.count("\n") == 1 and "--svg" in err,
              f"--svg to {what}: exit {code}, one line, nothing on stdout (got {r.returncode}: {err.strip()})")
    leftovers = [f for f in os.listdir(tmp) if f.startswith(".")]
    check(leftovers == [], f"no temporary files left behind (found {leftovers})")

def cost_tests(attn, tmp):
    # --- cost --svg: structure against the same run's text, colours in the PNG ------------------
    path = os.path.join(tmp, "cost.svg")
    kernels = ["naive", "flash", "kv-cache"]
    r = run(attn, ["cost", "--t", "64,128,256", "--kernel", ",".join(kernels), "--repeats", "1", "--svg", path])
    text = r.stdout.decode()
    check(r.returncode == 0 and text.startswith("注意力的代價") and "<svg" not in text,
          "cost --svg: exit 0, the text on stdout")
    rows = re.findall(r"^(naive|flash|kv-cache|recompute) +(\d+) ", text, re.M)
    exponents = dict(re.findall(r"^  (\S+) +\S*?指數 (-?[0-9.]+)", text, re.M))
    root = ET.parse(path).getroot()
    polylines = root.findall(f".//{SVG_NS}polyline")
    points = [g for g in root.iter(f"{SVG_NS}g") if (g.get("id") or "").startswith("point-")]
    check(len(rows) == 9 and len(polylines) == 3 and len(points) == len(rows),
          f"cost SVG: one line per kernel ({len(polylines)}), one marker per run ({len(points)} of {len(rows)})")
    got = []
    for s_, kernel in enumerate(kernels, start=1):
        for k in range(1, 4):
            _, _, title = svg_point(root, 1, s_, k)
            got.append((title.split(":")[0], title.split(", ")[-2].split(": ")[-1]))
    check(sorted(got) == sorted(rows), f"cost SVG: the markers' kernels and T are the text's rows ({got})")
    texts = [t.text for t in root.iter(f"{SVG_NS}text")]
    check("T (log scale)" in texts and "seconds (log scale)" in texts and all(t in texts for t in ("64", "128", "256")),
          "cost SVG: both axes labelled as log scales, the T values as ticks")
    legend = [t for t in texts if t and ": time ∝ T^" in t]
    check(len(exponents) == 3 and sorted(legend) == sorted(f"{k}: time ∝ T^{p}" for k, p in exponents.items()),
          f"cost SVG: the legend's exponents are the text's ({legend} vs {exponents})")
    png = render(path, tmp)
    for k in range(1, 4):   # kv-cache is drawn last: its squares are on top of every line
        x, y, _ = svg_point(root, 1, 3, k)
        check(close(pixel(png, x, y), BLUISH_GREEN, 2), f"cost PNG: kv-cache's marker {k} is bluish green")
    naive_legend = next(l for l in root.iter(f"{SVG_NS}line") if l.get("stroke") == "#d55e00")
    x, y = float(naive_legend.get("x1")) + 6, float(naive_legend.get("y1"))
    check(any(close(pixel(png, x, yy), VERMILLION, 2) for yy in (y - 1, y)),
          f"cost PNG: naive's line is vermillion (got {pixel(png, x, y)})")
    r = run(attn, ["cost", "--t", "8", "--kernel", "flash", "--repeats", "1", "--svg", os.path.join(tmp, "no", "x.svg")])
    check(r.returncode == 3 and r.stdout == b"" and r.stderr.decode().count("\n") == 1,
          "cost --svg to a missing folder: exit 3, one line, nothing on stdout")


def udl_tests(attn, tmp):
    # --- udl 12.1 --svg: the loop's attention, the scaled attention, X' against the text --------
    plain = run(attn, ["udl", "12.1"]).stdout
    path = os.path.join(tmp, "udl1.svg")
    r = run(attn, ["udl", "12.1", "--svg", path])
    check(r.returncode == 0 and r.stdout == plain, "udl 12.1 --svg: exit 0, text unchanged")
    first = open(path, "rb").read()
    run(attn, ["udl", "12.1", "--svg", path])
    check(open(path, "rb").read() == first, "udl 12.1 --svg: the same bytes on a second run")
    text = plain.decode()
    loop = [[float(v) for v in re.findall(r"array\(\[\[([^\]]+)\]\]\)", line)]
            for line in text.splitlines()[text.splitlines().index("Attentions for output  0") + 1::2][:3]]
    _, scaled, x_prime = numpy_blocks(text)[-3:]   # after the unscaled X': the attention, X'
    limit = max(abs(v) for row in x_prime for v in row)
    root = ET.fromstring(first)
    png = render(path, tmp)
    for (m, n) in [(1, 1), (2, 1), (3, 2), (2, 3)]:   # rows m, columns n, 1-based in the ids
        cell = svg_cell(root, 1, m, n)
        want = viridis(loop[n - 1][m - 1])
        got = pixel(png, cell["x"] + 4, cell["y"] + 4)
        check(close(got, want), f"udl 12.1 PNG: the loop's a_nm (m={m - 1}, n={n - 1}) = {loop[n - 1][m - 1]:.4f} is viridis (got {got})")
        cell = svg_cell(root, 2, m, n)
        got = pixel(png, cell["x"] + 4, cell["y"] + 4)
        check(close(got, viridis(scaled[m - 1][n - 1])), f"udl 12.1 PNG: scaled attention ({m - 1},{n - 1}) is viridis (got {got})")
    for (i, n) in [(1, 1), (3, 2), (4, 3)]:
        cell = svg_cell(root, 3, i, n)
        got = pixel(png, cell["x"] + 4, cell["y"] + 4)
        v = x_prime[i - 1][n - 1]
        check(close(got, blue_red(v, limit)), f"udl 12.1 PNG: X' ({i - 1},{n - 1}) = {v} is RdBu (got {got})")

    # --- udl 12.1 at D = N = 50: the notebook's softmax overflows to nan; those cells are grey ----
    path = os.path.join(tmp, "udl-nan.svg")
    r = run(attn, ["udl", "12.1", "--d", "50", "--n", "50", "--svg", path])
    lines = r.stdout.decode().splitlines()
    start = lines.index("Attentions for output  0") + 1
    loop = [re.findall(r"array\(\[\[([^\]]+)\]\]\)", line) for line in lines[start:start + 100:2]]
    nans = [(m, n) for n in range(50) for m in range(50) if loop[n][m] == "nan"]
    root = ET.parse(path).getroot()
    png = render(path, tmp)
    ok = bool(nans)
    for m, n in nans[:5]:
        cell = svg_cell(root, 1, m + 1, n + 1)
        ok = ok and close(pixel(png, cell["x"] + 4, cell["y"] + 4), (128, 128, 128), 1)
    check(ok, f"udl 12.1 --d 50 --n 50 PNG: the text's nan weights ({len(nans)}) are mid grey cells")

    # --- udl 12.2 --svg: one map per head, then X' ------------------------------------------------
    path = os.path.join(tmp, "udl2.svg")
    r = run(attn, ["udl", "12.2", "--h", "4", "--svg", path])
    root = ET.parse(path).getroot()
    maps = [g for g in root.iter(f"{SVG_NS}g") if re.fullmatch(r"cell-\d+-1-1", g.get("id") or "")]
    check(len(maps) == 5, f"udl 12.2 --h 4 --svg: four heads' attention and X' ({len(maps)} maps)")
    answer = numpy_matrix(r.stdout.decode(), "Your answer:")
    limit = max(abs(v) for row in answer for v in row)
    png = render(path, tmp)
    for (i, n) in [(1, 1), (2, 4), (8, 2), (7, 6)]:
        cell = svg_cell(root, 5, i, n)
        got = pixel(png, cell["x"] + 4, cell["y"] + 4)
        v = answer[i - 1][n - 1]
        check(close(got, blue_red(v, limit)), f"udl 12.2 PNG: X' ({i - 1},{n - 1}) = {v} is RdBu (got {got})")

    # --- udl 12.2 --heatmap: the text first; heads' columns sum to 1; colours of the values ------
    plain = run(attn, ["udl", "12.2"]).stdout
    r = run(attn, ["udl", "12.2", "--heatmap"])
    out = r.stdout.decode()
    check(r.stdout.startswith(plain) and "\x1b" not in out, "udl --heatmap into a pipe: the text first, no escape codes")
    lines = out.splitlines()
    at = lines.index(next(l for l in lines if l.startswith("X' = ")))
    grid = [[float(v) for v in line.split()[1:]] for line in lines[at + 3:at + 11]]
    answer = numpy_matrix(plain.decode(), "Your answer:")
    check(grid == answer, "udl 12.2 --heatmap without colour: X' is the text's matrix")
    r = run(attn, ["udl", "12.2", "--heatmap", "--color", "always"], {"COLORTERM": "truecolor"})
    out = r.stdout.decode()
    ok = True
    for head in ("Head 0: ", "Head 1: "):
        rows = heatmap_rows(out, head)
        ok = ok and len(rows) == 6 and all(abs(sum(row[j][1] for row in rows) - 1) <= 0.004 for j in range(6))
        for row in rows:
            for sgr, v in row:
                ok = ok and close(tuple(int(x) for x in sgr.split(";")[-3:]), viridis(v), 3)
    check(ok, "udl 12.2 --heatmap, truecolor: each head's columns sum to 1, cells viridis of their values")
    rows = heatmap_rows(out, "X' = ")
    limit = max(abs(v) for row in answer for v in row)
    check(len(rows) == 8 and all(close(tuple(int(x) for x in sgr.split(";")[-3:]), blue_red(v, limit), 3)
                                 for row in rows for sgr, v in row),
          "udl 12.2 --heatmap, truecolor: X' cells are RdBu of their values")
    code, tty, _ = run_pty(attn, ["udl", "12.1", "--heatmap"], {"NO_COLOR": "1", "TERM": "xterm-256color"}, "stdout")
    check(code == 0 and b"\x1b" not in tty and "Scaled attention" in tty.decode(), "udl --heatmap, NO_COLOR on a terminal: no escape codes")
    for args in (["udl", "12.2", "--diagnose", "-", "--heatmap"], ["udl", "12.1", "--heatmap", "--color", "sometimes"]):
        r = run(attn, args)
        check(r.returncode == 2 and r.stdout == b"" and r.stderr.decode().count("\n") == 1,
              f"attn {' '.join(args)}: exit 2, one line, nothing on stdout")


CELL = re.compile(r"\x1b\[([0-9;]+)m *(-?[0-9]+\.[0-9]+) *\x1b\[0m")


def heatmap_rows(text, title):
    """The cells of each row of the heatmap under `title`: lists of (SGR parameters, value)."""
    lines = text.splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith(title)) + 3
    rows = []
    for line in lines[start:]:
        cells = CELL.findall(line)
        if not cells or not line.split()[0].isdigit() and not line[0] != " ":
            break
        rows.append([(sgr, float(v)) for sgr, v in cells])
    return rows


def nearest_256(c):
    levels = [0, 95, 135, 175, 215, 255]
    colours = {16 + 36 * i + 6 * j + k: (levels[i], levels[j], levels[k])
               for i in range(6) for j in range(6) for k in range(6)}
    colours.update({232 + i: (8 + 10 * i,) * 3 for i in range(24)})
    return min(colours, key=lambda n: (sum((a - b) ** 2 for a, b in zip(colours[n], c)), n))


def heatmap_tests(attn):
    plain = run(attn, ["attention"]).stdout
    weights = numpy_matrix(plain.decode(), "注意力矩陣 A（欄＝輸出位置，列＝輸入位置）：")
    title = "注意力矩陣 A："

    r = run(attn, ["attention", "--heatmap"])   # stdout is a pipe: auto means no colour
    out = r.stdout.decode()
    check(r.stdout.startswith(plain), "--heatmap: the chapter's text first, byte for byte")
    check("\x1b" not in out, "--heatmap into a pipe: no escape codes")
    grid = out.splitlines()[out.splitlines().index(next(l for l in out.splitlines() if l.startswith(title))) + 3:][:5]
    got = [[float(v) for v in line.split()[1:]] for line in grid]
    check(got == [[round(v, 3) for v in row] for row in weights], "--heatmap without colour: a grid of the values")

    r = run(attn, ["attention", "--heatmap", "--color", "always"], {"COLORTERM": "truecolor"})
    rows = heatmap_rows(r.stdout.decode(), title)
    ok = len(rows) == 5
    for i, row in enumerate(rows):
        for j, (sgr, v) in enumerate(row):
            bg = tuple(int(x) for x in sgr.split(";")[-3:])
            ok = ok and v == round(weights[i][j], 3) and close(bg, viridis(weights[i][j]), 2)
    check(ok, "--color always, truecolor: every A cell's background is viridis of its value")

    r = run(attn, ["attention", "--heatmap", "--color", "always"], {"TERM": "xterm-256color"})
    rows = heatmap_rows(r.stdout.decode(), title)
    ok = len(rows) == 5
    for i, row in enumerate(rows):
        for j, (sgr, v) in enumerate(row):
            index = int(sgr.split(";")[-1])
            w = weights[i][j]
            ok = ok and "48;5;" in sgr and index in {nearest_256(viridis(w + d)) for d in (-0.0005, 0, 0.0005)}
    check(ok, "--color always, 256 colours: every A cell is the nearest xterm colour to viridis")

    r = run(attn, ["attention", "--heatmap", "--color", "always"], {"TERM": "xterm"})
    rows = heatmap_rows(r.stdout.decode(), title)
    bins = {0: 45, 1: 44, 2: 46, 3: 42, 4: 103}  # magenta, blue, cyan, green, bright yellow
    ok = len(rows) == 5
    for i, row in enumerate(rows):
        for j, (sgr, v) in enumerate(row):
            ok = ok and int(sgr.split(";")[-1]) == bins[min(int(weights[i][j] * 5), 4)]
    check(ok, "--color always, 16 colours: every A cell is its viridis bin's ANSI colour")

    r = run(attn, ["mask", "--heatmap", "--color", "always"], {"COLORTERM": "24bit"})
    masked = re.findall(r"\x1b\[38;2;168;168;168;48;2;48;48;48m +\. +\x1b\[0m", r.stdout.decode())
    check(len(masked) == 10, f"mask --heatmap: the 10 masked cells are dark grey with a dot (got {len(masked)})")

    for env, args, what in [({}, ["--color", "never"], "--color never"),
                            ({"NO_COLOR": "1"}, [], "NO_COLOR=1")]:
        code, tty, _ = run_pty(attn, ["attention", "--heatmap"] + args, dict(env, TERM="xterm-256color"), "stdout")
        check(code == 0 and b"\x1b" not in tty and tty.startswith(plain),
              f"{what} on a terminal: no escape codes, the text unchanged")
    code, tty, _ = run_pty(attn, ["attention", "--heatmap"], {"TERM": "xterm-256color"}, "stdout")
    check(code == 0 and b"\x1b[38;5;" in tty and tty.startswith(plain), "auto on a terminal: 256 colours")

    lesson = run(attn, ["lesson", "3", "--heatmap"]).stdout.decode()
    check("\n床  1.00" in lesson and "光  0.02  0.14  0.02  0.09  0.73" in lesson,
          "lesson 3 --heatmap: rows labelled with the lesson's characters")
    for args in (["lesson", "1", "2", "--heatmap"], ["attention", "--heatmap", "--color", "sometimes"],
                 ["attention", "--n", "101", "--heatmap"], ["mask", "--n", "3000", "--svg", "big.svg"]):
        r = run(attn, args)
        check(r.returncode == 2 and r.stdout == b"" and r.stderr.decode().count("\n") == 1,
              f"attn {' '.join(args)}: exit 2, one line, nothing on stdout")


def progress_tests(attn):
    # about 1 s of work here (240M normal draws); the line appears after 0.25 s
    args = ["scaling", "--r", "100000", "--sweep", "400"]
    piped = run(attn, args)
    check(piped.returncode == 0 and piped.stderr == b"", "scaling, stderr a pipe: nothing on stderr")
    code, tty, out = run_pty(attn, args, {"TERM": "xterm"}, "stderr")
    check(code == 0 and out == piped.stdout, "scaling, stderr a terminal: stdout unchanged")
    check(re.search(rb"\rattn scaling: \d+% \(Dq = \d+\)\x1b\[K", tty) is not None and tty.endswith(b"\r\x1b[K"),
          f"scaling, stderr a terminal: a progress line, erased at the end (got {tty[:60]!r}…)")
    # cost: about a second of the recompute kernel here; updates inside and after each timed run. Under
    # AddressSanitizer (ATTN_SANITIZED, set by CMake for that build) the kernel runs some 50x
    # slower, so shorter lengths give the same second or so.
    lengths = "300,400" if os.environ.get("ATTN_SANITIZED") else "600,800,1000,1200"
    args = ["cost", "--t", lengths, "--kernel", "recompute", "--repeats", "1"]
    piped = run(attn, args)
    check(piped.returncode == 0 and piped.stderr == b"", "cost, stderr a pipe: nothing on stderr")
    code, tty, out = run_pty(attn, args, {"TERM": "xterm"}, "stderr")
    check(code == 0 and out.startswith("注意力的代價".encode()) and b"\r" not in out and b"\x1b" not in out,
          "cost, stderr a terminal: stdout has the text and none of the line's bytes")
    check(re.search(rb"\rattn cost: \d+% \((naive|flash|kv-cache|recompute), T = \d+\)\x1b\[K", tty) is not None and tty.endswith(b"\r\x1b[K"),
          f"cost, stderr a terminal: a progress line, erased at the end (got {tty[:60]!r}…)")
    # multihead: 64 heads compared pairwise over N² weights (--heatmap), about a second here
    n = "200" if os.environ.get("ATTN_SANITIZED") else "500"
    args = ["multihead", "--d", "64", "--n", n, "--sweep", "64", "--heatmap"]
    piped = run(attn, args)
    check(piped.returncode == 0 and piped.stderr == b"", "multihead, stderr a pipe: nothing on stderr")
    code, tty, out = run_pty(attn, args, {"TERM": "xterm"}, "stderr")
    check(code == 0 and out == piped.stdout, "multihead, stderr a terminal: stdout unchanged")
    check(re.search(rb"\rattn multihead: \d+% \(H = \d+(, comparing heads)?\)\x1b\[K", tty) is not None and tty.endswith(b"\r\x1b[K"),
          f"multihead, stderr a terminal: a progress line, erased at the end (got {tty[:60]!r}…)")
    # the comparison of the heads is most of the run: the line goes on past the heads' passes
    shown = [int(x) for x in re.findall(rb"\rattn multihead: (\d+)%", tty)]
    check(shown and max(shown) >= 50, f"multihead: the line counts the heads' comparison too (got {shown})")
    check(b"(H = 64, comparing heads)" in tty, "multihead: the line names the comparison as its step")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--attn", required=True)
    attn = p.parse_args().attn
    if shutil.which("rsvg-convert") is None:
        print("SKIP: rsvg-convert is not installed (Debian librsvg2-bin, see tools/install-deps.sh)")
        return 77
    try:   # the heatmap and progress checks need a terminal; a container without /dev/pts has none
        for fd in pty.openpty():
            os.close(fd)
    except OSError as e:
        print(f"SKIP: no pseudo-terminal to test terminal output on ({e})")
        return 77
    with tempfile.TemporaryDirectory() as tmp:
        svg_tests(attn, tmp)
        cost_tests(attn, tmp)
        udl_tests(attn, tmp)
    heatmap_tests(attn)
    progress_tests(attn)
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
