#include "render/svg/scaling_svg.hpp"

#include <algorithm>

#include "render/svg/line_chart.hpp"

namespace attn::render::svg {

std::string scaling_svg(const results::ScalingReport& r) {
    std::vector<results::ScalingRow> rows = r.rows;   // drawn left to right, whatever the sweep order
    std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.dq < b.dq; });
    Series sat_raw{"unscaled scores k·q", {}, {}, kVermillion, false, false};
    Series sat_scaled{"scaled scores k·q / √Dq", {}, {}, kBlue, true, true};
    Series sens_raw = sat_raw, sens_scaled = sat_scaled;
    for (const auto& row : rows) {
        const double dq = static_cast<double>(row.dq);
        for (Series* s : {&sat_raw, &sat_scaled, &sens_raw, &sens_scaled}) s->x.push_back(dq);
        sat_raw.y.push_back(row.saturated_raw);
        sat_scaled.y.push_back(row.saturated_scaled);
        sens_raw.y.push_back(row.sensitivity_raw);
        sens_scaled.y.push_back(row.sensitivity_scaled);
    }
    const bool log_x = !rows.empty() && rows.back().dq >= 10 * rows.front().dq;
    Chart chart;
    chart.title = "Softmax saturation against the query/key width Dq (section 4)";
    Panel saturation{"Saturated: largest weight > 0.99", "Dq", "fraction of repeats", log_x, 0, 1,
                     {sat_raw, sat_scaled}};
    // α(1 - α) is at most 1/4, at α = 1/2
    Panel sensitivity{"Sensitivity: mean of max α(1 − α)", "Dq", "slope of the softmax", log_x, 0, 0.25,
                      {sens_raw, sens_scaled}};
    chart.panels = {saturation, sensitivity};
    return chart_svg(chart);
}

}  // namespace attn::render::svg
