#include "render/json/mask_json.hpp"

#include "render/json/json_document.hpp"

namespace attn::render {

std::string mask_json(const report::MaskReport& r, const report::Invocation& invocation) {
    return json::document(invocation, {
        {"masked_weights", json::array(r.masked_weights)},
        {"column_sums", json::array(r.column_sums)},
        {"position", r.position},                  // P, 1-based (--pos)
        {"change_masked", r.change_masked},        // max |ΔY| over outputs 1..P-1, with the mask
        {"change_unmasked", r.change_unmasked},    // the same without the mask
    });
}

}  // namespace attn::render
