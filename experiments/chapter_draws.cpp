#include "experiments/chapter_draws.hpp"

#include "core/draws.hpp"

namespace attn::experiments {
namespace {

// Ωq (Dq, D), βq (Dq, 1), Ωk (Dq, D), βk (Dq, 1), Ωv (D, D), βv (D, 1) ~ N(0, 0.5), in that order
// (attention.py, mask.py).
core::HeadWeights draw_head_with_biases(rng::NumpyGenerator& rng, std::size_t d, std::size_t dq,
                                        Values values) {
    core::HeadWeights w;
    w.omega_q = core::normal_matrix(rng, 0.0, 0.5, dq, d);
    w.beta_q = core::normal_matrix(rng, 0.0, 0.5, dq, 1);
    w.omega_k = core::normal_matrix(rng, 0.0, 0.5, dq, d);
    w.beta_k = core::normal_matrix(rng, 0.0, 0.5, dq, 1);
    if (values == Values::not_drawn) return w;
    w.omega_v = core::normal_matrix(rng, 0.0, 0.5, d, d);
    w.beta_v = core::normal_matrix(rng, 0.0, 0.5, d, 1);
    return w;
}

// Ωq (Dq, D), Ωk (Dq, D), Ωv (D, D) ~ N(0, 0.5), no biases (permutation.py).
core::HeadWeights draw_head_without_biases(rng::NumpyGenerator& rng, std::size_t d,
                                           std::size_t dq, Values values) {
    core::HeadWeights w;
    w.omega_q = core::normal_matrix(rng, 0.0, 0.5, dq, d);
    w.omega_k = core::normal_matrix(rng, 0.0, 0.5, dq, d);
    if (values == Values::not_drawn) return w;
    w.omega_v = core::normal_matrix(rng, 0.0, 0.5, d, d);
    return w;
}

}  // namespace

rng::NumpyGenerator make_generator(const rng::Seed& seed) { return rng::NumpyGenerator(seed); }

HeadInputs draw_head_inputs(const rng::Seed& seed, long d, long n, long dq, Biases biases,
                            Values values) {
    const auto D = static_cast<std::size_t>(d), N = static_cast<std::size_t>(n),
               Dq = static_cast<std::size_t>(dq);
    rng::NumpyGenerator rng = make_generator(seed);
    HeadInputs in;
    in.x = core::normal_matrix(rng, 0.0, 1.0, D, N);
    in.w = biases == Biases::with ? draw_head_with_biases(rng, D, Dq, values)
                                  : draw_head_without_biases(rng, D, Dq, values);
    return in;
}

}  // namespace attn::experiments
