// The pictures' legends (issue 22, item 12: no test read their labels): a heatmap's colour bar
// is labelled with its top, middle and bottom values, top to bottom, at the heatmap's decimals
// (0..1 for weights; ±the largest |value| of the unmasked cells for signed scores), and its
// top and bottom colours are those values' colours; a chart's legend names each series once,
// in order, beside that series' own line style.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "render/heatmap.hpp"
#include "render/palette.hpp"
#include "render/svg/heatmap_svg.hpp"
#include "render/svg/scaling_svg.hpp"

using namespace attn::render;
using namespace attn::render::svg;

namespace {

std::string attribute(const std::string& element, const std::string& name) {
    const std::size_t a = element.find(" " + name + "=\"");
    if (a == std::string::npos) return "";
    const std::size_t start = a + name.size() + 3;
    return element.substr(start, element.find('"', start) - start);
}

// (y, text) of each <text> with this font size, in document order.
std::vector<std::pair<double, std::string>> texts_sized(const std::string& doc, const std::string& size) {
    std::vector<std::pair<double, std::string>> out;
    for (std::size_t at = doc.find("<text"); at != std::string::npos; at = doc.find("<text", at + 1)) {
        const std::size_t close = doc.find('>', at);
        const std::string tag = doc.substr(at, close - at);
        if (attribute(tag, "font-size") != size) continue;
        const std::size_t end = doc.find("</text>", close);
        out.emplace_back(std::stod(attribute(tag, "y")), doc.substr(close + 1, end - close - 1));
    }
    return out;
}

Heatmap map(Scale scale, std::vector<double> values, int decimals) {
    Heatmap h;
    h.title = "t";
    h.axes = "a";
    h.rows = h.columns = 2;
    h.row_labels = h.column_labels = {"1", "2"};
    h.values = std::move(values);
    h.masked = {false, false, true, false};
    h.scale = scale;
    h.decimals = decimals;
    return h;
}

// The colour bar's labels read top to bottom.
std::vector<std::string> bar_labels(const std::string& doc) {
    auto labels = texts_sized(doc, "15");
    std::sort(labels.begin(), labels.end());
    std::vector<std::string> out;
    for (const auto& l : labels) out.push_back(l.second);
    return out;
}

// The fill of the colour bar's top and bottom steps (the 32 filled rects before its outline).
std::pair<std::string, std::string> bar_ends(const std::string& doc) {
    std::vector<std::pair<double, std::string>> steps;
    for (std::size_t at = doc.find("<rect"); at != std::string::npos; at = doc.find("<rect", at + 1)) {
        const std::string tag = doc.substr(at, doc.find('>', at) - at);
        if (attribute(tag, "width") == "20" && attribute(tag, "fill") != "none")
            steps.emplace_back(std::stod(attribute(tag, "y")), attribute(tag, "fill"));
    }
    REQUIRE(steps.size() == 32);
    std::sort(steps.begin(), steps.end());
    return {steps.front().second, steps.back().second};
}

}  // namespace

TEST_CASE("heatmap legend: weights from 1 at the top to 0 at the bottom, at the map's decimals") {
    for (int decimals : {2, 3}) {
        const Heatmap h = map(Scale::weights, {0.9, 0.25, 0.0, 0.6}, decimals);
        const std::string doc = heatmaps_svg({h});
        const std::vector<std::string> want =
            decimals == 2 ? std::vector<std::string>{"1.00", "0.50", "0.00"} : std::vector<std::string>{"1.000", "0.500", "0.000"};
        CHECK(bar_labels(doc) == want);
        // the bar's ends are the colours of values near 1 (top) and near 0 (bottom)
        const auto [top, bottom] = bar_ends(doc);
        CHECK(top == hex(scale_colour(Scale::weights, 1.0 - 0.5 / 32, 1.0)));
        CHECK(bottom == hex(scale_colour(Scale::weights, 0.5 / 32, 1.0)));
    }
}

TEST_CASE("heatmap legend: signed scores from +limit to -limit, the limit of the unmasked cells") {
    const Heatmap h = map(Scale::signed_, {-2.5, 1.0, 9.0, 0.5}, 2);   // 9 is masked
    const std::string doc = heatmaps_svg({h});
    CHECK(bar_labels(doc) == std::vector<std::string>{"2.50", "0.00", "-2.50"});
    const auto [top, bottom] = bar_ends(doc);
    CHECK(top == hex(scale_colour(Scale::signed_, 2.5 * (1 - 1.0 / 32), 2.5)));
    CHECK(bottom == hex(scale_colour(Scale::signed_, -2.5 * (1 - 1.0 / 32), 2.5)));
    CHECK(top != bottom);
}

TEST_CASE("chart legend: each series named once, in order, beside its own line style") {
    attn::results::ScalingReport r;
    r.rows = {{400, 30.7, 0.734, 0.0312, 0.0, 0.2302}, {4, 2.98, 0.015, 0.1981, 0.0, 0.2253}};
    const std::string doc = scaling_svg(r);
    std::vector<std::string> names;
    for (const auto& t : texts_sized(doc, "12")) {
        if (t.second.find("scores") != std::string::npos) names.push_back(t.second);
    }
    CHECK(names == std::vector<std::string>{"unscaled scores k·q", "scaled scores k·q / √Dq"});
    // the legend's line of the scaled series is dashed, the unscaled one's is not
    const std::size_t scaled = doc.find(">scaled scores k·q / √Dq</text>");
    const std::size_t unscaled = doc.find(">unscaled scores k·q</text>");
    REQUIRE(scaled != std::string::npos);
    REQUIRE(unscaled != std::string::npos);
    const std::size_t scaled_line = doc.rfind("<line", scaled), unscaled_line = doc.rfind("<line", unscaled);
    CHECK(doc.substr(scaled_line, doc.find('>', scaled_line) - scaled_line).find("stroke-dasharray") != std::string::npos);
    CHECK(doc.substr(unscaled_line, doc.find('>', unscaled_line) - unscaled_line).find("stroke-dasharray") == std::string::npos);
}
