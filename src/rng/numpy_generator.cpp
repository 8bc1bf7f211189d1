// np.random.default_rng(seed): SeedSequence -> PCG64 -> ziggurat standard normal -> normal()
// (docs/spec/numpy-random.md §1-§4). Must be compiled with -ffp-contract=off (§5).
#include "rng/numpy_generator.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "rng/draw_stream.hpp"
#include "rng/normal_simd.hpp"
#include "rng/pcg64.hpp"
#include "rng/seed_sequence.hpp"
#include "rng/ziggurat_tables.hpp"

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

namespace {

__attribute__((noinline)) double ziggurat_slow(DrawStream& src, unsigned idx, std::uint64_t rabs, double x);

// Ziggurat, docs/spec/numpy-random.md §3 (NumPy's random_standard_normal), split in two so the
// ~98.5% fast path inlines into the scalar loops, the tail and wedge tests (and any restart
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
    const double magnitude =
        static_cast<double>(static_cast<std::int64_t>(rabs)) * ziggurat::wi[idx];
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
    if (idx == 0) {                               // tail beyond nor_r
        for (;;) {
            const double xx = -nor_inv_r * std::log1p(-src.next_double());
            const double yy = -std::log1p(-src.next_double());
            if (yy + yy > xx * xx) return ((rabs >> 8) & 1u) ? -(nor_r + xx) : nor_r + xx;
        }
    }
    // wedge
    if ((fi[idx - 1] - fi[idx]) * src.next_double() + fi[idx] < std::exp(-0.5 * x * x)) {
        return x;
    }
    return ziggurat_normal(src);                  // rejected: start again with a new draw
}

std::uint64_t bits_of(double v) {
    std::uint64_t b;
    std::memcpy(&b, &v, sizeof b);
    return b;
}

constexpr std::size_t kSimdMinimum = 32;

// Makes f hold the candidates of the stream's places [position, end) for (loc, scale): kept
// from the last call when the block and the pair are the same, else computed from the
// position on (rounded down to a group of 8), at least 64 places at a time so that calls of a
// few normals do not set up the vector loop for each.
void prepare(FastPathBlock& f, const DrawStream& s, std::size_t end, double loc, double scale) {
    const std::size_t pos = s.position();
    if (f.refills != s.refills() || f.loc_bits != bits_of(loc) || f.scale_bits != bits_of(scale) || pos < f.from) {
        f.refills = s.refills();
        f.loc_bits = bits_of(loc);
        f.scale_bits = bits_of(scale);
        f.from = f.to = pos & ~std::size_t{7};
    }
    if (end <= f.to) return;
    const std::size_t to = std::min(DrawStream::kBlock, std::max((end + 7) & ~std::size_t{7}, f.to + 64));
    s.simd()->candidates(s.block() + f.to, to - f.to, loc, scale, f.y + f.to,
                         reinterpret_cast<std::uint8_t*>(f.accepted) + f.to / 8);
    f.to = to;
}

// How many of the n places from pos the fast path accepts in a row (n when all).
std::size_t accepted_run(const std::uint64_t* words, std::size_t pos, std::size_t n) {
    const std::size_t end = pos + n;
    for (std::size_t p = pos; p < end; p = (p / 64 + 1) * 64) {
        const std::uint64_t refused = ~words[p / 64] >> (p % 64);   // a word's places from p on
        if (refused != 0) return std::min(p + static_cast<std::size_t>(__builtin_ctzll(refused)), end) - pos;
    }
    return n;
}

// loc + scale * z for the next draw, one the fast path refuses: the tail or the wedge (§3),
// which may take further draws of the stream.
double finish_refused(DrawStream& src, double loc, double scale) {
    const Candidate c = ziggurat_candidate(src.next64());
    const double scaled = scale * ziggurat_slow(src, c.idx, c.rabs, c.x);
    return loc + scaled;
}

}  // namespace

double NumpyGenerator::standard_normal() { return ziggurat_normal(stream_); }

// Generator.normal, docs/spec/numpy-random.md §4: loc + scale * z, multiply then add (never
// fused), C order. Every draw of the block starts a normal unless the slow path before it took
// it; the runs the fast path accepts are copied from fast_, each refused draw is finished here.
void NumpyGenerator::normal(double loc, double scale, double* out, std::size_t count) {
    std::size_t i = 0;
    if (stream_.simd() == nullptr || count < kSimdMinimum) {
        // The scalar loops: one pass, each draw's candidate and test inline (no vector loop to
        // restart, so nothing is gained by computing ahead). Also for calls too short to pay
        // for the block's candidates (the draws are the same: only who computes x differs).
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
            if (k < n) out[i++] = finish_refused(stream_, loc, scale);
        }
        return;
    }
    while (i < count) {
        if (stream_.available() == 0) stream_.refill();
        const std::size_t pos = stream_.position();
        const std::size_t n = std::min(count - i, stream_.available());
        prepare(fast_, stream_, pos + n, loc, scale);
        const std::size_t run = accepted_run(fast_.accepted, pos, n);
        std::memcpy(out + i, fast_.y + pos, run * sizeof(double));
        stream_.skip(run);
        i += run;
        if (run < n) out[i++] = finish_refused(stream_, loc, scale);
    }
}

std::vector<double> NumpyGenerator::normal(double loc, double scale, std::size_t count) {
    std::vector<double> out(count);
    normal(loc, scale, out.data(), count);
    return out;
}

}  // namespace attn::rng
