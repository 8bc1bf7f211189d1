#pragma once
// Colour for pictures: the palettes (data value -> sRGB) and the terminal's colour spaces (sRGB ->
// the nearest xterm-256 or ANSI-16 colour). Shared by the terminal heatmap and the SVG writer, so
// a cell has the same colour in both. See docs/pictures.md.
#include <cstdint>
#include <string>

namespace attn::render {

struct Rgb {
    std::uint8_t r = 0, g = 0, b = 0;
    bool operator==(const Rgb& o) const { return r == o.r && g == o.g && b == o.b; }
    bool operator!=(const Rgb& o) const { return !(*this == o); }
};

// "#rrggbb", lower case.
std::string hex(Rgb c);

// Sequential, colour-blind safe: viridis (matplotlib's default map, designed to read the same in
// the common colour-vision deficiencies and in grey), as 10 stops at k/9 interpolated linearly in
// sRGB. t is clamped to [0, 1]; NaN maps to 0.
Rgb viridis(double t);

// Diverging, colour-blind safe: ColorBrewer's 11-class RdBu reversed, so that t = -1 is dark
// blue, 0 is near-white and +1 is dark red; linear between the 11 stops. t is clamped to [-1, 1].
Rgb rdbu(double t);

// How values map to colours in a heatmap.
enum class Scale {
    weights,  // viridis over the fixed range [0, 1]: attention weights are probabilities
    signed_,  // rdbu over [-limit, +limit], limit = the largest |value| in the picture (0 -> white)
};
Rgb scale_colour(Scale scale, double value, double limit);

// Text drawn on a background: black or white, whichever has the higher WCAG contrast ratio.
Rgb readable_text_on(Rgb background);

// The terminal's fallback colour spaces, xterm's default values.
Rgb xterm256_rgb(int index);    // 16..255: the 6x6x6 cube and the 24-step grey ramp
int xterm256_index(Rgb c);      // the nearest colour of 16..255 (the first 16 are user-themed)
Rgb ansi16_rgb(int index);      // 0..15

// The 16-colour fallback is not the nearest colour: terminal themes redefine the 16 ANSI colours,
// and the nearest of xterm's values turns most of viridis into grey. Instead each palette is
// binned onto five ANSI colours of the same hue order: weights magenta, blue, cyan, green, bright
// yellow (viridis' purple to yellow); signed values blue, bright blue, bright white, bright red,
// red. Returns the ANSI index 0..15.
int ansi16_colour(Scale scale, double value, double limit);

}  // namespace attn::render
