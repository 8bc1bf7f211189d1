#pragma once
// Line charts as SVG: panels side by side sharing one legend, each with its own axes. The x ticks
// are the data's own x values (the Dq or H that were run); the y axis starts at y_min and ends at
// a round number, or (log_y) spans whole decades. Each point is a <g id="point-P-S-K"> (panel, series, point; 1-based) with a
// <title> giving its values.
#include <string>
#include <vector>

#include "render/palette.hpp"

namespace attn::render::svg {

struct Series {
    std::string name;                 // in the legend
    std::vector<double> x, y;         // equal lengths, in drawing order
    Rgb colour;
    bool dashed = false;
    bool square_markers = false;      // squares instead of circles, so series differ without colour
};

struct Panel {
    std::string title;
    std::string x_label, y_label;
    bool log_x = false;               // log10 x axis (x > 0)
    double y_min = 0;
    double y_max = 0;                 // 0: a round number above the largest y
    std::vector<Series> series;
    bool log_y = false;               // log10 y axis (y > 0), from the decade below the smallest
                                      // y to the decade above the largest, a tick at each decade;
                                      // y_min and y_max are then unused
};

struct Chart {
    std::string title;
    std::vector<Panel> panels;        // every panel has the same series names (one legend)
};

// Okabe and Ito's colour-blind-safe qualitative colours.
inline constexpr Rgb kVermillion{0xd5, 0x5e, 0x00};
inline constexpr Rgb kBlue{0x00, 0x72, 0xb2};
inline constexpr Rgb kBluishGreen{0x00, 0x9e, 0x73};
inline constexpr Rgb kReddishPurple{0xcc, 0x79, 0xa7};

std::string chart_svg(const Chart& chart);

// The top of a y axis whose largest value is `largest`: the first round number (a multiple of a
// 1, 2, 2.5 or 5 times 10^k step) at or above largest * 1.05; 1 when largest <= 0.
double round_axis_top(double largest);

}  // namespace attn::render::svg
