// np.random.default_rng(seed): SeedSequence -> PCG64 -> ziggurat standard normal -> normal()
// (docs/spec/numpy-random.md §1-§4). Must be compiled with -ffp-contract=off (§5).
#include "rng/numpy_generator.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "rng/draw_stream.hpp"
#include "rng/normal_loop.hpp"
#include "rng/normal_simd.hpp"
#include "rng/pcg64.hpp"
#include "rng/seed_sequence.hpp"

namespace attn::rng {

namespace {

// The stream of SeedSequence(words) -> PCG64, drawn with the best SIMD lanes this CPU runs.
DrawStream seeded(const std::vector<std::uint32_t>& words) {
    pcg64::u128 state, inc;
    pcg64::seed(SeedSequence(words).generate_state_u64x4(), state, inc);
    return DrawStream(state, inc, simd::kernels());
}

std::vector<std::uint32_t> words_of(std::uint64_t seed) {
    std::vector<std::uint32_t> words{static_cast<std::uint32_t>(seed)};
    if ((seed >> 32) != 0) words.push_back(static_cast<std::uint32_t>(seed >> 32));
    return words;
}

}  // namespace

NumpyGenerator::NumpyGenerator(const std::string& decimal_seed) : stream_(seeded(seed_words(decimal_seed))) {}

NumpyGenerator::NumpyGenerator(const Seed& seed) : stream_(seeded(seed.words())) {}

NumpyGenerator::NumpyGenerator(std::uint64_t seed) : stream_(seeded(words_of(seed))) {}

void NumpyGenerator::set_state(unsigned __int128 state, unsigned __int128 inc) {
    stream_ = DrawStream(state, inc, simd::kernels());
    fast_.refills = ~std::uint64_t{0};   // computed from the old stream's block
}

std::uint64_t NumpyGenerator::next_uint64() { return stream_.next64(); }

double NumpyGenerator::next_double() { return stream_.next_double(); }

double NumpyGenerator::standard_normal() { return rng::standard_normal(stream_); }

void NumpyGenerator::normal(double loc, double scale, double* out, std::size_t count) {
    draw_normals(stream_, fast_, loc, scale, out, count);
}

std::vector<double> NumpyGenerator::normal(double loc, double scale, std::size_t count) {
    std::vector<double> out(count);
    normal(loc, scale, out.data(), count);
    return out;
}

}  // namespace attn::rng
