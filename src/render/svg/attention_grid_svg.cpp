#include "render/svg/attention_grid_svg.hpp"

#include <algorithm>
#include <cmath>

#include "print/python_str_repr.hpp"
#include "render/heatmap.hpp"
#include "render/palette.hpp"
#include "render/svg/heatmap_svg.hpp"
#include "render/svg/layout.hpp"
#include "render/svg/svg_writer.hpp"

namespace attn::render::svg {
namespace {

constexpr double kTitleFont = 20, kSubtitleFont = 15, kHeadFont = 15, kTokenFont = 13, kMargin = 16, kGap = 14,
                 kTitleHeight = 62;

}  // namespace

std::string attention_grid_svg(const results::UdlAttentionReport& r) {
    const std::size_t T = r.size();
    const auto L = static_cast<std::size_t>(r.layers), H = static_cast<std::size_t>(r.heads);
    // A head's picture: cells of at least 4 px, the picture at least 48 px and at most 120 px wide.
    const double cell = std::max(4.0, std::min(20.0, std::floor(120.0 / static_cast<double>(T))));
    const double side = cell * static_cast<double>(T);
    std::vector<std::string> labels;
    double widest = 0;
    for (const std::string& t : r.tokens) {
        labels.push_back(print::py_str_repr(t));
        widest = std::max(widest, text_width(labels.back(), kTokenFont));
    }
    const double layer_label = text_width("layer 00", kHeadFont) + 8;
    const double left = kMargin + layer_label + widest + 8;               // where the first picture starts
    const double top = kMargin + kTitleHeight + kHeadFont + 8;
    const std::string title = "GPT-2's attention on the prompt: " + std::to_string(L) + " layers (rows) x " +
                              std::to_string(H) + " heads (columns)";
    const std::string subtitle = "in each, rows are input tokens, columns output tokens";
    // As wide as the pictures, or as the title where it is wider (one layer of few heads).
    const double width = std::ceil(std::max({left + H * (side + kGap) + kMargin,
                                             2 * kMargin + text_width(title, kTitleFont),
                                             2 * kMargin + text_width(subtitle, kSubtitleFont)}));
    const double height = std::ceil(top + L * (side + kGap) + widest + 16 + kMargin);
    Writer w(width, height);
    w.empty("rect", {{"width", number(width)}, {"height", number(height)}, {"fill", "#ffffff"}});
    w.open("g", {{"font-family", kFontFamily}});
    w.label({{"x", number(kMargin)}, {"y", number(kMargin + 22)}, {"font-size", number(kTitleFont)}, {"font-weight", "bold"}},
            title);
    w.label({{"x", number(kMargin)}, {"y", number(kMargin + 46)}, {"font-size", number(kSubtitleFont)}, {"fill", "#333333"}},
            subtitle);
    for (std::size_t h = 0; h < H; ++h)
        w.label({{"x", number(left + h * (side + kGap) + side / 2)}, {"y", number(top - 8)}, {"font-size", number(kHeadFont)},
                 {"text-anchor", "middle"}},
                "head " + std::to_string(h));
    for (std::size_t l = 0; l < L; ++l) {
        const double y0 = top + l * (side + kGap);
        w.label({{"x", number(kMargin)}, {"y", number(y0 + side / 2 + 5)}, {"font-size", number(kHeadFont)}},
                "layer " + std::to_string(l));
        if (cell >= 8) {   // the input tokens beside each row of pictures, when they can be read
            for (std::size_t m = 0; m < T; ++m)
                w.label({{"x", number(left - 6)}, {"y", number(y0 + (m + 0.5) * cell + kTokenFont * 0.36)},
                         {"font-size", number(std::min(kTokenFont, cell))}, {"text-anchor", "end"}},
                        labels[m]);
        }
        for (std::size_t h = 0; h < H; ++h) {
            const double x0 = left + h * (side + kGap);
            w.open("g", {{"id", "head-" + std::to_string(l) + "-" + std::to_string(h)}});
            w.with_text("title", {}, "layer " + std::to_string(l) + ", head " + std::to_string(h));
            for (std::size_t m = 0; m < T; ++m)
                for (std::size_t n = 0; n < T; ++n) {
                    const double v = r.a(static_cast<long>(l), static_cast<long>(h), m, n);
                    const Rgb fill = m > n ? kMaskedFill : scale_colour(Scale::weights, v, 1.0);
                    w.empty("rect", {{"x", number(x0 + n * cell)}, {"y", number(y0 + m * cell)}, {"width", number(cell)},
                                     {"height", number(cell)}, {"fill", hex(fill)}});
                }
            w.empty("rect", {{"x", number(x0)}, {"y", number(y0)}, {"width", number(side)}, {"height", number(side)},
                             {"fill", "none"}, {"stroke", "#555555"}});
            w.close();
        }
    }
    // the output tokens under the last row of pictures, written downwards
    const double bottom = top + L * (side + kGap) - kGap + 6;
    for (std::size_t h = 0; h < H && cell >= 8; ++h)
        for (std::size_t n = 0; n < T; ++n) {
            const double x = left + h * (side + kGap) + (n + 0.5) * cell + kTokenFont * 0.36;
            w.label({{"x", number(x)}, {"y", number(bottom)}, {"font-size", number(std::min(kTokenFont, cell))},
                     {"transform", "rotate(90 " + number(x) + " " + number(bottom) + ")"}},
                    labels[n]);
        }
    w.close();
    return w.finish();
}

}  // namespace attn::render::svg
