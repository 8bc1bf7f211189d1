#include "render/json/attention_json.hpp"

#include <utility>

#include "render/json/json_document.hpp"

namespace attn::render {

std::string attention_json(const results::AttentionReport& r, const results::Invocation& invocation) {
    json::Object data;
    data.array("scores", r.scores)                   // S = KᵀQ / sqrt(Dq) (N, N)
        .array("weights", r.weights)                 // A (N, N), column n = output n
        .array("column_sums", r.column_sums)
        .array("row_sums", r.row_sums)
        .value("column", r.column)                   // 1-based, --col
        .array("column_scores", r.column_scores)     // S[:, col-1]
        .array("column_weights", r.column_weights)   // A[:, col-1]
        .value("input_shape", json::shape(r.input_shape))
        .value("output_shape", json::shape(r.output_shape));
    if (r.output) data.array("output", *r.output);   // --with-outputs: Y = V A
    return json::document(invocation, std::move(data));
}

}  // namespace attn::render
