// Section 6 (遮罩): with the causal mask applied before the softmax, output n depends only on
// inputs 1..n, so shifting input P leaves outputs 1..P-1 exactly unchanged.
#include "experiments/mask.hpp"

#include <algorithm>
#include <cmath>

#include "core/attention.hpp"
#include "core/draws.hpp"
#include "core/numpy_ops.hpp"
#include "experiments/checks.hpp"
#include "experiments/chapter_draws.hpp"
#include "experiments/report_arrays.hpp"

namespace attn::experiments {
namespace {

// max |a - b| over the first `columns` columns: np.abs(Y2[:, :k] - Y0[:, :k]).max().
double largest_change(const core::Matrix& a, const core::Matrix& b, std::size_t columns) {
    double m = 0.0;
    for (std::size_t r = 0; r < a.shape(0); ++r) {
        for (std::size_t c = 0; c < columns; ++c) m = std::max(m, std::fabs(a(r, c) - b(r, c)));
    }
    return m;
}

}  // namespace

void validate(const MaskOptions& o) {
    require_attention_shape(o.d, o.n, o.dq);
    require_finite_in("--delta", o.delta, -kMaxDelta, kMaxDelta);
    // (the shifted input P is in 2..N, so N = 1 has none: named as --n's range, not an empty 2..1)
    require_in_range("--n", o.n, 2, kMaxDimension, "mask shifts an input P in 2..N");
    require_in_range("--pos", o.pos, 2, o.n, "the positions 2..N");
    // Peak: the masked A kept (N×N) with one more pass's S (N×N), or with the report's copy
    // of A; the mask (N² bits); X, the shifted X, four outputs, V, a spare (D×N); Q, K; Ω's.
    // JSON writes the report's masked A (N²) and its column sums whole; the masked half below the
    // diagonal prints as "0.0," (4 bytes, not ~21), so A's text counts as 0.71 N² full numbers.
    const double d = static_cast<double>(o.d), n = static_cast<double>(o.n),
                 dq = static_cast<double>(o.dq);
    require_memory(run_peak_bytes(2 * n * n + n * n / 64 + 8 * d * n + 2 * dq * n + 2 * dq * d + d * d,
                                  0.71 * n * n + n, o.format),
                   size_flags(o.d, o.n, o.dq));
}

results::MaskReport run_mask(const MaskOptions& o) {
    validate(o);
    const auto d = static_cast<std::size_t>(o.d), n = static_cast<std::size_t>(o.n);
    const HeadInputs in = draw_head_inputs(o.seed, o.d, o.n, o.dq, Biases::with);
    const core::Matrix& x = in.x;
    const core::HeadWeights& w = in.w;
    const std::vector<bool> mask = core::causal_mask(n);

    const std::size_t k = static_cast<std::size_t>(o.pos) - 1;   // 0-based shifted input
    core::Matrix shifted = x;
    for (std::size_t r = 0; r < d; ++r) shifted(r, k) += o.delta;

    using core::Keep;
    const core::AttentionPass masked = core::self_attention(w, x, &mask, Keep::weights_and_output);
    const core::AttentionPass masked_shifted =
        core::self_attention(w, shifted, &mask, Keep::output);
    const core::AttentionPass open = core::self_attention(w, x, nullptr, Keep::output);
    const core::AttentionPass open_shifted = core::self_attention(w, shifted, nullptr, Keep::output);

    results::MaskReport r;
    r.masked_weights = to_array(masked.weights);
    r.column_sums = {{n}, core::sum_axis0(masked.weights)};
    r.allowed = mask;
    r.position = static_cast<std::size_t>(o.pos);
    r.change_masked = largest_change(masked_shifted.output, masked.output, k);
    r.change_unmasked = largest_change(open_shifted.output, open.output, k);
    return r;
}

}  // namespace attn::experiments
