// Section 3: one self-attention pass over a small random "meeting" of N positions.
#include "experiments/attention.hpp"

#include "core/attention.hpp"
#include "core/draws.hpp"
#include "core/numpy_ops.hpp"
#include "experiments/checks.hpp"
#include "experiments/chapter_draws.hpp"
#include "experiments/report_arrays.hpp"

namespace attn::experiments {

void validate(const AttentionOptions& o) {
    require_attention_shape(o.d, o.n, o.dq);
    require_in_range("--col", o.col, 1, o.n, "the positions 1..N");
    // Peak: X, V, Y and a spare (D×N), Q, K (Dq×N), Ωq, Ωk, Ωv, and three N×N: S and A, then
    // the report's copy of S (the pass's S is freed before the report copies A). The report
    // keeps S and A (2 N²) and five N-vectors, which JSON writes whole.
    const double d = static_cast<double>(o.d), n = static_cast<double>(o.n),
                 dq = static_cast<double>(o.dq);
    require_memory(run_peak_bytes(3 * n * n + 4 * d * n + 2 * dq * n + 2 * dq * d + d * d, 2 * n * n + 5 * n, o.format),
                   size_flags(o.d, o.n, o.dq));
}

report::AttentionReport run_attention(const AttentionOptions& o) {
    validate(o);
    const auto d = static_cast<std::size_t>(o.d), n = static_cast<std::size_t>(o.n);
    const HeadInputs in = draw_head_inputs(o.seed, o.d, o.n, o.dq, Biases::with);
    core::AttentionPass pass = core::self_attention(in.w, in.x);

    report::AttentionReport r;
    r.column = static_cast<std::size_t>(o.col);
    r.column_scores = column_of(pass.scores, r.column - 1);
    r.scores = to_array(pass.scores);   // the report keeps S (heatmaps, JSON)
    pass.scores = core::Matrix();       // S is done with: the report's copy of A takes its place
    r.weights = to_array(pass.weights);
    r.column_sums = {{n}, core::sum_axis0(pass.weights)};
    r.row_sums = {{n}, core::sum_axis1(pass.weights)};
    r.column_weights = column_of(pass.weights, r.column - 1);
    r.input_shape = {d, n};
    r.output_shape = {pass.output.shape(0), pass.output.shape(1)};
    return r;
}

}  // namespace attn::experiments
