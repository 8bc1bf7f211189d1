#include "render/svg/tokenize_svg.hpp"

#include <algorithm>

#include "render/svg/layout.hpp"
#include "render/svg/line_chart.hpp"
#include "render/svg/svg_writer.hpp"

namespace attn::render::svg {
namespace {

constexpr double kWidth = 980, kChartLeft = 60, kChartTop = 60, kChartWidth = 380, kChartHeight = 260;
constexpr double kListLeft = 490, kListWidth = 470, kFont = 12, kLine = 16;

constexpr std::size_t kMaxLines = 8;   // per state: a long text's thousands of tokens are cut

// "token ×count" items of one state, wrapped to the list's width, at most kMaxLines lines.
std::vector<std::string> wrapped(const std::vector<results::UdlCount>& tokens) {
    std::vector<std::string> lines(1);
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const auto& t = tokens[i];
        if (lines.size() == kMaxLines && text_width(lines.back() + " · " + t.key + "×" + std::to_string(t.count), kFont) > kListWidth) {
            lines.push_back("… and " + std::to_string(tokens.size() - i) + " more");
            break;
        }
        const std::string item = t.key + "×" + std::to_string(t.count);
        const std::string next = lines.back().empty() ? item : lines.back() + " · " + item;
        if (!lines.back().empty() && text_width(next, kFont) > kListWidth) lines.push_back(item);
        else lines.back() = next;
    }
    return lines;
}

}  // namespace

std::string tokenize_svg(const results::Udl123& r) {
    std::vector<std::pair<std::string, std::vector<std::string>>> blocks;
    double list_height = 0;
    for (const auto& s : r.states) {
        blocks.push_back({"After " + std::to_string(s.merges) + (s.merges == 1 ? " merge: " : " merges: ") +
                              std::to_string(s.tokens.size()) + " tokens",
                          wrapped(s.tokens)});
        list_height += kLine * (1.5 + static_cast<double>(blocks.back().second.size()));
    }
    const double height = std::max(kChartTop + kChartHeight + 70, kChartTop + list_height + 20);
    Writer w(kWidth, height);
    w.empty("rect", {{"width", number(kWidth)}, {"height", number(height)}, {"fill", "#ffffff"}});
    const Attributes font = {{"font-family", kFontFamily}, {"font-size", number(kFont)}};
    auto text = [&](double x, double y, const std::string& s, const std::string& anchor = "start",
                    bool bold = false) {
        Attributes a = font;
        a.insert(a.end(), {{"x", number(x)}, {"y", number(y)}, {"text-anchor", anchor}});
        if (bold) a.push_back({"font-weight", "bold"});
        w.with_text("text", a, s);
    };
    text(kWidth / 2, 24, "Byte-pair encoding (figure 12.8): " + std::to_string(r.merges) + " merges" +
                             (r.mistake.empty() ? "" : " [mistake: " + r.mistake + "]"),
         "middle", true);

    // The curve: distinct tokens after k merges, k = 0 … merges.
    const long top_count = *std::max_element(r.token_counts.begin(), r.token_counts.end());
    const double y_top = round_axis_top(static_cast<double>(top_count));
    const double x_top = std::max(1.0, static_cast<double>(r.token_counts.size() - 1));
    auto px = [&](double k) { return kChartLeft + kChartWidth * k / x_top; };
    auto py = [&](double c) { return kChartTop + kChartHeight * (1 - c / y_top); };
    w.empty("rect", {{"x", number(kChartLeft)}, {"y", number(kChartTop)}, {"width", number(kChartWidth)},
                     {"height", number(kChartHeight)}, {"fill", "none"}, {"stroke", "#000000"}});
    for (int i = 0; i <= 4; ++i) {
        // merges are whole numbers: ticks at the nearest whole merge
        const double c = y_top * i / 4, k = static_cast<double>(static_cast<long>(x_top * i / 4 + 0.5));
        w.empty("line", {{"x1", number(kChartLeft - 4)}, {"y1", number(py(c))}, {"x2", number(kChartLeft)},
                         {"y2", number(py(c))}, {"stroke", "#000000"}});
        text(kChartLeft - 7, py(c) + 4, tick_label(c), "end");
        w.empty("line", {{"x1", number(px(k))}, {"y1", number(kChartTop + kChartHeight)}, {"x2", number(px(k))},
                         {"y2", number(kChartTop + kChartHeight + 4)}, {"stroke", "#000000"}});
        text(px(k), kChartTop + kChartHeight + 18, tick_label(k), "middle");
    }
    text(kChartLeft + kChartWidth / 2, kChartTop + kChartHeight + 38, "merges", "middle");
    text(kChartLeft, kChartTop - 10, "distinct tokens", "start");
    std::string points;
    for (std::size_t k = 0; k < r.token_counts.size(); ++k) {
        points += (k ? " " : "") + number(px(static_cast<double>(k))) + "," +
                  number(py(static_cast<double>(r.token_counts[k])));
    }
    // the most tokens, and when it is first reached (the rhyme: 29)
    const auto most = std::max_element(r.token_counts.begin(), r.token_counts.end());
    const long at = static_cast<long>(most - r.token_counts.begin());
    text(px(static_cast<double>(at)), py(static_cast<double>(*most)) - 8,
         "most: " + std::to_string(*most) + " after " + std::to_string(at) + (at == 1 ? " merge" : " merges"), "middle");
    w.empty("polyline", {{"id", "token-counts"}, {"points", points}, {"fill", "none"},
                         {"stroke", render::hex(kBlue)}, {"stroke-width", "2"}});
    for (const auto& s : r.states) {
        const double c = static_cast<double>(r.token_counts[static_cast<std::size_t>(s.merges)]);
        w.open("g", {{"id", "state-" + std::to_string(s.merges)}});
        w.with_text("title", {}, std::to_string(s.merges) + " merges: " + std::to_string(s.tokens.size()) + " tokens");
        w.empty("circle", {{"cx", number(px(static_cast<double>(s.merges)))}, {"cy", number(py(c))},
                           {"r", "4"}, {"fill", render::hex(kVermillion)}});
        w.close();
    }

    // The vocabulary of tokens after the chosen merges.
    double y = kChartTop;
    for (const auto& [title, lines] : blocks) {
        text(kListLeft, y, title, "start", true);
        y += kLine;
        for (const auto& line : lines) {
            text(kListLeft, y, line);
            y += kLine;
        }
        y += kLine / 2;
    }
    return w.finish();
}

}  // namespace attn::render::svg
