#pragma once
// What `attn multihead` (chapter section 5, 多頭) computes; rendered by render/multihead_text.
#include <cstdint>
#include <optional>
#include <vector>

#include "results/array.hpp"

namespace attn::results {

struct MultiheadRow {
    long heads = 0;                    // H
    long head_width = 0;               // D // H
    std::int64_t parameters = 0;       // Ωq, Ωk, Ωv of every head + Ωc, counted as drawn
    std::int64_t multiplications = 0;  // counted from every matrix product actually computed
    Shape output_shape;                // Y = Ωc [heads stacked]: (D, N)
    // Only when an output shows them (the counts above need no values):
    std::optional<Array> output;       // --with-outputs: Y itself (D, N)
    std::vector<Array> head_weights;   // --with-outputs: each head's A (N, N), in head order
    // --heatmap: (H, H), entry (i, j) = how differently heads i and j attend, the mean over the
    // output positions n of the total variation distance ½ Σ_m |A_i(m, n) - A_j(m, n)|:
    // 0 when they give every input the same weight, 1 when they never attend to the same inputs.
    std::optional<Array> head_differences;
};

struct MultiheadReport {
    std::vector<MultiheadRow> rows;    // the shown rows (--h), in sweep order
    // What ran, for the record of a run (JSON's "options"): the head counts run, in order (the
    // sweep, then each --h value not in it), and the rows asked for (--h, else the sweep).
    std::vector<long> sweep;
    std::vector<long> shown;
};

}  // namespace attn::results
