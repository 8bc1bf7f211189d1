// Section 3: one self-attention pass over a small random "meeting" of N positions.
#include "experiments/attention.hpp"

#include "core/attention.hpp"
#include "core/draws.hpp"
#include "core/fresh_pages.hpp"
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
    require_in_range("--col", o.col, 1, o.n, "the positions 1..N", {"--n"});
    // Peak: X (D×N), Q, K (Dq×N), Ωq, Ωk and two N×N, S and A, which are the report's own
    // arrays (written in place, never copied); with Y computed also V and Y (D×N each) and Ωv (D×D).
    const double d = static_cast<double>(o.d), n = static_cast<double>(o.n),
                 dq = static_cast<double>(o.dq);
    const bool output = work_for(o).output;
    // The report keeps S and A (2 N²), five N-vectors and, with Y, Y: what JSON writes whole.
    require_memory(run_peak_bytes(2 * n * n + (output ? 3 : 1) * d * n + 2 * dq * n + 2 * dq * d + (output ? d * d : 0),
                                  2 * n * n + 5 * n + (output ? d * n : 0), o.format),
                   size_flags(o.d, o.n, o.dq));
}

results::AttentionReport run_attention(const AttentionOptions& o) {
    validate(o);
    const auto d = static_cast<std::size_t>(o.d), n = static_cast<std::size_t>(o.n);
    const AttentionWork work = work_for(o);
    const HeadInputs in = draw_head_inputs(o.seed, o.d, o.n, o.dq, Biases::with,
                                           work.output ? Values::drawn : Values::not_drawn);
    results::AttentionReport r;
    // The pass writes S, A (and Y) straight into the report's arrays (heatmaps and JSON show S
    // and A whole): no copy of a finished N×N, and one N×N fewer at the peak.
    r.scores = {{n, n}, core::fresh_zeros(n * n)};
    r.weights = {{n, n}, core::fresh_zeros(n * n)};
    if (work.output) r.output = results::Array{{d, n}, core::fresh_zeros(d * n)};
    core::self_attention_into(in.w, in.x, {r.scores.values.data(), r.weights.values.data(),
                                           work.output ? r.output->values.data() : nullptr});

    r.column = static_cast<std::size_t>(o.col);
    r.column_scores = column_of(r.scores, r.column - 1);
    r.column_sums = {{n}, core::sum_axis0(r.weights.values.data(), n, n)};
    r.row_sums = {{n}, core::sum_axis1(r.weights.values.data(), n, n)};
    r.column_weights = column_of(r.weights, r.column - 1);
    r.input_shape = {d, n};
    r.output_shape = {d, n};                 // Y = V A is (D, N), computed or not
    return r;
}

}  // namespace attn::experiments
