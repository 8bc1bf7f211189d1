#include "render/svg/multihead_svg.hpp"

#include <algorithm>

#include "render/svg/line_chart.hpp"

namespace attn::render::svg {

std::string multihead_svg(const results::MultiheadReport& r) {
    std::vector<results::MultiheadRow> rows = r.rows;
    std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.heads < b.heads; });
    Series parameters{"counted from the shapes of the products", {}, {}, kBlue, false, false};
    Series multiplications = parameters;
    for (const auto& row : rows) {
        parameters.x.push_back(static_cast<double>(row.heads));
        multiplications.x.push_back(static_cast<double>(row.heads));
        parameters.y.push_back(static_cast<double>(row.parameters));
        multiplications.y.push_back(static_cast<double>(row.multiplications));
    }
    Chart chart;
    chart.title = "Multi-head attention: the cost against the head count H (section 5)";
    chart.panels = {Panel{"Parameters (all Ωq, Ωk, Ωv and Ωc)", "H", "parameters", false, 0, 0, {parameters}},
                    Panel{"Multiplications in one pass", "H", "multiplications", false, 0, 0, {multiplications}}};
    return chart_svg(chart);
}

}  // namespace attn::render::svg
