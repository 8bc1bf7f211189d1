// Port of numpy/random/src/legacy/legacy-distributions.c (legacy_gauss, legacy_normal), NumPy 1.24.2,
// over the MT19937 bit generator of rng/mt19937.
#include "rng/legacy_random_state.hpp"

#include <cmath>

namespace attn::rng {

void LegacyRandomState::seed_with(std::uint32_t seed) {
    bit_generator_.seed(seed);   // mt19937_seed
    // RandomState.seed -> _reset_gauss: a value cached before reseeding is never returned.
    has_gauss_ = false;
    gauss_ = 0.0;
}

double LegacyRandomState::random_sample() {
    // mt19937_next_double: 27 high bits of the first word, 26 of the second (53 in all).
    const std::int32_t a = static_cast<std::int32_t>(next_uint32() >> 5);
    const std::int32_t b = static_cast<std::int32_t>(next_uint32() >> 6);
    return (a * 67108864.0 + b) / 9007199254740992.0;
}

double LegacyRandomState::gauss() {
    if (has_gauss_) {
        const double cached = gauss_;
        has_gauss_ = false;
        gauss_ = 0.0;
        return cached;
    }
    double x1, x2, r2;
    do {
        x1 = 2.0 * random_sample() - 1.0;
        x2 = 2.0 * random_sample() - 1.0;
        r2 = x1 * x1 + x2 * x2;
    } while (r2 >= 1.0 || r2 == 0.0);
    // Polar Box-Muller: both f*x1 and f*x2 are normal; x2's is returned now, x1's kept.
    const double f = std::sqrt(-2.0 * std::log(r2) / r2);
    gauss_ = f * x1;
    has_gauss_ = true;
    return f * x2;
}

void LegacyRandomState::normal(double loc, double scale, double* out, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
        const double product = scale * gauss();  // a named product keeps the add unfused
        out[i] = loc + product;
    }
}

std::vector<double> LegacyRandomState::normal(double loc, double scale, std::size_t count) {
    std::vector<double> out(count);
    normal(loc, scale, out.data(), count);
    return out;
}

}  // namespace attn::rng
