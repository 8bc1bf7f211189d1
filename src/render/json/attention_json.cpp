#include "render/json/attention_json.hpp"

#include "render/json/json_document.hpp"

namespace attn::render {

std::string attention_json(const report::AttentionReport& r, const report::Invocation& invocation) {
    return json::document(invocation, {
        {"weights", json::array(r.weights)},               // A (N, N), column n = output n
        {"column_sums", json::array(r.column_sums)},
        {"row_sums", json::array(r.row_sums)},
        {"column", r.column},                              // 1-based, --col
        {"column_scores", json::array(r.column_scores)},   // S[:, col-1]
        {"column_weights", json::array(r.column_weights)}, // A[:, col-1]
        {"input_shape", json::shape(r.input_shape)},
        {"output_shape", json::shape(r.output_shape)},
    });
}

}  // namespace attn::render
