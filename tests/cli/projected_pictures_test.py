#!/usr/bin/env python3
"""Pictures a teacher can project (issue 31, points 1 and 6), checked the way a room sees them:
rendered by rsvg-convert, Debian's ImageMagick (`/usr/bin/convert`) and headless Chromium (each
when installed), then
each label's place compared with the same picture drawn without its text: the text must leave ink
there in every renderer (ImageMagick's own renderer dropped the Chinese title and legend).

class.svg (from a small graded class, in Chinese and in English): the legend has a swatch for
every shade a bar uses; each known mistake is named in a <text> (not only in a <title> tooltip);
no unexplained "2/1/0" counts; the font list names CJK fonts before the generic family; no text is
stroked. The heatmap SVGs of attention, mask, permutation and lesson (point 6: --svg for the last
two): every text stroke="none", and the labels present when rendered.

ATTN_PICTURES_OUT=DIR keeps the PNG renderings there. A renderer that is not installed is skipped
with a note (tools/install-deps.sh installs librsvg2-bin, imagemagick, fonts-wqy-microhei)."""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import Checks, run_attn  # noqa: E402
from svg_rendering import (SVG, check_rendering, dejavu_only_env, digit_heights,  # noqa: E402
                           texts, titles)

FORGOT_MIX = "forgot the mixing matrix Omega_c (D x D, applied to all N positions)"
FORGOT_MIX_ZH = "漏了混合矩陣 Omega_c"
CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")


def class_run(attn, tmp, lang):
    """A class of four with the chapter's numbers: all right, a known mistake, another wrong answer,
    problem 3 missing, graded with --lang LANG ("default": no --lang, no ATTN_LANG). Returns the
    run and the class.svg path."""
    key = run_attn(attn, ["homework", "--key", "--variant", "chapter"], text=True).stdout
    sheets = {
        "s1": key,
        "s2": re.sub(r"(?m)^params = .*$", 'params = "3*D^2"', key, count=1),
        "s3": re.sub(r"(?m)^kept_sum = .*$", "kept_sum = 12345.5", key, count=1),
        "s4": key.split("[hw3")[0],
    }
    folder = os.path.join(tmp, f"class-{lang}")
    os.makedirs(folder)
    rows = ["id,sheet,name,variant"]
    for sid, text in sheets.items():
        with open(os.path.join(folder, sid + ".toml"), "w", encoding="utf-8") as f:
            f.write(text)
        rows.append(f"{sid},{sid}.toml,Student {sid},chapter")
    with open(os.path.join(folder, "roster.csv"), "w", encoding="utf-8") as f:
        f.write("\n".join(rows) + "\n")
    out = os.path.join(folder, "out")
    env = {k: v for k, v in os.environ.items() if k not in ("ATTN_COURSE_SECRET", "ATTN_LANG")}
    chosen = ["--lang", lang] if lang not in ("default", "ATTN_LANG") else []
    if lang == "ATTN_LANG":
        env["ATTN_LANG"] = "zh-TW"
    r = run_attn(attn, ["homework", "--grade-class", os.path.join(folder, "roster.csv"), "--out", out] + chosen,
                 env=env, text=True)
    return r, os.path.join(out, "class.svg")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--attn", required=True)
    a = p.parse_args()
    checks = Checks("projected_pictures")
    check = checks.check
    keep = os.environ.get("ATTN_PICTURES_OUT")
    if keep:
        os.makedirs(keep, exist_ok=True)
    have_cjk_font = bool(subprocess.run(["fc-list", ":lang=zh-tw"], capture_output=True, text=True).stdout.strip()) \
        if shutil.which("fc-list") else False
    tmp = tempfile.mkdtemp()
    try:
        drawn = {}
        for lang in ("default", "zh-TW", "en"):
            r, path = class_run(a.attn, tmp, lang)
            if not check(os.path.exists(path), f"class.svg ({lang}) written (exit {r.returncode}: {r.stderr.strip()[:200]})"):
                continue
            with open(path, "rb") as f:
                drawn[lang] = f.read()
            if lang == "en":
                check(drawn[lang] == drawn.get("default"), "class.svg: --lang en draws the default's bytes (English)")
                continue
            root = ET.parse(path).getroot()
            bars = [g for g in root.iter(SVG + "g") if g.get("id", "").startswith("key-")]
            in_bars = {id(rect) for g in bars for rect in g.iter(SVG + "rect")}
            used = {rect.get("fill") for g in bars for rect in g.iter(SVG + "rect")}
            swatches = {rect.get("fill") for rect in root.iter(SVG + "rect")
                        if id(rect) not in in_bars and rect.get("width") == rect.get("height")}
            check(used and used <= swatches, f"class.svg ({lang}): every shade of the bars is in the legend "
                                             f"(unlabelled: {sorted(used - swatches)})")
            words = [t for _, t, *_ in texts(root)]
            if lang == "zh-TW":
                check(any(FORGOT_MIX_ZH in t for t in words), "class.svg (zh-TW): the known mistake is named in Chinese")
                check(not any(FORGOT_MIX in t for t in words) and not any(FORGOT_MIX in t for t in titles(root)),
                      "class.svg (zh-TW): no English hint under a Chinese bar, nor in its tooltip")
                check(not any("known mistake" in t or "Each bar" in t for t in words),
                      "class.svg (zh-TW): the legend and the note on the counts in Chinese")
            else:
                check(any(FORGOT_MIX in t for t in words), f"class.svg ({lang}): the known mistake is named on the picture")
                # English unless a language is chosen: a server with DejaVu alone draws it whole.
                check(not any(CJK.search(t) for t in words + titles(root)),
                      f"class.svg ({lang}): not one CJK character ({[t for t in words if CJK.search(t)][:3]})")
            check(not any(re.fullmatch(r"\d+/\d+/\d+", t.strip()) for t in words),
                  f"class.svg ({lang}): no unexplained right/wrong/missing triple")
            check(any(re.search(r"\b1\b", t) for t in words if "·" in t), f"class.svg ({lang}): counts in words beside the bars")
            # The list (style, for rsvg and browsers), then one family (the attribute, which
            # ImageMagick's renderer reads last): DejaVu Sans, or a CJK font where the text is Chinese.
            lists = [re.sub(r"^font-family:\s*", "", g.get("style", "")) for g in root.iter(SVG + "g") if g.get("font-family")]
            check(lists and all("Noto Sans CJK TC" in f and "WenQuanYi" in f and f.rstrip().endswith("sans-serif")
                                for f in lists), f"class.svg ({lang}): CJK fonts in the font list ({lists[:1]})")
            singles = {t.get("font-family") for t, text, *_ in texts(root) if CJK.search(text)}
            check(all(f and "," not in f for f in singles) and (lang != "zh-TW" or singles == {"WenQuanYi Micro Hei"}),
                  f"class.svg ({lang}): Chinese text names one CJK family for ImageMagick ({singles})")
            check(all(t.get("stroke") == "none" for t, *_ in texts(root)), f"class.svg ({lang}): no text is stroked")
            if lang == "zh-TW" and not have_cjk_font:
                print("note: no Traditional Chinese font (fc-list :lang=zh-tw); the Chinese labels were not checked for ink")
                check_rendering(check, f"class-{lang}", path, keep, wanted=lambda t: not CJK.search(t), browser=True)
            else:
                check_rendering(check, f"class-{lang}", path, keep, browser=True)
            dejavu = dejavu_only_env(tmp) if lang == "default" else None
            if dejavu:
                # A server with DejaVu alone (no CJK font): the default class.svg reads whole, in
                # rsvg and in ImageMagick.
                for renderer in ("rsvg", "imagemagick"):
                    check_rendering(check, "class-default-dejavu-only", path, keep, env=dejavu, only=renderer)

        # ATTN_LANG chooses the language as --lang does: class.svg in Chinese.
        r, path = class_run(a.attn, tmp, "ATTN_LANG")
        check(os.path.exists(path) and FORGOT_MIX_ZH in open(path, encoding="utf-8").read(),
              f"class.svg (ATTN_LANG=zh-TW): in Chinese (exit {r.returncode})")

        # Heatmaps from the back of a room (issue 31): every text 15 px or more, and an 8 x 8
        # attention (both maps) shrunk to a 1024 x 768 projector still has cell digits 14 px tall
        # (their ink, anti-aliasing included; 10 to 11 px with 13 px values in 64 x 36 cells).
        path = os.path.join(tmp, "projected.svg")
        r = run_attn(a.attn, ["attention", "--n", "8", "--svg", path], text=True)
        if check(r.returncode == 0, f"attention --n 8 --svg: written ({r.stderr.strip()})"):
            root = ET.parse(path).getroot()
            small = sorted({size for _, _, _, _, size, _ in texts(root) if size < 15})
            check(not small, f"attention.svg: every text 15 px or more (smaller: {small})")
            heights = digit_heights(path, root, ["cell-1-1-1", "cell-2-2-2"], 1024, 768)
            if heights is not None:
                check(min(heights) >= 14, f"attention.svg fit to 1024 x 768: the cells' digits 14 px tall or more "
                                          f"({heights} px)")

        # Heatmap pictures: text never stroked; every label drawn in each renderer.
        for name, args in [("attention", ["attention", "--n", "8"]), ("mask", ["mask"]),
                           ("permutation", ["permutation"]), ("lesson", ["lesson", "3"])]:
            path = os.path.join(tmp, name + ".svg")
            r = run_attn(a.attn, args + ["--svg", path], text=True)
            if not check(r.returncode == 0 and os.path.exists(path), f"attn {' '.join(args)} --svg: written ({r.stderr.strip()})"):
                continue
            root = ET.parse(path).getroot()
            check(all(t.get("stroke") == "none" for t, *_ in texts(root)), f"{name}.svg: no text is stroked")
            check_rendering(check, name, path, keep, wanted=(lambda t: have_cjk_font or not CJK.search(t)),
                            browser=name in ("lesson", "permutation"))   # the pictures with Chinese text
    finally:
        shutil.rmtree(tmp)
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
