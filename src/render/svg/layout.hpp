#pragma once
// What the SVG pictures share: the font, how numbers are labelled, how wide a label is.
#include <string>

namespace attn::render::svg {

// DejaVu Sans is on most Linux systems (and the test's renderer); the rest are fallbacks.
inline constexpr const char* kFontFamily = "DejaVu Sans, Verdana, Arial, sans-serif";

// An axis label: up to 6 significant digits, no trailing zeros, no exponent below 1e9
// (0.25, 9216, 101760).
std::string tick_label(double v);

// An estimate of a label's width in px at `font_size` (0.62 em per column, wide characters two
// columns), enough to size the picture so that no text is cut off.
double text_width(const std::string& utf8, double font_size);

}  // namespace attn::render::svg
