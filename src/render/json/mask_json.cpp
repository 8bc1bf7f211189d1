#include "render/json/mask_json.hpp"

#include <utility>

#include "render/json/json_document.hpp"

namespace attn::render {

std::string mask_json(const results::MaskReport& r, const results::Invocation& invocation) {
    json::Object data;
    data.array("masked_weights", r.masked_weights)
        .array("column_sums", r.column_sums)
        .value("position", r.position)                 // P, 1-based (--pos)
        .value("change_masked", r.change_masked)       // max |ΔY| over outputs 1..P-1, with the mask
        .value("change_unmasked", r.change_unmasked);  // the same without the mask
    return json::document(invocation, std::move(data));
}

}  // namespace attn::render
