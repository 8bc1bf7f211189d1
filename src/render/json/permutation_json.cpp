#include "render/json/permutation_json.hpp"

#include <utility>

#include "render/json/json_document.hpp"

namespace attn::render {

std::string permutation_json(const results::PermutationReport& r, const results::Invocation& invocation) {
    json::Object data;
    data.value("equivariant_plain", r.equivariant_plain)       // np.allclose(SA[X P], SA[X] P)
        .value("equivariant_encoded", r.equivariant_encoded)   // the same with the positional encoding
        .array("first_column_gap", r.first_column_gap);
    return json::document(invocation, std::move(data));
}

}  // namespace attn::render
