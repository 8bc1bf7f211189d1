#pragma once
// Pieces the section-3, 4 and 6 experiments share: the generator from a seed flag, the chapter's
// draw order for one head, memory estimates, and core::Matrix -> report::Array.
#include <cstddef>
#include <string>

#include "core/attention.hpp"
#include "report/array.hpp"
#include "rng/numpy_generator.hpp"

namespace attn::experiments {

// default_rng(seed); a refused seed becomes a UsageError on --seed.
rng::NumpyGenerator make_generator(const std::string& seed);

// Ωq (Dq, D), βq (Dq, 1), Ωk (Dq, D), βk (Dq, 1), Ωv (D, D), βv (D, 1) ~ N(0, 0.5), in that order
// (attention.py, mask.py).
core::HeadWeights draw_head_with_biases(rng::NumpyGenerator& rng, std::size_t d, std::size_t dq);
// Ωq (Dq, D), Ωk (Dq, D), Ωv (D, D) ~ N(0, 0.5), no biases (permutation.py).
core::HeadWeights draw_head_without_biases(rng::NumpyGenerator& rng, std::size_t d,
                                           std::size_t dq);

// Refuses (UsageError naming --d --n --dq) when `passes` attention passes would hold more than
// the memory limit: X, weights, Q, K, V, S, A, Y and copies, generously rounded up.
void require_attention_memory(long d, long n, long dq, double passes = 1.0);

report::Array to_array(const core::Matrix& m);
report::Array column_of(const core::Matrix& m, std::size_t column);

}  // namespace attn::experiments
