#include "render/svg/class_svg.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "render/palette.hpp"
#include "render/svg/layout.hpp"
#include "render/svg/line_chart.hpp"
#include "render/svg/svg_writer.hpp"

namespace attn::render::svg {

namespace {

constexpr double kMargin = 16, kRow = 20, kBar = 14, kBarWidth = 480, kFont = 12;
constexpr Rgb kGrey{0xbb, 0xbb, 0xbb};

// Wrong answers: each known mistake a shade of vermillion (lighter down the list), the rest purple.
Rgb wrong_shade(std::size_t index, std::size_t count) {
    if (index + 1 == count) return kReddishPurple;
    const double t = count > 2 ? static_cast<double>(index) / static_cast<double>(count - 2) : 0.0;
    const auto mix = [t](std::uint8_t a) { return static_cast<std::uint8_t>(a + (255 - a) * 0.55 * t); };
    return {mix(kVermillion.r), mix(kVermillion.g), mix(kVermillion.b)};
}

void segment(Writer& w, double x, double y, double width, Rgb colour, const std::string& title) {
    if (width <= 0) return;
    w.open("rect", {{"x", number(x)}, {"y", number(y)}, {"width", number(width)}, {"height", number(kBar)},
                    {"fill", hex(colour)}});
    w.with_text("title", {}, title);
    w.close();
}

void label(Writer& w, double x, double y, const std::string& text, const char* anchor = "start", double size = kFont) {
    w.with_text("text", {{"x", number(x)}, {"y", number(y)}, {"font-size", number(size)}, {"text-anchor", anchor}}, text);
}

}  // namespace

std::string class_svg(const ClassChart& c) {
    double key_width = 60;
    for (const auto& k : c.keys) key_width = std::max(key_width, text_width(k.key, kFont) + 8);
    double bin_width = 60;
    for (const auto& [text, count] : c.histogram) bin_width = std::max(bin_width, text_width(text, kFont) + 8);
    const double left = kMargin + std::max(key_width, bin_width);
    const double width = left + kBarWidth + 70 + kMargin;
    const double keys_top = kMargin + 56;
    const double histogram_top = keys_top + kRow * static_cast<double>(c.keys.size()) + 40;
    const double height = histogram_top + 24 + kRow * static_cast<double>(c.histogram.size()) + kMargin;

    Writer w(width, height);
    w.open("g", {{"font-family", kFontFamily}});
    label(w, kMargin, kMargin + 14, c.title, "start", 16);
    // Legend.
    double lx = kMargin;
    const std::pair<const std::string*, Rgb> legend[] = {
        {&c.right_label, kBluishGreen}, {&c.wrong_label, kVermillion}, {&c.missing_label, kGrey}};
    for (const auto& [text, colour] : legend) {
        w.empty("rect", {{"x", number(lx)}, {"y", number(kMargin + 24)}, {"width", "12"}, {"height", "12"}, {"fill", hex(colour)}});
        label(w, lx + 16, kMargin + 34, *text);
        lx += 16 + text_width(*text, kFont) + 18;
    }
    label(w, kMargin, keys_top - 6, c.keys_title, "start", 14);
    for (std::size_t i = 0; i < c.keys.size(); ++i) {
        const ClassKeyBar& k = c.keys[i];
        std::size_t total = k.right + k.missing;
        for (const auto& part : k.wrong) total += part.second;
        const double y = keys_top + kRow * static_cast<double>(i);
        const double scale = total ? kBarWidth / static_cast<double>(total) : 0;
        label(w, left - 6, y + 11, k.key, "end");
        w.open("g", {{"id", fmt::format("key-{}", i + 1)}});
        double x = left;
        segment(w, x, y, scale * static_cast<double>(k.right), kBluishGreen, fmt::format("{}: {}", c.right_label, k.right));
        x += scale * static_cast<double>(k.right);
        for (std::size_t m = 0; m < k.wrong.size(); ++m) {
            const double part = scale * static_cast<double>(k.wrong[m].second);
            segment(w, x, y, part, wrong_shade(m, k.wrong.size()),
                    fmt::format("{}: {} ({})", c.wrong_label, k.wrong[m].second, k.wrong[m].first));
            x += part;
        }
        segment(w, x, y, scale * static_cast<double>(k.missing), kGrey, fmt::format("{}: {}", c.missing_label, k.missing));
        w.close();
        std::size_t wrong = 0;
        for (const auto& part : k.wrong) wrong += part.second;
        label(w, left + kBarWidth + 6, y + 11, fmt::format("{}/{}/{}", k.right, wrong, k.missing));
    }
    label(w, kMargin, histogram_top + 8, c.histogram_title, "start", 14);
    std::size_t most = 1;
    for (const auto& bin : c.histogram) most = std::max(most, bin.second);
    for (std::size_t b = 0; b < c.histogram.size(); ++b) {
        const auto& [text, count] = c.histogram[c.histogram.size() - 1 - b];   // 100 % on top, as in class.md
        const double y = histogram_top + 20 + kRow * static_cast<double>(b);
        label(w, left - 6, y + 11, text, "end");
        segment(w, left, y, kBarWidth * static_cast<double>(count) / static_cast<double>(most), kBlue,
                fmt::format("{}: {}", c.students_label, count));
        label(w, left + kBarWidth * static_cast<double>(count) / static_cast<double>(most) + 6, y + 11, std::to_string(count));
    }
    w.close();
    return w.finish();
}

}  // namespace attn::render::svg
