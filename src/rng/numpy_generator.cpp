// np.random.default_rng(seed): SeedSequence -> PCG64 -> ziggurat standard normal -> normal()
// (docs/spec/numpy-random.md §1-§4). Must be compiled with -ffp-contract=off (§5).
#include "rng/numpy_generator.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "cpu/cpu_features.hpp"
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

NumpyGenerator::~NumpyGenerator() = default;
NumpyGenerator::NumpyGenerator(NumpyGenerator&&) noexcept = default;
NumpyGenerator& NumpyGenerator::operator=(NumpyGenerator&&) noexcept = default;

void NumpyGenerator::set_state(unsigned __int128 state, unsigned __int128 inc) {
    end_read_ahead();
    stream_ = DrawStream(state, inc, simd::kernels());
    fast_.refills = ~std::uint64_t{0};   // computed from the old stream's block
}

namespace {

// The read-ahead's sizes (docs/performance.md, "The generator"): segments of 4096 draws (32 KiB
// of normals, ~6 us of decoding, so claiming, stitching and a segment's set-up cost little in
// comparison), 8 of them in flight (256 KiB: `scaling`'s peak RSS stays under 6 MiB), and no
// read-ahead for fewer than 2^17 normals (a quarter of a millisecond of drawing: not worth a
// thread's start, and too short for the look at the helpers' share to judge).
ReadAheadConfig default_config(unsigned threads) {
    ReadAheadConfig c;
    c.threads = threads;
    return c;
}

}  // namespace

void NumpyGenerator::will_draw_normals(std::uint64_t count) {
    end_read_ahead();
    const unsigned threads = cpu::draw_threads();   // read (and checked) at every promise
    const ReadAheadConfig config = ahead_config_ ? *ahead_config_ : default_config(threads);
    if (!ahead_config_ && threads == 0) return;
    if (count == 0 || count < config.minimum) return;
    ahead_ = std::make_unique<ReadAhead>(stream_.state(), stream_.inc(), stream_.simd(), config);
    ahead_left_ = count;
}

void NumpyGenerator::end_read_ahead() {
    if (!ahead_) return;
    stream_ = ahead_->finish();
    fast_.refills = ~std::uint64_t{0};   // computed from the old stream's block
    ahead_counts_ += ahead_->counts();
    ahead_.reset();
    ahead_left_ = 0;
}

std::uint64_t NumpyGenerator::next_uint64() {
    end_read_ahead();
    return stream_.next64();
}

double NumpyGenerator::next_double() {
    end_read_ahead();
    return stream_.next_double();
}

double NumpyGenerator::standard_normal() {
    if (ahead_) {
        const double* z;
        ahead_->take(z, 1);
        const double v = *z;
        if (--ahead_left_ == 0 || !ahead_->paying()) end_read_ahead();
        return v;
    }
    return rng::standard_normal(stream_);
}

namespace {

// §4's loc + scale * z over the normals decoded ahead (multiply, then add: never fused).
// Groups of 8 of a known count, so that -O2's vectoriser takes them (it leaves a loop of unknown
// count scalar); the normals come from another core's cache, and wide loads fetch them sooner.
void scale_into(double* __restrict out, const double* __restrict z, std::size_t n, double loc, double scale) {
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __builtin_prefetch(z + i + 128);   // 1 KiB ahead: past the hardware prefetcher's page edge
        for (std::size_t j = 0; j < 8; ++j) {
            const double scaled = scale * z[i + j];
            out[i + j] = loc + scaled;
        }
    }
    for (; i < n; ++i) {
        const double scaled = scale * z[i];
        out[i] = loc + scaled;
    }
}

}  // namespace

void NumpyGenerator::normal(double loc, double scale, double* out, std::size_t count) {
    if (ahead_) {
        while (count > 0) {
            const double* z;
            const std::size_t n = ahead_->take(z, static_cast<std::size_t>(std::min<std::uint64_t>(count, ahead_left_)));
            scale_into(out, z, n, loc, scale);
            out += n;
            count -= n;
            ahead_left_ -= n;
            if (ahead_left_ == 0) {
                end_read_ahead();
                break;
            }
        }
        // the rest of the promise in order when the threads were not running side by side
        if (ahead_ && !ahead_->paying()) end_read_ahead();
        if (count == 0) return;
    }
    draw_normals(stream_, fast_, loc, scale, out, count);
}

std::vector<double> NumpyGenerator::normal(double loc, double scale, std::size_t count) {
    std::vector<double> out(count);
    normal(loc, scale, out.data(), count);
    return out;
}

}  // namespace attn::rng
