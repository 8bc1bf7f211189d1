#pragma once
// What `attn permutation` (chapter section 4, equivariance and positional encoding) computes.
#include "results/array.hpp"

namespace attn::results {

struct PermutationReport {
    bool equivariant_plain = false;     // np.allclose(SA[X P], SA[X] P)
    bool equivariant_encoded = false;   // the same check after adding the positional encoding
    Array first_column_gap;             // |SA[X P + E] - SA[X + E] P| of the first output column
};

}  // namespace attn::results
