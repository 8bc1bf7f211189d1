#include "render/svg/class_svg.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "render/palette.hpp"
#include "render/svg/layout.hpp"
#include "render/svg/line_chart.hpp"
#include "render/svg/svg_writer.hpp"

namespace attn::render::svg {

namespace {

// Sizes for a room: 16 px labels, 20 px bars (read from the back of a classroom at 1024 px wide).
constexpr double kMargin = 20, kBar = 20, kBarWidth = 520, kFont = 16, kSmall = 14;
constexpr double kRow = 30, kMistakeLine = 22;   // a key's bar; each line of its mistakes' names
constexpr Rgb kGrey{0xbb, 0xbb, 0xbb};
constexpr std::size_t kShadesShown = 3;   // known-mistake shades drawn in the legend

// Wrong answers: each known mistake a shade of vermillion (lighter down the list), the rest purple.
// `count` counts the known mistakes and the rest (the last).
Rgb wrong_shade(std::size_t index, std::size_t count) {
    if (index + 1 == count) return kReddishPurple;
    const double t = count > 2 ? static_cast<double>(index) / static_cast<double>(count - 2) : 0.0;
    const auto mix = [t](std::uint8_t a) { return static_cast<std::uint8_t>(a + (255 - a) * 0.55 * t); };
    return {mix(kVermillion.r), mix(kVermillion.g), mix(kVermillion.b)};
}

// Text never takes a stroke (ImageMagick's own renderer carries a rect's stroke on to the text
// after it): every label says stroke="none".
void label(Writer& w, double x, double y, const std::string& text, const char* anchor = "start", double size = kFont,
           Rgb fill = {0, 0, 0}) {
    w.label({{"x", number(x)}, {"y", number(y)}, {"font-size", number(size)}, {"text-anchor", anchor},
                         {"fill", hex(fill)}, {"stroke", "none"}},
                text);
}

void swatch(Writer& w, double x, double y, Rgb colour) {
    w.empty("rect", {{"x", number(x)}, {"y", number(y)}, {"width", "14"}, {"height", "14"}, {"fill", hex(colour)}});
}

// A segment of a bar, its count inside when it fits, and its <title> for a pointer.
void segment(Writer& w, double x, double y, double width, Rgb colour, std::size_t count, const std::string& title) {
    if (width <= 0) return;
    w.open("rect", {{"x", number(x)}, {"y", number(y)}, {"width", number(width)}, {"height", number(kBar)},
                    {"fill", hex(colour)}});
    w.with_text("title", {}, title);
    w.close();
    const std::string text = std::to_string(count);
    if (text_width(text, kSmall) + 6 <= width) {
        label(w, x + width / 2, y + kBar / 2 + kSmall * 0.36, text, "middle", kSmall, readable_text_on(colour));
    }
}

struct Part {
    std::string name;
    std::size_t count;
    Rgb colour;
};

// The wrong answers of a bar that happened, each with its shade, in the bar's order.
std::vector<Part> wrong_parts(const ClassKeyBar& k) {
    std::vector<Part> parts;
    for (std::size_t m = 0; m < k.wrong.size(); ++m) {
        if (k.wrong[m].second > 0) parts.push_back({k.wrong[m].first, k.wrong[m].second, wrong_shade(m, k.wrong.size())});
    }
    return parts;
}

// Lines of "■ name count" items under a bar, broken to fit `room` px.
std::vector<std::vector<Part>> mistake_lines(const std::vector<Part>& parts, double room) {
    std::vector<std::vector<Part>> lines;
    double used = room + 1;
    for (const Part& p : parts) {
        const double w = 18 + text_width(p.name + " " + std::to_string(p.count), kSmall) + 14;
        if (used + w > room) {
            lines.emplace_back();
            used = 0;
        }
        lines.back().push_back(p);
        used += w;
    }
    return lines;
}

}  // namespace

std::string class_svg(const ClassChart& c) {
    double key_width = 60;
    for (const auto& k : c.keys) key_width = std::max(key_width, text_width(k.key, kFont) + 10);
    double bin_width = 60;
    for (const auto& [text, count] : c.histogram) bin_width = std::max(bin_width, text_width(text, kFont) + 10);
    const double left = kMargin + std::max(key_width, bin_width);
    // Beside each bar, its counts in words: "right 12 · wrong 3 · missing 1".
    const auto counts_text = [&c](const ClassKeyBar& k) {
        std::size_t wrong = 0;
        for (const auto& part : k.wrong) wrong += part.second;
        return fmt::format("{} {} · {} {} · {} {}", c.right_label, k.right, c.wrong_label, wrong, c.missing_label, k.missing);
    };
    double counts_width = 0;
    for (const auto& k : c.keys) counts_width = std::max(counts_width, text_width(counts_text(k), kSmall));
    std::vector<std::vector<std::vector<Part>>> names;   // per key: its lines of mistake names
    std::size_t name_lines = 0;
    for (const auto& k : c.keys) {
        names.push_back(mistake_lines(wrong_parts(k), kBarWidth + 10 + counts_width));
        name_lines += names.back().size();
    }

    // The legend: right, the known mistakes' shades, other wrong answers, missing.
    std::string other_name;
    for (const auto& k : c.keys) {
        if (!k.wrong.empty()) other_name = k.wrong.back().first;
    }
    struct Entry {
        std::vector<Rgb> colours;
        std::string text;
    };
    std::vector<Entry> legend = {{{kBluishGreen}, c.right_label}};
    std::vector<Rgb> known;
    for (std::size_t m = 0; m < kShadesShown; ++m) known.push_back(wrong_shade(m, kShadesShown + 1));
    legend.push_back({known, c.wrong_label + ": " + c.known_mistake_label});
    legend.push_back({{kReddishPurple}, c.wrong_label + ": " + other_name});
    legend.push_back({{kGrey}, c.missing_label});
    double legend_width = 0;
    for (const Entry& e : legend) legend_width = std::max(legend_width, 18.0 * e.colours.size() + 6 + text_width(e.text, kFont));

    const double width = std::max({left + kBarWidth + 10 + counts_width, kMargin + legend_width,
                                   kMargin + text_width(c.title, 22), kMargin + text_width(c.counts_note, kSmall)}) +
                         kMargin;
    const double legend_top = kMargin + 34;
    const double keys_top = legend_top + 24 * static_cast<double>(legend.size()) + 24 + 40;
    const double keys_height = kRow * static_cast<double>(c.keys.size()) + kMistakeLine * static_cast<double>(name_lines);
    const double histogram_top = keys_top + keys_height + 30;
    const double height = histogram_top + 30 + kRow * static_cast<double>(c.histogram.size()) + kMargin;

    Writer w(width, height);
    w.empty("rect", {{"width", number(width)}, {"height", number(height)}, {"fill", "#ffffff"}});
    w.open("g", {{"font-family", kFontFamily}});
    label(w, kMargin, kMargin + 20, c.title, "start", 22);
    for (std::size_t i = 0; i < legend.size(); ++i) {
        const double y = legend_top + 24 * static_cast<double>(i);
        double x = kMargin;
        for (Rgb colour : legend[i].colours) {
            swatch(w, x, y, colour);
            x += 18;
        }
        label(w, x + 6, y + 12, legend[i].text);
    }
    label(w, kMargin, legend_top + 24 * static_cast<double>(legend.size()) + 16, c.counts_note, "start", kSmall);
    label(w, kMargin, keys_top - 12, c.keys_title, "start", 18);
    double y = keys_top;
    for (std::size_t i = 0; i < c.keys.size(); ++i) {
        const ClassKeyBar& k = c.keys[i];
        std::size_t total = k.right + k.missing;
        for (const auto& part : k.wrong) total += part.second;
        const double scale = total ? kBarWidth / static_cast<double>(total) : 0;
        label(w, left - 8, y + 15, k.key, "end");
        w.open("g", {{"id", fmt::format("key-{}", i + 1)}});
        double x = left;
        segment(w, x, y, scale * static_cast<double>(k.right), kBluishGreen, k.right, fmt::format("{}: {}", c.right_label, k.right));
        x += scale * static_cast<double>(k.right);
        for (std::size_t m = 0; m < k.wrong.size(); ++m) {
            const double part = scale * static_cast<double>(k.wrong[m].second);
            segment(w, x, y, part, wrong_shade(m, k.wrong.size()), k.wrong[m].second,
                    fmt::format("{}: {} ({})", c.wrong_label, k.wrong[m].second, k.wrong[m].first));
            x += part;
        }
        segment(w, x, y, scale * static_cast<double>(k.missing), kGrey, k.missing, fmt::format("{}: {}", c.missing_label, k.missing));
        w.close();
        label(w, left + kBarWidth + 10, y + 15, counts_text(k), "start", kSmall);
        y += kRow;
        for (const auto& line : names[i]) {   // the wrong answers' mistakes, named in their shades
            double nx = left;
            for (const Part& p : line) {
                swatch(w, nx, y - 10, p.colour);
                const std::string text = p.name + " " + std::to_string(p.count);
                label(w, nx + 18, y + 2, text, "start", kSmall);
                nx += 18 + text_width(text, kSmall) + 14;
            }
            y += kMistakeLine;
        }
    }
    label(w, kMargin, histogram_top + 8, c.histogram_title, "start", 18);
    label(w, left + kBarWidth + 10, histogram_top + 8, c.students_label, "start", kSmall);
    std::size_t most = 1;
    for (const auto& bin : c.histogram) most = std::max(most, bin.second);
    for (std::size_t b = 0; b < c.histogram.size(); ++b) {
        const auto& [text, count] = c.histogram[c.histogram.size() - 1 - b];   // 100 % on top, as in class.md
        const double hy = histogram_top + 24 + kRow * static_cast<double>(b);
        label(w, left - 8, hy + 15, text, "end");
        const double length = kBarWidth * static_cast<double>(count) / static_cast<double>(most);
        if (length > 0) {
            w.open("rect", {{"x", number(left)}, {"y", number(hy)}, {"width", number(length)}, {"height", number(kBar)},
                            {"fill", hex(kBlue)}});
            w.with_text("title", {}, fmt::format("{}: {}", c.students_label, count));
            w.close();
        }
        label(w, left + length + 8, hy + 15, std::to_string(count));
    }
    w.close();
    return w.finish();
}

}  // namespace attn::render::svg
