#include "render/svg/heatmap_svg.hpp"

#include <algorithm>
#include <cmath>

#include "render/svg/layout.hpp"
#include "render/svg/svg_writer.hpp"

namespace attn::render::svg {
namespace {

// Sizes for a room (issue 31): the values 18 px (digits about 13 px tall), every other text at
// least 15 px; and the cells as narrow as their values allow, so that the text is a large part of
// the picture and still reads when a projector shrinks the picture to its screen (an 8 x 8
// attention, both maps, fits 1024 x 768 with digits over 11 px tall; docs/pictures.md).
constexpr double kValueFont = 18, kLabelFont = 16, kTitleFont = 20, kAxesFont = 16, kTickFont = 15;
constexpr double kMinCell = 56, kCellHeight = 32;
constexpr double kMinLabelWidth = 30, kTitleHeight = 58, kHeaderHeight = 28;
constexpr double kLegendGap = 12, kLegendWidth = 20, kMapGap = 40, kMargin = 16;

// The row labels' column: the widest label (the lesson's "1 床") and its gap to the grid.
double label_width(const Heatmap& h) {
    double widest = 0;
    for (const std::string& l : h.row_labels) widest = std::max(widest, text_width(l, kLabelFont));
    return std::max(kMinLabelWidth, widest + 14);
}

// A cell's width: its widest value ("-12.345") or column label, with room either side.
double cell_width(const Heatmap& h) {
    double widest = 0;
    for (std::size_t r = 0; r < h.rows; ++r) {
        for (std::size_t c = 0; c < h.columns; ++c) widest = std::max(widest, text_width(cell_text(h, r, c), kValueFont));
    }
    for (const std::string& l : h.column_labels) widest = std::max(widest, text_width(l, kLabelFont));
    return std::max(kMinCell, std::ceil(widest + 14));
}

// The colour bar's labels: its ends and middle at the map's decimals.
double legend_label_width(const Heatmap& h) {
    const double hi = h.scale == Scale::weights ? 1.0 : colour_limit(h);
    return 6 + std::max(text_width(fixed_text(hi, h.decimals), kTickFont), text_width(fixed_text(-hi, h.decimals), kTickFont));
}

double map_width(const Heatmap& h) {
    return label_width(h) + static_cast<double>(h.columns) * cell_width(h) + kLegendGap + kLegendWidth +
           legend_label_width(h);
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
        w.label({{"x", number(x + kLegendWidth + 4)}, {"y", number(ty + 5)}, {"font-size", number(kTickFont)}},
                    fixed_text(v, h.decimals));
    };
    tick(hi, y);
    tick((lo + hi) / 2, y + height / 2);
    tick(lo, y + height);
}

void draw(Writer& w, const Heatmap& h, std::size_t index, double left, double top) {
    check_shape(h);
    w.label({{"x", number(left)}, {"y", number(top + 22)}, {"font-size", number(kTitleFont)}, {"font-weight", "bold"}},
                h.title);
    w.label({{"x", number(left)}, {"y", number(top + 48)}, {"font-size", number(kAxesFont)}, {"fill", "#333333"}},
                h.axes);
    const double grid_left = left + label_width(h), grid_top = top + kTitleHeight + kHeaderHeight;
    const double cell = cell_width(h);
    for (std::size_t c = 0; c < h.columns; ++c) {
        w.label({{"x", number(grid_left + (c + 0.5) * cell)}, {"y", number(grid_top - 9)},
                             {"font-size", number(kLabelFont)}, {"text-anchor", "middle"}},
                    h.column_labels[c]);
    }
    for (std::size_t r = 0; r < h.rows; ++r) {
        const double y = grid_top + r * kCellHeight;
        w.label({{"x", number(grid_left - 10)}, {"y", number(y + kCellHeight / 2 + kLabelFont * 0.36)},
                             {"font-size", number(kLabelFont)}, {"text-anchor", "end"}},
                    h.row_labels[r]);
        for (std::size_t c = 0; c < h.columns; ++c) {
            const double x = grid_left + c * cell;
            const bool masked = is_masked(h, r, c);
            const Rgb fill = masked ? kMaskedFill : cell_colour(h, r, c);
            const std::string id = "cell-" + std::to_string(index + 1) + "-" + std::to_string(r + 1) + "-" + std::to_string(c + 1);
            w.open("g", {{"id", id}});
            w.with_text("title", {}, h.row_labels[r] + ", " + h.column_labels[c] + ": " +
                                         (masked ? std::string("masked") : cell_text(h, r, c)));
            w.empty("rect", {{"x", number(x)}, {"y", number(y)}, {"width", number(cell)},
                             {"height", number(kCellHeight)}, {"fill", hex(fill)}, {"stroke", "#ffffff"}});
            if (masked) {   // a centred dot, drawn rather than typed so that it is the same in any font
                w.empty("circle", {{"cx", number(x + cell / 2)}, {"cy", number(y + kCellHeight / 2)}, {"r", "4"},
                                   {"fill", "#555555"}});
            } else {
                w.label({{"x", number(x + cell / 2)}, {"y", number(y + kCellHeight / 2 + kValueFont * 0.36)},
                                     {"font-size", number(kValueFont)}, {"text-anchor", "middle"},
                                     {"fill", hex(readable_text_on(fill))}},
                            cell_text(h, r, c));
            }
            w.close();
        }
    }
    legend(w, h, grid_left + h.columns * cell + kLegendGap, grid_top, h.rows * kCellHeight);
}

}  // namespace

std::string heatmaps_svg(const std::vector<Heatmap>& maps) {
    // One below the other, so that a long title never runs into the next picture.
    double width = 0, height = kMargin - kMapGap;
    for (const Heatmap& h : maps) {
        width = std::max({width, map_width(h), text_width(h.title, kTitleFont) * 1.1, text_width(h.axes, kAxesFont)});
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
