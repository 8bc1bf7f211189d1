#include "render/svg/heatmap_svg.hpp"

#include <algorithm>
#include <cmath>

#include "render/svg/layout.hpp"
#include "render/svg/svg_writer.hpp"

namespace attn::render::svg {
namespace {

constexpr double kCell = 64, kCellHeight = 36;       // a cell fits "-12.345" at 13 px
constexpr double kLabelWidth = 40, kTitleHeight = 52, kHeaderHeight = 24;
constexpr double kLegendGap = 16, kLegendWidth = 16, kLegendLabel = 56, kMapGap = 36, kMargin = 16;

double map_width(const Heatmap& h) {
    return kLabelWidth + static_cast<double>(h.columns) * kCell + kLegendGap + kLegendWidth + kLegendLabel;
}

double map_height(const Heatmap& h) { return kTitleHeight + kHeaderHeight + static_cast<double>(h.rows) * kCellHeight; }

// A vertical colour bar: the palette from the lowest value (bottom) to the highest (top).
void legend(Writer& w, const Heatmap& h, double x, double y, double height) {
    const bool weights = h.scale == Scale::weights;
    const double limit = colour_limit(h);
    const double lo = weights ? 0.0 : -limit, hi = weights ? 1.0 : limit;
    constexpr int kSteps = 32;
    for (int k = 0; k < kSteps; ++k) {
        const double v = lo + (hi - lo) * (k + 0.5) / kSteps;
        const double top = y + height * (kSteps - 1 - k) / kSteps;
        w.empty("rect", {{"x", number(x)}, {"y", number(top)}, {"width", number(kLegendWidth)},
                         {"height", number(height / kSteps + 0.5)}, {"fill", hex(scale_colour(h.scale, v, hi))}});
    }
    w.empty("rect", {{"x", number(x)}, {"y", number(y)}, {"width", number(kLegendWidth)},
                     {"height", number(height)}, {"fill", "none"}, {"stroke", "#555555"}});
    const auto tick = [&](double v, double ty) {
        w.label({{"x", number(x + kLegendWidth + 4)}, {"y", number(ty + 4)}, {"font-size", "11"}},
                    fixed_text(v, h.decimals));
    };
    tick(hi, y);
    tick((lo + hi) / 2, y + height / 2);
    tick(lo, y + height);
}

void draw(Writer& w, const Heatmap& h, std::size_t index, double left, double top) {
    check_shape(h);
    w.label({{"x", number(left)}, {"y", number(top + 16)}, {"font-size", "14"}, {"font-weight", "bold"}},
                h.title);
    w.label({{"x", number(left)}, {"y", number(top + 36)}, {"font-size", "12"}, {"fill", "#333333"}},
                h.axes);
    const double grid_left = left + kLabelWidth, grid_top = top + kTitleHeight + kHeaderHeight;
    for (std::size_t c = 0; c < h.columns; ++c) {
        w.label({{"x", number(grid_left + (c + 0.5) * kCell)}, {"y", number(grid_top - 8)},
                             {"font-size", "12"}, {"text-anchor", "middle"}},
                    h.column_labels[c]);
    }
    for (std::size_t r = 0; r < h.rows; ++r) {
        const double y = grid_top + r * kCellHeight;
        w.label({{"x", number(grid_left - 8)}, {"y", number(y + kCellHeight / 2 + 4)},
                             {"font-size", "12"}, {"text-anchor", "end"}},
                    h.row_labels[r]);
        for (std::size_t c = 0; c < h.columns; ++c) {
            const double x = grid_left + c * kCell;
            const bool masked = is_masked(h, r, c);
            const Rgb fill = masked ? kMaskedFill : cell_colour(h, r, c);
            const std::string id = "cell-" + std::to_string(index + 1) + "-" + std::to_string(r + 1) + "-" + std::to_string(c + 1);
            w.open("g", {{"id", id}});
            w.with_text("title", {}, h.row_labels[r] + ", " + h.column_labels[c] + ": " +
                                         (masked ? std::string("masked") : cell_text(h, r, c)));
            w.empty("rect", {{"x", number(x)}, {"y", number(y)}, {"width", number(kCell)},
                             {"height", number(kCellHeight)}, {"fill", hex(fill)}, {"stroke", "#ffffff"}});
            if (masked) {   // a centred dot, drawn rather than typed so that it is the same in any font
                w.empty("circle", {{"cx", number(x + kCell / 2)}, {"cy", number(y + kCellHeight / 2)}, {"r", "2.5"},
                                   {"fill", "#555555"}});
            } else {
                w.label({{"x", number(x + kCell / 2)}, {"y", number(y + kCellHeight / 2 + 4.5)},
                                     {"font-size", "13"}, {"text-anchor", "middle"}, {"fill", hex(readable_text_on(fill))}},
                            cell_text(h, r, c));
            }
            w.close();
        }
    }
    legend(w, h, grid_left + h.columns * kCell + kLegendGap, grid_top, h.rows * kCellHeight);
}

}  // namespace

std::string heatmaps_svg(const std::vector<Heatmap>& maps) {
    // One below the other, so that a long title never runs into the next picture.
    double width = 0, height = kMargin - kMapGap;
    for (const Heatmap& h : maps) {
        width = std::max({width, map_width(h), text_width(h.title, 14), text_width(h.axes, 12)});
        height += map_height(h) + kMapGap;
    }
    width = std::ceil(width + 2 * kMargin);
    height += kMargin;
    Writer w(width, height);
    w.empty("rect", {{"width", number(width)}, {"height", number(height)}, {"fill", "#ffffff"}});
    w.open("g", {{"font-family", kFontFamily}});
    double top = kMargin;
    for (std::size_t k = 0; k < maps.size(); ++k) {
        draw(w, maps[k], k, kMargin, top);
        top += map_height(maps[k]) + kMapGap;
    }
    w.close();
    return w.finish();
}

}  // namespace attn::render::svg
