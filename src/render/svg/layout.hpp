#pragma once
// What the SVG pictures share: the font, how numbers are labelled, how wide a label is.
#include <string>

namespace attn::render::svg {

// DejaVu Sans is on most Linux systems (and the test's renderer); then fonts with the Traditional
// Chinese of class.svg's words and the lesson's characters (Noto/Source Han, WenQuanYi, AR PL on
// Linux; Microsoft JhengHei on Windows; PingFang on macOS), then the generic family. A renderer
// takes the first font that has each character, so Latin stays DejaVu. See docs/pictures.md.
// What a <text> holding CJK characters says (svg_writer.cpp): the CJK fonts first, then the rest;
// its first family (the one ImageMagick's renderer uses) WenQuanYi Micro Hei, Debian's
// fonts-wqy-microhei, which has Latin letters and digits too.
inline constexpr const char* kCjkFontFamily =
    "WenQuanYi Micro Hei, Noto Sans CJK TC, Noto Sans TC, Source Han Sans TC, WenQuanYi Zen Hei, AR PL UMing TW, "
    "Microsoft JhengHei, PingFang TC, DejaVu Sans, sans-serif";
inline constexpr const char* kFontFamily =
    "DejaVu Sans, Noto Sans CJK TC, Noto Sans TC, Source Han Sans TC, WenQuanYi Micro Hei, WenQuanYi Zen Hei, "
    "AR PL UMing TW, Microsoft JhengHei, PingFang TC, Verdana, Arial, sans-serif";

// An axis label: up to 6 significant digits, no trailing zeros, no exponent below 1e9
// (0.25, 9216, 101760).
std::string tick_label(double v);

// An estimate of a label's width in px at `font_size` (0.62 em per column, wide characters two
// columns), enough to size the picture so that no text is cut off.
double text_width(const std::string& utf8, double font_size);

}  // namespace attn::render::svg
