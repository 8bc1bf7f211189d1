#include "render/palette.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace attn::render {
namespace {

// viridis at t = 0, 1/9, …, 1 (van der Walt and Smith's map as matplotlib ships it).
constexpr std::array<Rgb, 10> kViridis{{{0x44, 0x01, 0x54}, {0x48, 0x28, 0x78}, {0x3e, 0x4a, 0x89},
                                        {0x31, 0x68, 0x8e}, {0x26, 0x82, 0x8e}, {0x1f, 0x9e, 0x89},
                                        {0x35, 0xb7, 0x79}, {0x6e, 0xce, 0x58}, {0xb5, 0xde, 0x2b},
                                        {0xfd, 0xe7, 0x25}}};

// ColorBrewer RdBu, 11 classes (Cynthia Brewer, colorbrewer2.org), from blue (-1) to red (+1).
constexpr std::array<Rgb, 11> kBlueRed{{{0x05, 0x30, 0x61}, {0x21, 0x66, 0xac}, {0x43, 0x93, 0xc3},
                                        {0x92, 0xc5, 0xde}, {0xd1, 0xe5, 0xf0}, {0xf7, 0xf7, 0xf7},
                                        {0xfd, 0xdb, 0xc7}, {0xf4, 0xa5, 0x82}, {0xd6, 0x60, 0x4d},
                                        {0xb2, 0x18, 0x2b}, {0x67, 0x00, 0x1f}}};

std::uint8_t mix(std::uint8_t a, std::uint8_t b, double f) {
    return static_cast<std::uint8_t>(std::lround(a + (static_cast<double>(b) - a) * f));
}

// Piecewise-linear interpolation over evenly spaced stops, u in [0, 1].
template <std::size_t N>
Rgb interpolate(const std::array<Rgb, N>& stops, double u) {
    if (!(u > 0)) return stops.front();   // also NaN
    if (u >= 1) return stops.back();
    const double x = u * static_cast<double>(N - 1);
    const auto i = static_cast<std::size_t>(x);
    const double f = x - static_cast<double>(i);
    const Rgb a = stops[i], b = stops[i + 1];
    return {mix(a.r, b.r, f), mix(a.g, b.g, f), mix(a.b, b.b, f)};
}

// WCAG 2 relative luminance of an sRGB colour.
double luminance(Rgb c) {
    const auto channel = [](std::uint8_t v) {
        const double s = v / 255.0;
        return s <= 0.04045 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
}

long distance2(Rgb a, Rgb b) {
    const long dr = long{a.r} - b.r, dg = long{a.g} - b.g, db = long{a.b} - b.b;
    return dr * dr + dg * dg + db * db;
}

constexpr std::array<std::uint8_t, 6> kCubeLevels{0, 95, 135, 175, 215, 255};

// xterm's defaults for the 16 ANSI colours (black, red, …, white, then the bright ones).
constexpr std::array<Rgb, 16> kAnsi16{{{0, 0, 0},       {205, 0, 0},     {0, 205, 0},     {205, 205, 0},
                                       {0, 0, 238},     {205, 0, 205},   {0, 205, 205},   {229, 229, 229},
                                       {127, 127, 127}, {255, 0, 0},     {0, 255, 0},     {255, 255, 0},
                                       {92, 92, 255},   {255, 0, 255},   {0, 255, 255},   {255, 255, 255}}};

}  // namespace

std::string hex(Rgb c) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c.r, c.g, c.b);
    return buf;
}

Rgb viridis(double t) { return interpolate(kViridis, t); }

Rgb rdbu(double t) { return interpolate(kBlueRed, std::isnan(t) ? 0.5 : (t + 1.0) / 2.0); }

Rgb scale_colour(Scale scale, double value, double limit) {
    if (scale == Scale::weights) return viridis(value);
    if (!(limit > 0) || !std::isfinite(limit)) return rdbu(0.0);
    return rdbu(value / limit);
}

Rgb readable_text_on(Rgb background) {
    // contrast ratio (L1 + 0.05) / (L2 + 0.05) against black (L = 0) and white (L = 1)
    const double l = luminance(background);
    return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? Rgb{0, 0, 0} : Rgb{255, 255, 255};
}

Rgb xterm256_rgb(int index) {
    if (index < 16) return ansi16_rgb(index);
    if (index >= 232) {
        const auto v = static_cast<std::uint8_t>(8 + 10 * (index - 232));
        return {v, v, v};
    }
    const int i = index - 16;
    return {kCubeLevels[static_cast<std::size_t>(i / 36)], kCubeLevels[static_cast<std::size_t>(i / 6 % 6)],
            kCubeLevels[static_cast<std::size_t>(i % 6)]};
}

int xterm256_index(Rgb c) {
    int best = 16;
    long best_distance = distance2(c, xterm256_rgb(16));
    for (int i = 17; i < 256; ++i) {
        const long d = distance2(c, xterm256_rgb(i));
        if (d < best_distance) best = i, best_distance = d;
    }
    return best;
}

Rgb ansi16_rgb(int index) { return kAnsi16[static_cast<std::size_t>(index & 15)]; }

int ansi16_colour(Scale scale, double value, double limit) {
    static constexpr std::array<int, 5> kWeights{5, 4, 6, 2, 11}, kSigned{4, 12, 15, 9, 1};
    double u = 0;   // the position in the palette, 0..1
    if (scale == Scale::weights) {
        u = value;
    } else if (limit > 0 && std::isfinite(limit)) {
        u = (value / limit + 1.0) / 2.0;
    } else {
        u = 0.5;
    }
    if (std::isnan(u)) u = scale == Scale::weights ? 0.0 : 0.5;
    const auto bin = static_cast<std::size_t>(std::clamp(std::floor(u * 5), 0.0, 4.0));
    return scale == Scale::weights ? kWeights[bin] : kSigned[bin];
}

}  // namespace attn::render
