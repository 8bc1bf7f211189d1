#include "render/json/scaling_json.hpp"

#include <utility>

#include "render/json/json_document.hpp"

namespace attn::render {

std::string scaling_json(const results::ScalingReport& r, const results::Invocation& invocation) {
    std::vector<json::Object> rows;
    for (const auto& row : r.rows) {
        json::Object o;
        o.value("dq", row.dq)
            .value("mean_max_abs_score", row.mean_max_abs_score)
            .value("saturated_raw", row.saturated_raw)   // a fraction (the text prints a percentage)
            .value("sensitivity_raw", row.sensitivity_raw)
            .value("saturated_scaled", row.saturated_scaled)
            .value("sensitivity_scaled", row.sensitivity_scaled);
        rows.push_back(std::move(o));
    }
    json::Object data;
    data.objects("rows", rows);
    return json::document(invocation, std::move(data));
}

}  // namespace attn::render
