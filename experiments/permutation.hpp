#pragma once
// `attn permutation`: the chapter's section-4 equivariance experiment (兩塊補丁), as
// ../shared/reference/permutation.py. Draw order: X (D, N) ~ N(0, 1); Ωq (Dq, D), Ωk (Dq, D),
// Ωv (D, D) ~ N(0, 0.5), no biases. Sinusoidal positional encoding with base --base.
#include <string>
#include <vector>

#include "results/permutation_report.hpp"
#include "rng/seed.hpp"

namespace attn::experiments {

// --base, the positional encoding's base: at least 1, where NumPy prints the same bytes on every
// CPU (docs/spec/cpu-independence.md).
inline constexpr double kMinBase = 1.0;
inline constexpr double kMaxBase = 1e300;

struct PermutationOptions {
    rng::Seed seed;           // default_rng(seed); 0 is the chapter's
    long d = 6;
    long n = 5;
    long dq = 4;
    std::vector<long> perm = {2, 0, 4, 1, 3};   // 0-based, a permutation of 0..N-1
    bool perm_given = false;                    // the default only fits N = 5
    double base = 100.0;
};

void validate(const PermutationOptions& options);
results::PermutationReport run_permutation(const PermutationOptions& options);

}  // namespace attn::experiments
