#include "render/json/multihead_json.hpp"

#include <utility>

#include "render/json/json_document.hpp"

namespace attn::render {

std::string multihead_json(const results::MultiheadReport& r, const results::Invocation& invocation) {
    std::vector<json::Object> rows;
    for (const auto& row : r.rows) {
        json::Object o;
        o.value("heads", row.heads)
            .value("head_width", row.head_width)
            .value("parameters", row.parameters)
            .value("multiplications", row.multiplications)
            .value("output_shape", json::shape(row.output_shape));
        if (row.output) o.array("output", *row.output).arrays("head_weights", row.head_weights);   // --with-outputs
        rows.push_back(std::move(o));
    }
    json::Object data;
    data.objects("rows", std::move(rows));
    return json::document(invocation, std::move(data));
}

}  // namespace attn::render
