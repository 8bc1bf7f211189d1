// Palettes and the terminal's colour spaces (render/palette, render/terminal_colour).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "render/palette.hpp"
#include "render/terminal_colour.hpp"

using namespace attn::render;

namespace {
double luminance(Rgb c) {   // WCAG relative luminance, as readable_text_on uses
    const auto ch = [](int v) {
        const double s = v / 255.0;
        return s <= 0.04045 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * ch(c.r) + 0.7152 * ch(c.g) + 0.0722 * ch(c.b);
}
int max_channel_gap(Rgb a, Rgb b) {
    return std::max({std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b)});
}
}  // namespace

TEST_CASE("viridis: matplotlib's ends exactly, its middle within 2 per channel, lightness rising") {
    CHECK(hex(viridis(0)) == "#440154");
    CHECK(hex(viridis(1)) == "#fde725");
    // matplotlib's viridis(0.5) is #21918c (entry 128 of its 256); 10 stops get within 2
    CHECK(max_channel_gap(viridis(0.5), Rgb{0x21, 0x91, 0x8c}) <= 2);
    CHECK(max_channel_gap(viridis(0.25), Rgb{0x3b, 0x52, 0x8b}) <= 3);   // matplotlib's entry 64
    CHECK(max_channel_gap(viridis(0.75), Rgb{0x5e, 0xc9, 0x62}) <= 3);   // and 191
    CHECK(hex(viridis(-3)) == "#440154");      // clamped
    CHECK(hex(viridis(7)) == "#fde725");
    CHECK(hex(viridis(std::nan(""))) == "#440154");
    // a sequential palette must get lighter as the value grows, or it reads wrong in grey
    for (int k = 1; k <= 100; ++k) CHECK(luminance(viridis(k / 100.0)) > luminance(viridis((k - 1) / 100.0)));
}

TEST_CASE("RdBu, blue for negative and red for positive, lightest at 0") {
    CHECK(hex(rdbu(-1)) == "#053061");
    CHECK(hex(rdbu(0)) == "#f7f7f7");
    CHECK(hex(rdbu(1)) == "#67001f");
    for (int k = 1; k <= 100; ++k) {
        CHECK(luminance(rdbu(k / 100.0)) < luminance(rdbu((k - 1) / 100.0)));
        CHECK(luminance(rdbu(-k / 100.0)) < luminance(rdbu(-(k - 1) / 100.0)));
    }
    CHECK(scale_colour(Scale::signed_, -2.0, 2.0) == rdbu(-1));
    CHECK(scale_colour(Scale::signed_, 1.0, 0.0) == rdbu(0));   // an all-zero picture is white
    CHECK(scale_colour(Scale::weights, 0.25, 99) == viridis(0.25));   // weights ignore the limit
}

TEST_CASE("text colour: black on light cells, white on dark ones") {
    CHECK(readable_text_on(viridis(1)) == Rgb{0, 0, 0});
    CHECK(readable_text_on(viridis(0)) == Rgb{255, 255, 255});
    CHECK(readable_text_on(rdbu(0)) == Rgb{0, 0, 0});
    CHECK(readable_text_on(rdbu(1)) == Rgb{255, 255, 255});
}

TEST_CASE("xterm-256: the cube and the grey ramp, each colour its own nearest") {
    CHECK(xterm256_rgb(16) == Rgb{0, 0, 0});
    CHECK(xterm256_rgb(231) == Rgb{255, 255, 255});
    CHECK(xterm256_rgb(196) == Rgb{255, 0, 0});
    CHECK(xterm256_rgb(232) == Rgb{8, 8, 8});
    CHECK(xterm256_rgb(255) == Rgb{238, 238, 238});
    for (int i = 16; i < 256; ++i) CHECK(xterm256_index(xterm256_rgb(i)) == i);
    CHECK(xterm256_index(Rgb{0x44, 0x01, 0x54}) == 53);   // viridis(0) -> #5f005f
}

TEST_CASE("16 colours: each palette binned onto five ANSI colours in hue order") {
    CHECK(ansi16_colour(Scale::weights, 0.0, 1) == 5);    // magenta
    CHECK(ansi16_colour(Scale::weights, 0.3, 1) == 4);    // blue
    CHECK(ansi16_colour(Scale::weights, 0.5, 1) == 6);    // cyan
    CHECK(ansi16_colour(Scale::weights, 0.7, 1) == 2);    // green
    CHECK(ansi16_colour(Scale::weights, 1.0, 1) == 11);   // bright yellow
    CHECK(ansi16_colour(Scale::signed_, -3.0, 3) == 4);
    CHECK(ansi16_colour(Scale::signed_, 0.0, 3) == 15);
    CHECK(ansi16_colour(Scale::signed_, 3.0, 3) == 1);
    CHECK(ansi16_colour(Scale::signed_, 1.0, 0) == 15);
}

TEST_CASE("colour depth: --color, NO_COLOR, a terminal or not, TERM and COLORTERM") {
    const auto a = ColourMode::automatic;
    CHECK(colour_depth(ColourMode::never, true, nullptr, "xterm-256color", "truecolor") == ColourDepth::none);
    CHECK(colour_depth(a, false, nullptr, "xterm-256color", "truecolor") == ColourDepth::none);   // a pipe
    CHECK(colour_depth(a, true, "1", "xterm-256color", "truecolor") == ColourDepth::none);        // NO_COLOR
    CHECK(colour_depth(a, true, "", "xterm-256color", nullptr) == ColourDepth::xterm256);        // empty: unset
    CHECK(colour_depth(a, true, nullptr, "dumb", nullptr) == ColourDepth::none);
    CHECK(colour_depth(a, true, nullptr, "xterm", "24bit") == ColourDepth::truecolor);
    CHECK(colour_depth(a, true, nullptr, "screen-256color", nullptr) == ColourDepth::xterm256);
    CHECK(colour_depth(a, true, nullptr, "xterm", nullptr) == ColourDepth::ansi16);
    CHECK(colour_depth(a, true, nullptr, nullptr, nullptr) == ColourDepth::ansi16);
    // --color always wins over NO_COLOR and a pipe (no-color.org: a flag overrides the variable)
    CHECK(colour_depth(ColourMode::always, false, "1", "xterm", "truecolor") == ColourDepth::truecolor);
    CHECK(colour_depth(ColourMode::always, false, nullptr, nullptr, nullptr) == ColourDepth::ansi16);
}
