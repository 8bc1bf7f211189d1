// np.random.default_rng(seed): SeedSequence -> PCG64 -> ziggurat standard normal -> normal()
// (shared/notes/numpy-random.md §1-§4). Must be compiled with -ffp-contract=off (§5).
#include "rng/numpy_generator.hpp"

#include <cmath>

#include "rng/pcg64.hpp"
#include "rng/seed_sequence.hpp"
#include "rng/ziggurat_tables.hpp"

namespace attn::rng {

NumpyGenerator::NumpyGenerator(const std::string& decimal_seed) {
    pcg64::seed(SeedSequence(seed_words(decimal_seed)).generate_state_u64x4(), state_, inc_);
}

NumpyGenerator::NumpyGenerator(const Seed& seed) {
    pcg64::seed(SeedSequence(seed.words()).generate_state_u64x4(), state_, inc_);
}

NumpyGenerator::NumpyGenerator(std::uint64_t seed) {
    std::vector<std::uint32_t> words{static_cast<std::uint32_t>(seed)};
    if ((seed >> 32) != 0) words.push_back(static_cast<std::uint32_t>(seed >> 32));
    pcg64::seed(SeedSequence(words).generate_state_u64x4(), state_, inc_);
}

std::uint64_t NumpyGenerator::next_uint64() { return pcg64::next64(state_, inc_); }

double NumpyGenerator::next_double() { return pcg64::next_double(state_, inc_); }

namespace {

// Ziggurat, notes §3 (NumPy's random_standard_normal), split in two so the ~99% fast path
// inlines into the fill loop with the PCG64 state in registers; the tail and wedge tests (and
// any restart after a wedge rejection) run out of line.
__attribute__((noinline)) double ziggurat_slow(pcg64::u128& state, pcg64::u128 inc,
                                               unsigned idx, std::uint64_t rabs, double x);

inline double ziggurat_normal(pcg64::u128& state, pcg64::u128 inc) {
    const std::uint64_t r0 = pcg64::next64(state, inc);
    const unsigned idx = static_cast<unsigned>(r0 & 0xffu);
    const std::uint64_t r = r0 >> 8;
    const bool sign = (r & 1u) != 0;
    const std::uint64_t rabs = (r >> 1) & 0x000fffffffffffffull;
    // rabs < 2^52: the signed conversion is exact and cheaper than the unsigned one
    double x = static_cast<double>(static_cast<std::int64_t>(rabs)) * ziggurat::wi[idx];
    if (sign) x = -x;                             // sign applied before the test
    if (rabs < ziggurat::ki[idx]) return x;       // ~99.2% of draws
    return ziggurat_slow(state, inc, idx, rabs, x);
}

double ziggurat_slow(pcg64::u128& state, pcg64::u128 inc, unsigned idx, std::uint64_t rabs,
                     double x) {
    using namespace ziggurat;
    if (idx == 0) {                               // tail beyond nor_r
        for (;;) {
            const double xx = -nor_inv_r * std::log1p(-pcg64::next_double(state, inc));
            const double yy = -std::log1p(-pcg64::next_double(state, inc));
            if (yy + yy > xx * xx) return ((rabs >> 8) & 1u) ? -(nor_r + xx) : nor_r + xx;
        }
    }
    // wedge
    if ((fi[idx - 1] - fi[idx]) * pcg64::next_double(state, inc) + fi[idx] <
        std::exp(-0.5 * x * x)) {
        return x;
    }
    return ziggurat_normal(state, inc);           // rejected: start again with a new draw
}

}  // namespace

double NumpyGenerator::standard_normal() { return ziggurat_normal(state_, inc_); }

// Generator.normal, notes §4: loc + scale * z, multiply then add (never fused), C order.
void NumpyGenerator::normal(double loc, double scale, double* out, std::size_t count) {
    pcg64::u128 state = state_;
    const pcg64::u128 inc = inc_;
    for (std::size_t i = 0; i < count; ++i) {
        const double z = ziggurat_normal(state, inc);
        const double scaled = scale * z;
        out[i] = loc + scaled;
    }
    state_ = state;
}

std::vector<double> NumpyGenerator::normal(double loc, double scale, std::size_t count) {
    std::vector<double> out(count);
    normal(loc, scale, out.data(), count);
    return out;
}

}  // namespace attn::rng
