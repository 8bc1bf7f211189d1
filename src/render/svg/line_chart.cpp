#include "render/svg/line_chart.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>

#include "render/svg/layout.hpp"
#include "render/svg/svg_writer.hpp"

namespace attn::render::svg {
namespace {

constexpr double kMargin = 16, kTitleHeight = 36;
constexpr double kPlotWidth = 340, kPlotHeight = 240;
constexpr double kAxisLeft = 72, kAxisBottom = 48, kPanelTitle = 28, kPanelRight = 24;
constexpr double kLegendHeight = 32;

double panel_width() { return kAxisLeft + kPlotWidth + kPanelRight; }
double panel_height() { return kPanelTitle + kPlotHeight + kAxisBottom; }

// A round step for about `parts` intervals up to `top`: 1, 2, 2.5 or 5 times a power of ten.
double round_step(double top, int parts) {
    const double raw = top / parts;
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0}) {
        if (m * power >= raw * (1 - 1e-9)) return m * power;
    }
    return 10 * power;
}

struct XAxis {
    bool log = false;
    double lo = 0, hi = 1;
    double at(double x) const {
        const double u = log ? std::log10(x) : x;
        return (u - lo) / (hi - lo) * kPlotWidth;
    }
};

XAxis x_axis(const Panel& p, const std::set<double>& xs) {
    XAxis a;
    a.log = p.log_x;
    double lo = *xs.begin(), hi = *xs.rbegin();
    if (a.log) {
        lo = std::log10(lo);
        hi = std::log10(hi);
    }
    const double pad = hi > lo ? (hi - lo) * 0.08 : 0.5;
    a.lo = lo - pad;
    a.hi = hi + pad;
    return a;
}

void check(const Panel& p) {
    for (const Series& s : p.series) {
        if (s.x.size() != s.y.size()) throw std::invalid_argument("chart: x and y differ in length");
        for (std::size_t k = 0; k < s.x.size(); ++k) {
            if (!std::isfinite(s.x[k]) || !std::isfinite(s.y[k]) || (p.log_x && !(s.x[k] > 0)) ||
                (p.log_y && !(s.y[k] > 0))) {
                throw std::invalid_argument("chart: a point cannot be drawn");
            }
        }
    }
}

void marker(Writer& w, const Series& s, double x, double y) {
    if (s.square_markers) {
        w.empty("rect", {{"x", number(x - 4.5)}, {"y", number(y - 4.5)}, {"width", "9"}, {"height", "9"},
                         {"fill", hex(s.colour)}});
    } else {
        w.empty("circle", {{"cx", number(x)}, {"cy", number(y)}, {"r", "5"}, {"fill", hex(s.colour)}});
    }
}

// The y axis: linear from y_min to y_max (or a round top), or log10 over whole decades.
struct YAxis {
    bool log = false;
    double lo = 0, hi = 1;   // log: exponents of 10
    double fraction(double y) const { return ((log ? std::log10(y) : y) - lo) / (hi - lo); }
    std::vector<double> ticks;
};

YAxis y_axis(const Panel& p) {
    YAxis a;
    double smallest = 0, largest = 0;
    bool any = false;
    for (const Series& s : p.series) {
        for (double y : s.y) {
            smallest = any ? std::min(smallest, y) : y;
            largest = any ? std::max(largest, y) : y;
            any = true;
        }
    }
    if (p.log_y) {
        a.log = true;
        a.lo = any ? std::floor(std::log10(smallest)) : 0;
        a.hi = any ? std::ceil(std::log10(largest)) : 1;
        if (a.hi <= a.lo) a.hi = a.lo + 1;   // every y a power of ten: still a decade tall
        for (double e = a.lo; e <= a.hi; ++e) a.ticks.push_back(std::pow(10.0, e));
        return a;
    }
    a.lo = p.y_min;
    a.hi = p.y_max > p.y_min ? p.y_max : round_axis_top(std::max(std::max(0.0, largest), p.y_min));
    const double step = round_step(a.hi - a.lo, 5);
    for (int k = 0;; ++k) {
        const double v = a.lo + k * step;
        if (v > a.hi * (1 + 1e-9) + 1e-12) break;
        a.ticks.push_back(v);
    }
    return a;
}

void draw_panel(Writer& w, const Panel& p, std::size_t index, double left, double top) {
    std::set<double> xs;
    for (const Series& s : p.series) xs.insert(s.x.begin(), s.x.end());
    const double plot_left = left + kAxisLeft, plot_top = top + kPanelTitle;
    const YAxis ya = y_axis(p);
    const auto y_at = [&](double y) { return plot_top + kPlotHeight - ya.fraction(y) * kPlotHeight; };

    w.label({{"x", number(plot_left + kPlotWidth / 2)}, {"y", number(top + 16)}, {"font-size", "13"},
                         {"font-weight", "bold"}, {"text-anchor", "middle"}},
                p.title);
    w.empty("rect", {{"x", number(plot_left)}, {"y", number(plot_top)}, {"width", number(kPlotWidth)},
                     {"height", number(kPlotHeight)}, {"fill", "#ffffff"}, {"stroke", "#555555"}});
    // y grid and ticks
    for (double v : ya.ticks) {
        const double y = y_at(v);
        w.empty("line", {{"x1", number(plot_left)}, {"y1", number(y)}, {"x2", number(plot_left + kPlotWidth)},
                         {"y2", number(y)}, {"stroke", "#dddddd"}});
        w.label({{"x", number(plot_left - 6)}, {"y", number(y + 4)}, {"font-size", "11"},
                             {"text-anchor", "end"}},
                    tick_label(v));
    }
    if (xs.empty()) return;
    const XAxis xa = x_axis(p, xs);
    for (double x : xs) {
        const double px = plot_left + xa.at(x);
        w.empty("line", {{"x1", number(px)}, {"y1", number(plot_top + kPlotHeight)}, {"x2", number(px)},
                         {"y2", number(plot_top + kPlotHeight + 5)}, {"stroke", "#555555"}});
        w.label({{"x", number(px)}, {"y", number(plot_top + kPlotHeight + 18)}, {"font-size", "11"},
                             {"text-anchor", "middle"}},
                    tick_label(x));
    }
    w.label({{"x", number(plot_left + kPlotWidth / 2)}, {"y", number(plot_top + kPlotHeight + 38)},
                         {"font-size", "12"}, {"text-anchor", "middle"}},
                p.x_label + (p.log_x ? " (log scale)" : ""));
    const double label_x = left + 14, label_y = plot_top + kPlotHeight / 2;
    w.label({{"x", number(label_x)}, {"y", number(label_y)}, {"font-size", "12"}, {"text-anchor", "middle"},
                         {"transform", "rotate(-90 " + number(label_x) + " " + number(label_y) + ")"}},
                p.y_label + (p.log_y ? " (log scale)" : ""));
    for (std::size_t si = 0; si < p.series.size(); ++si) {
        const Series& s = p.series[si];
        std::string points;
        for (std::size_t k = 0; k < s.x.size(); ++k) {
            points += (k ? " " : "") + number(plot_left + xa.at(s.x[k])) + "," + number(y_at(s.y[k]));
        }
        Attributes line = {{"points", points}, {"fill", "none"}, {"stroke", hex(s.colour)}, {"stroke-width", "2"}};
        if (s.dashed) line.push_back({"stroke-dasharray", "7 4"});
        w.empty("polyline", line);
        for (std::size_t k = 0; k < s.x.size(); ++k) {
            w.open("g", {{"id", "point-" + std::to_string(index + 1) + "-" + std::to_string(si + 1) + "-" +
                                    std::to_string(k + 1)}});
            w.with_text("title", {}, s.name + ": " + tick_label(s.x[k]) + ", " + tick_label(s.y[k]));
            marker(w, s, plot_left + xa.at(s.x[k]), y_at(s.y[k]));
            w.close();
        }
    }
}

// Where each legend entry goes: left to right after the axis margin, wrapping to a new row when
// the next entry would pass the picture's right margin (a row holds at least one entry).
struct LegendPlace {
    double x;
    int row;
};

std::vector<LegendPlace> legend_places(const Chart& chart, double width, int* rows) {
    std::vector<LegendPlace> out;
    *rows = 0;
    if (chart.panels.empty()) return out;
    double x = kMargin + kAxisLeft;
    int row = 0;
    bool row_empty = true;
    for (const Series& s : chart.panels.front().series) {
        const double entry = 44 + text_width(s.name, 12);
        if (!row_empty && x + entry > width - kMargin) {
            ++row;
            x = kMargin + kAxisLeft;
        }
        out.push_back({x, row});
        x += entry + 28;
        row_empty = false;
    }
    *rows = row + 1;
    return out;
}

}  // namespace

double round_axis_top(double largest) {
    if (!(largest > 0)) return 1;
    const double step = round_step(largest * 1.05, 5);
    return std::ceil(largest * 1.05 / step - 1e-9) * step;
}

std::string chart_svg(const Chart& chart) {
    for (const Panel& p : chart.panels) check(p);
    const double n = static_cast<double>(chart.panels.size());
    const double width = std::ceil(std::max(2 * kMargin + n * panel_width(), 2 * kMargin + text_width(chart.title, 15)));
    int legend_rows = 0;
    const std::vector<LegendPlace> places = legend_places(chart, width, &legend_rows);
    const double height = kMargin + kTitleHeight + panel_height() + std::max(1, legend_rows) * kLegendHeight + kMargin;
    Writer w(width, height);
    w.empty("rect", {{"width", number(width)}, {"height", number(height)}, {"fill", "#ffffff"}});
    w.open("g", {{"font-family", kFontFamily}});
    w.label({{"x", number(kMargin)}, {"y", number(kMargin + 18)}, {"font-size", "15"},
                         {"font-weight", "bold"}},
                chart.title);
    for (std::size_t i = 0; i < chart.panels.size(); ++i) {
        draw_panel(w, chart.panels[i], i, kMargin + i * panel_width(), kMargin + kTitleHeight);
    }
    for (std::size_t i = 0; i < places.size(); ++i) {   // the legend: each series' line and marker, then its name
        const Series& s = chart.panels.front().series[i];
        const double x = places[i].x;
        const double y = kMargin + kTitleHeight + panel_height() + 18 + places[i].row * kLegendHeight;
        Attributes line = {{"x1", number(x)}, {"y1", number(y)}, {"x2", number(x + 36)}, {"y2", number(y)},
                           {"stroke", hex(s.colour)}, {"stroke-width", "2"}};
        if (s.dashed) line.push_back({"stroke-dasharray", "7 4"});
        w.empty("line", line);
        marker(w, s, x + 18, y);
        w.label({{"x", number(x + 44)}, {"y", number(y + 4)}, {"font-size", "12"}}, s.name);
    }
    w.close();
    return w.finish();
}

}  // namespace attn::render::svg
