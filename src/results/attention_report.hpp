#pragma once
// What `attn attention` (chapter section 3) computes; rendered by render/attention_text.
#include <cstddef>
#include <optional>

#include "results/array.hpp"

namespace attn::results {

struct AttentionReport {
    Array scores;           // S = KᵀQ / sqrt(Dq) (N, N): S(m, n) = key m · query n, scaled
    Array weights;          // A (N, N): column n holds the weights of output position n
    Array column_sums;      // A.sum(axis=0), each 1 up to rounding
    Array row_sums;         // A.sum(axis=1)
    std::size_t column = 0; // 1-based position shown below (--col)
    Array column_scores;    // S[:, col-1]
    Array column_weights;   // A[:, col-1]
    Shape input_shape;      // X: (D, N)
    Shape output_shape;     // Y: (D, N)
    std::optional<Array> output;   // Y = V A (D, N) itself: only when asked for (--with-outputs)
};

}  // namespace attn::results
