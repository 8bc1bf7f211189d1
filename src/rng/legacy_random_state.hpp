#pragma once
// NumPy's legacy generator, np.random.seed(s) / np.random.normal(loc, scale, size) as NumPy 1.24's
// RandomState: MT19937 seeded by init_genrand (NumPy's mt19937_seed; an integer seed does not go
// through init_by_array), 53-bit doubles from two 32-bit outputs, and the polar Box-Muller
// "legacy gauss" that keeps its second value for the next call. The UDL notebooks 12.1 and 12.2
// draw their inputs and weights with it (docs/udl.md). No CLI, printing or xtensor here.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "rng/mt19937.hpp"

namespace attn::rng {

class LegacyRandomState {
public:
    explicit LegacyRandomState(std::uint32_t seed) { seed_with(seed); }

    // np.random.seed(s) for an integer 0 <= s < 2^32: fills the MT19937 key with Knuth's
    // recurrence and forgets the cached gauss value.
    void seed_with(std::uint32_t seed);

    std::uint32_t next_uint32() { return bit_generator_.next(); }  // MT19937 genrand_int32
    double random_sample();       // ((a >> 5) * 2^26 + (b >> 6)) / 2^53, a drawn first
    double gauss();               // legacy_gauss: polar method, second value cached

    // np.random.normal(loc, scale, size): out[i] = loc + scale * gauss(), one multiply then one
    // add (never fused), filled in C order and continuing the stream (and its cached value).
    void normal(double loc, double scale, double* out, std::size_t count);
    std::vector<double> normal(double loc, double scale, std::size_t count);

private:
    Mt19937 bit_generator_;
    bool has_gauss_ = false;
    double gauss_ = 0.0;
};

}  // namespace attn::rng
