#pragma once
// Pieces the experiments share: the generator from a seed flag, the chapter's draw order for
// X and one head, memory estimates, and core::Matrix -> report::Array.
#include <cstddef>
#include <string>

#include "core/attention.hpp"
#include "report/array.hpp"
#include "rng/numpy_generator.hpp"

namespace attn::experiments {

// default_rng(seed).
rng::NumpyGenerator make_generator(const rng::Seed& seed);

// The chapter's draws for sections 3, 4 and 6, from one default_rng(seed) stream, in order:
// X (D, N) ~ N(0, 1), then one head (with or without biases) ~ N(0, 0.5).
struct HeadInputs {
    core::Matrix x;         // (D, N)
    core::HeadWeights w;
};
enum class Biases { with, without };
HeadInputs draw_head_inputs(const rng::Seed& seed, long d, long n, long dq, Biases biases);

// "--d D --n N --dq Dq": the flags a memory refusal of sections 3, 4 and 6 names.
std::string size_flags(long d, long n, long dq);

report::Array to_array(const core::Matrix& m);
report::Array column_of(const core::Matrix& m, std::size_t column);

}  // namespace attn::experiments
