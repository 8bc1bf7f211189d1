#include "render/svg/cost_svg.hpp"

#include <map>

#include "print/python_format.hpp"
#include "render/svg/line_chart.hpp"

namespace attn::render::svg {
namespace {

// Four Okabe–Ito colours, and a dash or square markers on every other kernel, so the lines are
// told apart without colour too.
struct Look {
    Rgb colour;
    bool dashed, squares;
};

Look look(const std::string& kernel) {
    static const std::map<std::string, Look> looks = {{"naive", {kVermillion, false, false}},
                                                      {"flash", {kBlue, true, true}},
                                                      {"kv-cache", {kBluishGreen, false, true}},
                                                      {"recompute", {kReddishPurple, true, false}}};
    const auto it = looks.find(kernel);
    return it == looks.end() ? Look{kBlue, false, false} : it->second;
}

}  // namespace

std::string cost_series_name(const std::string& kernel, const results::CostFit* fit) {
    if (fit == nullptr || fit->points < 2) return kernel + " (one length, no exponent)";
    // the same two decimals as the text's verdict
    return kernel + ": time ∝ T^" + print::py_format(fit->exponent, ".2f");
}

std::string cost_svg(const results::CostReport& r) {
    // r.runs is kernel by kernel, T ascending: one series per kernel, in the order they ran.
    std::vector<Series> series;
    std::vector<std::string> kernels;
    for (const results::CostRun& run : r.runs) {
        if (kernels.empty() || kernels.back() != run.kernel) {
            const results::CostFit* fit = nullptr;
            for (const results::CostFit& f : r.fits) {
                if (f.kernel == run.kernel) fit = &f;
            }
            const Look l = look(run.kernel);
            series.push_back(Series{cost_series_name(run.kernel, fit), {}, {}, l.colour, l.dashed, l.squares});
            kernels.push_back(run.kernel);
        }
        series.back().x.push_back(static_cast<double>(run.t));
        series.back().y.push_back(run.median_s);
    }
    Chart chart;
    chart.title = "The cost of attention: time against the length T (exercise 3)";
    Panel time{"Median wall time of one run", "T", "seconds", true, 0, 0, series};
    time.log_y = true;
    chart.panels = {time};
    return chart_svg(chart);
}

}  // namespace attn::render::svg
