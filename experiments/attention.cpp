// Section 3: one self-attention pass over a small random "meeting" of N positions.
#include "experiments/attention.hpp"

#include "core/attention.hpp"
#include "core/draws.hpp"
#include "core/numpy_ops.hpp"
#include "experiments/checks.hpp"
#include "experiments/chapter_draws.hpp"
#include "experiments/report_arrays.hpp"

namespace attn::experiments {

AttentionWork work_for(const AttentionOptions& o) {
    AttentionWork work;
    work.output = o.with_outputs;
    return work;
}

void validate(const AttentionOptions& o) {
    require_attention_shape(o.d, o.n, o.dq);
    require_in_range("--col", o.col, 1, o.n, "the positions 1..N");
    // Peak: X and a spare (D×N), Q, K (Dq×N), Ωq, Ωk, and three N×N: S and A, then the report's
    // copy of S (the pass's S is freed before the report copies A); with Y computed also V, Y
    // and the report's copy of Y (D×N each) and Ωv (D×D).
    const double d = static_cast<double>(o.d), n = static_cast<double>(o.n),
                 dq = static_cast<double>(o.dq);
    const bool output = work_for(o).output;
    // The report keeps S and A (2 N²), five N-vectors and, with Y, Y: what JSON writes whole.
    require_memory(run_peak_bytes(3 * n * n + (output ? 5 : 2) * d * n + 2 * dq * n + 2 * dq * d + (output ? d * d : 0),
                                  2 * n * n + 5 * n + (output ? d * n : 0), o.format),
                   size_flags(o.d, o.n, o.dq));
}

results::AttentionReport run_attention(const AttentionOptions& o) {
    validate(o);
    const auto d = static_cast<std::size_t>(o.d), n = static_cast<std::size_t>(o.n);
    const AttentionWork work = work_for(o);
    const HeadInputs in = draw_head_inputs(o.seed, o.d, o.n, o.dq, Biases::with,
                                           work.output ? Values::drawn : Values::not_drawn);
    core::AttentionPass pass = core::self_attention(
        in.w, in.x, nullptr, work.output ? core::Keep::all : core::Keep::scores_and_weights);

    results::AttentionReport r;
    r.column = static_cast<std::size_t>(o.col);
    r.column_scores = column_of(pass.scores, r.column - 1);
    r.scores = to_array(pass.scores);   // the report keeps S (heatmaps, JSON)
    pass.scores = core::Matrix();       // S is done with: the report's copy of A takes its place
    r.weights = to_array(pass.weights);
    r.column_sums = {{n}, core::sum_axis0(pass.weights)};
    r.row_sums = {{n}, core::sum_axis1(pass.weights)};
    r.column_weights = column_of(pass.weights, r.column - 1);
    r.input_shape = {d, n};
    r.output_shape = {d, n};                 // Y = V A is (D, N), computed or not
    if (work.output) r.output = to_array(pass.output);
    return r;
}

}  // namespace attn::experiments
