// Port of numpy/random/src/mt19937/mt19937.c, mt19937-jump-free parts, and
// numpy/random/src/legacy/legacy-distributions.c (legacy_gauss, legacy_normal), NumPy 1.24.2.
#include "rng/legacy_random_state.hpp"

#include <cmath>

namespace attn::rng {
namespace {

constexpr std::size_t kN = 624;
constexpr std::size_t kM = 397;
constexpr std::uint32_t kMatrixA = 0x9908b0dfU;
constexpr std::uint32_t kUpperMask = 0x80000000U;
constexpr std::uint32_t kLowerMask = 0x7fffffffU;

}  // namespace

void LegacyRandomState::seed_with(std::uint32_t seed) {
    // mt19937_seed: key[0] = s; key[i] = 1812433253 * (key[i-1] ^ (key[i-1] >> 30)) + i (mod 2^32)
    for (std::size_t pos = 0; pos < kN; ++pos) {
        key_[pos] = seed;
        seed = 1812433253U * (seed ^ (seed >> 30)) + static_cast<std::uint32_t>(pos + 1);
    }
    pos_ = kN;
    // RandomState.seed -> _reset_gauss: a value cached before reseeding is never returned.
    has_gauss_ = false;
    gauss_ = 0.0;
}

void LegacyRandomState::refill() {
    // mt19937_gen: regenerate all 624 words at once.
    std::size_t i = 0;
    std::uint32_t y;
    for (; i < kN - kM; ++i) {
        y = (key_[i] & kUpperMask) | (key_[i + 1] & kLowerMask);
        key_[i] = key_[i + kM] ^ (y >> 1) ^ (-(y & 1U) & kMatrixA);
    }
    for (; i < kN - 1; ++i) {
        y = (key_[i] & kUpperMask) | (key_[i + 1] & kLowerMask);
        key_[i] = key_[i + kM - kN] ^ (y >> 1) ^ (-(y & 1U) & kMatrixA);
    }
    y = (key_[kN - 1] & kUpperMask) | (key_[0] & kLowerMask);
    key_[kN - 1] = key_[kM - 1] ^ (y >> 1) ^ (-(y & 1U) & kMatrixA);
    pos_ = 0;
}

std::uint32_t LegacyRandomState::next_uint32() {
    if (pos_ == kN) refill();
    std::uint32_t y = key_[pos_++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
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
