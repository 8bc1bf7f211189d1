#include "render/json/scaling_json.hpp"

#include "render/json/json_document.hpp"

namespace attn::render {

std::string scaling_json(const report::ScalingReport& r, const report::Invocation& invocation) {
    json::Json rows = json::Json::array();
    for (const auto& row : r.rows) {
        rows.push_back({
            {"dq", row.dq},
            {"mean_max_abs_score", row.mean_max_abs_score},
            {"saturated_raw", row.saturated_raw},        // a fraction (the text prints a percentage)
            {"sensitivity_raw", row.sensitivity_raw},
            {"saturated_scaled", row.saturated_scaled},
            {"sensitivity_scaled", row.sensitivity_scaled},
        });
    }
    return json::document(invocation, {{"rows", std::move(rows)}});
}

}  // namespace attn::render
