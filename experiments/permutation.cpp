// Section 4, second patch: self-attention is permutation-equivariant, SA[X P] = SA[X] P, so it
// cannot tell word order; adding a positional encoding E breaks that symmetry.
#include "experiments/permutation.hpp"

#include <cmath>

#include "core/attention.hpp"
#include "core/compare.hpp"
#include "core/draws.hpp"
#include "errors.hpp"
#include "experiments/checks.hpp"
#include "experiments/chapter_draws.hpp"
#include "experiments/report_arrays.hpp"

namespace attn::experiments {

void validate(const PermutationOptions& o) {
    require_attention_shape(o.d, o.n, o.dq);
    // Below 1 the encoding's angles pos/base^(2i/D) exceed N-1 and NumPy's own AVX-512
    // pow/sin/cos change its printed output with the CPU (docs/spec/cpu-independence.md).
    require_finite_in("--base", o.base, kMinBase, kMaxBase,
                      o.base < kMinBase ? "below 1 NumPy's output depends on the CPU" : "");
    if (!o.perm_given && o.n != 5) {
        throw UsageError("--perm", "must be given when --n is not 5: a permutation of 0.." +
                                       std::to_string(o.n - 1) + " (the default 2,0,4,1,3 fits N = 5)");
    }
    if (static_cast<long>(o.perm.size()) != o.n) {
        throw UsageError("--perm", "must list each of 0.." + std::to_string(o.n - 1) +
                                       " exactly once (" + std::to_string(o.n) +
                                       " values; got " + std::to_string(o.perm.size()) + ")");
    }
    require_list("--perm", o.perm, 0, o.n - 1);
    // Peak: one pass's S (N×N, A overwrites it); X, its permutation, E, the two encoded
    // inputs, four outputs and a permuted copy, V (D×N, 12 with a spare); Q, K; Ω's.
    const double d = static_cast<double>(o.d), n = static_cast<double>(o.n),
                 dq = static_cast<double>(o.dq);
    require_memory(peak_bytes(n * n + 12 * d * n + 2 * dq * n + 2 * dq * d + d * d),
                   size_flags(o.d, o.n, o.dq));
}

results::PermutationReport run_permutation(const PermutationOptions& o) {
    validate(o);
    const auto d = static_cast<std::size_t>(o.d), n = static_cast<std::size_t>(o.n);
    const HeadInputs in = draw_head_inputs(o.seed, o.d, o.n, o.dq, Biases::without);
    const core::Matrix& x = in.x;
    const core::HeadWeights& w = in.w;
    const std::vector<std::size_t> perm(o.perm.begin(), o.perm.end());

    const core::Matrix y = core::self_attention(w, x, nullptr, core::Keep::output).output;
    const core::Matrix y_of_permuted = core::self_attention(w, core::permute_columns(x, perm), nullptr,
                                                              core::Keep::output).output;

    const core::Matrix e = core::sinusoidal_encoding(d, n, o.base);   // E (D, N)
    const core::Matrix x_encoded = x + e;
    const core::Matrix x_permuted_encoded = core::permute_columns(x, perm) + e;
    const core::Matrix z = core::self_attention(w, x_encoded, nullptr, core::Keep::output).output;
    const core::Matrix z_of_permuted = core::self_attention(w, x_permuted_encoded, nullptr,
                                                             core::Keep::output).output;

    results::PermutationReport r;
    r.equivariant_plain = core::allclose(y_of_permuted, core::permute_columns(y, perm));
    const core::Matrix z_permuted = core::permute_columns(z, perm);
    r.equivariant_encoded = core::allclose(z_of_permuted, z_permuted);
    r.first_column_gap.shape = {d};
    for (std::size_t i = 0; i < d; ++i) {
        r.first_column_gap.values.push_back(std::fabs(z_of_permuted(i, 0) - z_permuted(i, 0)));
    }
    return r;
}

}  // namespace attn::experiments
