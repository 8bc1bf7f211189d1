// np.random.default_rng(seed): SeedSequence -> PCG64 -> ziggurat standard normal -> normal()
// (docs/spec/numpy-random.md §1-§4). Must be compiled with -ffp-contract=off (§5).
#include "rng/numpy_generator.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "rng/pcg64.hpp"
#include "rng/seed_sequence.hpp"
#include "rng/ziggurat_tables.hpp"

namespace attn::rng {

namespace {

// The stream of SeedSequence(words) -> PCG64.
DrawStream seeded(const std::vector<std::uint32_t>& words) {
    pcg64::u128 state, inc;
    pcg64::seed(SeedSequence(words).generate_state_u64x4(), state, inc);
    return DrawStream(state, inc);
}

std::vector<std::uint32_t> words_of(std::uint64_t seed) {
    std::vector<std::uint32_t> words{static_cast<std::uint32_t>(seed)};
    if ((seed >> 32) != 0) words.push_back(static_cast<std::uint32_t>(seed >> 32));
    return words;
}

__attribute__((noinline)) double ziggurat_slow(DrawStream& src, unsigned idx, std::uint64_t rabs, double x);

// Ziggurat, docs/spec/numpy-random.md §3 (NumPy's random_standard_normal), split in two so the
// ~98.5% fast path inlines into normal()'s loop, the tail and wedge tests (and any restart
// after a wedge rejection) out of line. The fast path for the draw r0 already taken:
struct Candidate {
    unsigned idx;
    std::uint64_t rabs;
    double x;
    bool accepted;   // rabs < ki[idx]: x is the normal (~98.5% of draws: the mean of ki / 2^52)
};

inline Candidate ziggurat_candidate(std::uint64_t r0) {
    const unsigned idx = static_cast<unsigned>(r0 & 0xffu);
    const std::uint64_t r = r0 >> 8;
    const std::uint64_t rabs = (r >> 1) & 0x000fffffffffffffull;
    // rabs < 2^52: the signed conversion is exact and cheaper than the unsigned one
    const double magnitude = static_cast<double>(static_cast<std::int64_t>(rabs)) * ziggurat::wi[idx];
    // NumPy's `if (sign) x = -x;`, applied before the test, as a flip of the sign bit: the sign
    // is a fair coin, so a branch on it is mispredicted half the time. Same bits, -0.0 included.
    std::uint64_t bits;
    std::memcpy(&bits, &magnitude, sizeof bits);
    bits ^= (r & 1u) << 63;
    double x;
    std::memcpy(&x, &bits, sizeof x);
    return {idx, rabs, x, rabs < ziggurat::ki[idx]};
}

inline double ziggurat_normal(DrawStream& src) {
    const Candidate c = ziggurat_candidate(src.next64());
    if (c.accepted) return c.x;
    return ziggurat_slow(src, c.idx, c.rabs, c.x);
}

double ziggurat_slow(DrawStream& src, unsigned idx, std::uint64_t rabs, double x) {
    using namespace ziggurat;
    if (idx == 0) {   // tail beyond nor_r
        for (;;) {
            const double xx = -nor_inv_r * std::log1p(-src.next_double());
            const double yy = -std::log1p(-src.next_double());
            if (yy + yy > xx * xx) return ((rabs >> 8) & 1u) ? -(nor_r + xx) : nor_r + xx;
        }
    }
    // wedge
    if ((fi[idx - 1] - fi[idx]) * src.next_double() + fi[idx] < std::exp(-0.5 * x * x)) return x;
    return ziggurat_normal(src);   // rejected: start again with a new draw
}

}  // namespace

NumpyGenerator::NumpyGenerator(const std::string& decimal_seed) : stream_(seeded(seed_words(decimal_seed))) {}

NumpyGenerator::NumpyGenerator(const Seed& seed) : stream_(seeded(seed.words())) {}

NumpyGenerator::NumpyGenerator(std::uint64_t seed) : stream_(seeded(words_of(seed))) {}

std::uint64_t NumpyGenerator::next_uint64() { return stream_.next64(); }

double NumpyGenerator::next_double() { return stream_.next_double(); }

double NumpyGenerator::standard_normal() { return ziggurat_normal(stream_); }

// Generator.normal, docs/spec/numpy-random.md §4: loc + scale * z, multiply then add (never
// fused), C order. The runs of draws the fast path accepts are scaled straight from the block;
// a refused draw is finished by the slow path (tail or wedge), which may take further draws.
void NumpyGenerator::normal(double loc, double scale, double* out, std::size_t count) {
    std::size_t i = 0;
    while (i < count) {
        if (stream_.available() == 0) stream_.refill();
        const std::uint64_t* draws = stream_.peek();
        const std::size_t n = std::min(count - i, stream_.available());
        std::size_t k = 0;
        for (; k < n; ++k) {
            const Candidate c = ziggurat_candidate(draws[k]);
            if (!c.accepted) break;
            const double scaled = scale * c.x;
            out[i + k] = loc + scaled;
        }
        stream_.skip(k);
        i += k;
        if (k < n) {
            const Candidate c = ziggurat_candidate(stream_.next64());
            const double scaled = scale * ziggurat_slow(stream_, c.idx, c.rabs, c.x);
            out[i++] = loc + scaled;
        }
    }
}

std::vector<double> NumpyGenerator::normal(double loc, double scale, std::size_t count) {
    std::vector<double> out(count);
    normal(loc, scale, out.data(), count);
    return out;
}

}  // namespace attn::rng
