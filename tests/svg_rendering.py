"""Rendering SVG pictures as a room sees them, for the tests of pictures (tests/cli/
projected_pictures_test.py, tests/gpt2/udl124_attention_test.py): rsvg-convert, Debian's ImageMagick
and headless Chromium, each when installed; a label counts as drawn when the rendering with the text
differs from the one without it where the label is."""
import os
import re
import shutil
import subprocess
import unicodedata
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def display_width(text):
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def texts(root):
    """(element, text, x, y, size, anchor) of each <text>, with inherited attributes resolved."""
    out = []
    for t in root.iter(SVG + "text"):
        out.append((t, t.text or "", float(t.get("x", 0)), float(t.get("y", 0)), float(t.get("font-size", 16)),
                    t.get("text-anchor", "start")))
    return out


def titles(root):
    return [t.text or "" for t in root.iter(SVG + "title")]


def without_text(svg_text):
    return re.sub(r"<text\b[^>]*>.*?</text>", "", svg_text, flags=re.S)


def renderers():
    found = []
    if shutil.which("rsvg-convert"):
        found.append(("rsvg", lambda svg, png: ["rsvg-convert", "-b", "white", "-o", png, svg]))
    if os.path.exists("/usr/bin/convert"):   # Debian's ImageMagick itself (not a wrapper earlier on PATH)
        found.append(("imagemagick", lambda svg, png: ["/usr/bin/convert", "-background", "white", svg, png]))
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    # Headless, the page the size of the picture (not under the sanitizers: the same SVG, rendered
    # once is enough).
    if chromium and not os.environ.get("ATTN_SANITIZED"):
        def shot(svg, png):
            root = ET.parse(svg).getroot()
            size = f"{int(float(root.get('width')))},{int(float(root.get('height')))}"
            return [chromium, "--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars",
                    f"--screenshot={png}", f"--window-size={size}", "file://" + os.path.abspath(svg)]
        found.append(("chromium", shot))
    return found


def pixels(png):
    """(width, height, bytes RGB) of a PNG, read through ImageMagick."""
    size = subprocess.run(["/usr/bin/identify", "-format", "%w %h", png], capture_output=True, text=True).stdout.split()
    w, h = int(size[0]), int(size[1])
    raw = subprocess.run(["/usr/bin/convert", png, "-alpha", "remove", "-depth", "8", "rgb:-"], capture_output=True).stdout
    return w, h, raw


def ink_in(a, b, box):
    """How many pixels differ between renderings a and b inside box (x0, y0, x1, y1)."""
    w, h, ra = a
    _, _, rb = b
    x0, y0, x1, y1 = (max(0, int(box[0])), max(0, int(box[1])), min(w, int(box[2]) + 1), min(h, int(box[3]) + 1))
    n = 0
    for y in range(y0, y1):
        row = y * w * 3
        sa, sb = ra[row + 3 * x0: row + 3 * x1], rb[row + 3 * x0: row + 3 * x1]
        if sa != sb:
            n += sum(1 for i in range(0, len(sa), 3) if sa[i:i + 3] != sb[i:i + 3])
    return n


def check_rendering(check, name, svg_path, keep, wanted=lambda text: True, env=None, only=None, browser=False):
    """Renders svg_path with and without its text in each renderer (or the one named `only`): ink
    where each wanted label is. Chromium only when `browser` (a browser start costs seconds)."""
    root = ET.parse(svg_path).getroot()
    with open(svg_path, encoding="utf-8") as f:
        bare = without_text(f.read())
    bare_path = svg_path + ".bare.svg"
    with open(bare_path, "w", encoding="utf-8") as f:
        f.write(bare)
    if not os.path.exists("/usr/bin/convert"):
        print(f"note: ImageMagick is not installed; {name} was not rendered")
        return
    for renderer, command in renderers():
        if only and renderer != only:
            continue
        if renderer == "chromium" and not browser:
            continue
        full_png, bare_png = f"{svg_path}.{renderer}.png", f"{svg_path}.{renderer}.bare.png"
        r1 = subprocess.run(command(svg_path, full_png), capture_output=True, text=True, timeout=120, env=env)
        r2 = subprocess.run(command(bare_path, bare_png), capture_output=True, text=True, timeout=120, env=env)
        if not check(r1.returncode == 0 and r2.returncode == 0 and os.path.exists(full_png),
                     f"{name}: {renderer} renders it ({r1.stderr.strip()[:200]})"):
            continue
        if keep:
            shutil.copy(full_png, os.path.join(keep, f"{name}.{renderer}.png"))
        full, empty = pixels(full_png), pixels(bare_png)
        sx = full[0] / float(root.get("width", full[0]))
        missing = []
        for t, text, x, y, size, anchor in texts(root):
            if not text.strip() or not wanted(text):
                continue
            width = display_width(text) * 0.62 * size
            left = x - (width / 2 if anchor == "middle" else width if anchor == "end" else 0)
            box = (left * sx, (y - size) * sx, (left + width) * sx, (y + size * 0.3) * sx)
            if t.get("transform", "").startswith("rotate(90 "):   # written downwards from (x, y)
                box = ((x - size * 0.3) * sx, (y + left - x) * sx, (x + size) * sx, (y + left - x + width) * sx)
            area = (box[2] - box[0]) * (box[3] - box[1])
            if ink_in(full, empty, box) < max(4, 0.03 * area):
                missing.append(text)
        check(not missing, f"{name}: {renderer} draws every label ({len(missing)} missing: {missing[:4]})")
    check_inside(check, name, svg_path, env)


def check_inside(check, name, svg_path, env=None):
    """No ink past the picture's right or bottom edge: rendered by rsvg on a canvas half as large
    again (the same coordinates), every pixel beyond the picture's own width and height is white."""
    if not shutil.which("rsvg-convert") or not os.path.exists("/usr/bin/convert"):
        return
    with open(svg_path, encoding="utf-8") as f:
        text = f.read()
    root = ET.fromstring(text.encode("utf-8"))
    w, h = float(root.get("width")), float(root.get("height"))
    W, H = int(w * 1.5), int(h * 1.5)
    text = re.sub(r'<svg\b[^>]*>', lambda m: re.sub(r'\b(width|height|viewBox)="[^"]*"', "", m.group(0))[:-1] +
                  f' width="{W}" height="{H}" viewBox="0 0 {W} {H}">', text, count=1)
    text = re.sub(r'<rect width="[^"]*" height="[^"]*" fill="#ffffff"/>', "", text, count=1)   # the background
    big = svg_path + ".canvas.svg"
    with open(big, "w", encoding="utf-8") as f:
        f.write(text)
    png = big + ".png"
    subprocess.run(["rsvg-convert", "-b", "white", "-o", png, big], check=True, env=env, timeout=120)
    pw, ph, raw = pixels(png)
    outside = sum(1 for y in range(ph) for x in range(pw) if (x >= w + 1 or y >= h + 1)
                  and raw[(y * pw + x) * 3:(y * pw + x) * 3 + 3] != b"\xff\xff\xff")
    check(outside == 0, f"{name}: nothing drawn past the picture's edges ({outside} pixels beyond {w:g} x {h:g})")


def digit_heights(svg_path, root, cells, width, height):
    """The height in px of the ink each cell's value leaves, with the picture rendered by rsvg to fit
    width x height (as a projector shows it): the same rendering without text subtracted."""
    if not shutil.which("rsvg-convert") or not os.path.exists("/usr/bin/convert"):
        print("note: rsvg-convert or ImageMagick missing; the projected size of the digits was not measured")
        return None
    with open(svg_path, encoding="utf-8") as f:
        bare = without_text(f.read())
    bare_path = svg_path + ".bare.svg"
    with open(bare_path, "w", encoding="utf-8") as f:
        f.write(bare)
    shots = []
    for source in (svg_path, bare_path):
        png = source + ".fit.png"
        subprocess.run(["rsvg-convert", "-a", "-w", str(width), "-h", str(height), "-b", "white", "-o", png, source],
                       check=True)
        shots.append(pixels(png))
    (w, h, full), (_, _, empty) = shots
    scale = w / float(root.get("width"))
    out = []
    for cell in cells:
        rect = next(g for g in root.iter(SVG + "g") if g.get("id") == cell).find(SVG + "rect")
        x0, y0 = float(rect.get("x")) * scale, float(rect.get("y")) * scale
        x1, y1 = x0 + float(rect.get("width")) * scale, y0 + float(rect.get("height")) * scale
        rows = [y for y in range(int(y0) + 2, int(y1) - 1)
                if full[(y * w + int(x0) + 2) * 3:(y * w + int(x1) - 2) * 3] != empty[(y * w + int(x0) + 2) * 3:(y * w + int(x1) - 2) * 3]]
        out.append(rows[-1] - rows[0] + 1 if rows else 0)
    return out


def dejavu_only_env(tmp):
    """The environment of a machine with DejaVu as its only fonts (no CJK font): rsvg, ImageMagick
    and Chromium all read fontconfig's FONTCONFIG_FILE. None when DejaVu is not installed."""
    if not os.path.isdir("/usr/share/fonts/truetype/dejavu"):
        return None
    conf = os.path.join(tmp, "dejavu-only.conf")
    with open(conf, "w") as f:
        f.write('<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
                f'<dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>{tmp}/fc-cache</cachedir>'
                '</fontconfig>')
    return dict(os.environ, FONTCONFIG_FILE=conf)
