#include "render/json/multihead_json.hpp"

#include "render/json/json_document.hpp"

namespace attn::render {

std::string multihead_json(const report::MultiheadReport& r, const report::Invocation& invocation) {
    json::Json rows = json::Json::array();
    for (const auto& row : r.rows) {
        rows.push_back({
            {"heads", row.heads},
            {"head_width", row.head_width},
            {"parameters", row.parameters},
            {"multiplications", row.multiplications},
            {"output_shape", json::shape(row.output_shape)},
        });
    }
    return json::document(invocation, {{"rows", std::move(rows)}});
}

}  // namespace attn::render
