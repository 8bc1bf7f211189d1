#pragma once
// What `attn permutation` (chapter section 4, equivariance and positional encoding) computes.
#include "results/array.hpp"

namespace attn::results {

struct PermutationReport {
    bool equivariant_plain = false;     // np.allclose(SA[X P], SA[X] P)
    bool equivariant_encoded = false;   // the same check after adding the positional encoding
    Array first_column_gap;             // |SA[X P + E] - SA[X + E] P| of the first output column
    // For --svg only (PermutationOptions::pictures), each (D, N): the outputs permuted, SA[X] P, and
    // the outputs of the permuted inputs, SA[X P] (the same: equivariance); then both with the
    // positional encoding E added to the inputs, SA[X + E] P and SA[X P + E] (no longer the same).
    Array plain_permuted, plain_of_permuted, encoded_permuted, encoded_of_permuted;
};

}  // namespace attn::results
