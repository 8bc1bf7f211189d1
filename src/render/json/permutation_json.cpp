#include "render/json/permutation_json.hpp"

#include "render/json/json_document.hpp"

namespace attn::render {

std::string permutation_json(const report::PermutationReport& r, const report::Invocation& invocation) {
    return json::document(invocation, {
        {"equivariant_plain", r.equivariant_plain},       // np.allclose(SA[X P], SA[X] P)
        {"equivariant_encoded", r.equivariant_encoded},   // the same with the positional encoding
        {"first_column_gap", json::array(r.first_column_gap)},
    });
}

}  // namespace attn::render
