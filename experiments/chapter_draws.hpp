#pragma once
// The chapter's draw order for sections 3, 4 and 6, from one default_rng(seed) stream.
#include "core/attention.hpp"
#include "rng/numpy_generator.hpp"

namespace attn::experiments {

// default_rng(seed).
rng::NumpyGenerator make_generator(const rng::Seed& seed);

// X (D, N) ~ N(0, 1), then one head (with or without biases) ~ N(0, 0.5), in that order.
struct HeadInputs {
    core::Matrix x;         // (D, N)
    core::HeadWeights w;
};
enum class Biases { with, without };
// Values::not_drawn stops before Ωv (and βv), the stream's last draws, when nothing shows V or
// Y: w.omega_v and w.beta_v stay empty, and every earlier draw keeps its bits.
enum class Values { drawn, not_drawn };
HeadInputs draw_head_inputs(const rng::Seed& seed, long d, long n, long dq, Biases biases,
                            Values values = Values::drawn);

}  // namespace attn::experiments
