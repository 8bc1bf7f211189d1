#pragma once
// What `attn mask` (chapter section 6, 遮罩) computes; rendered by render/mask_text.
#include <cstddef>
#include <vector>

#include "results/array.hpp"

namespace attn::results {

struct MaskReport {
    Array masked_weights;        // A with the causal mask applied before the softmax (N, N)
    Array column_sums;           // its A.sum(axis=0)
    std::vector<bool> allowed;   // the causal mask (N, N), C order: allowed(m, n) = m <= n
    std::size_t position = 0;    // P, 1-based: input P is shifted by delta
    double change_masked = 0;    // max |ΔY| over outputs 1..P-1 with the mask (exactly 0)
    double change_unmasked = 0;  // the same without the mask
};

}  // namespace attn::results
