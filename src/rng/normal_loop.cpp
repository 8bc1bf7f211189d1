// The ziggurat over a DrawStream (normal_loop.hpp; docs/spec/numpy-random.md §3-§4). Must be
// compiled with -ffp-contract=off (§5).
#include "rng/normal_loop.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "rng/normal_simd.hpp"
#include "rng/ziggurat_tables.hpp"

namespace attn::rng {

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

double standard_normal(DrawStream& s) { return ziggurat_normal(s); }

// Generator.normal, docs/spec/numpy-random.md §4: loc + scale * z, multiply then add (never
// fused), C order. Every draw of the block starts a normal unless the slow path before it took
// it; the runs the fast path accepts are copied from f, each refused draw is finished here.
// `stop` is checked before a refill, so a decoder that ends at a block's edge fills no block
// it will not use.
std::size_t draw_normals(DrawStream& s, FastPathBlock& f, double loc, double scale, double* out, std::size_t count,
                         std::uint64_t stop) {
    std::size_t i = 0;
    if (s.simd() == nullptr || count < kSimdMinimum) {
        // The scalar loops: one pass, each draw's candidate and test inline (no vector loop to
        // restart, so nothing is gained by computing ahead). Also for calls too short to pay
        // for the block's candidates (the draws are the same: only who computes x differs).
        while (i < count) {
            const std::uint64_t at = s.drawn();
            if (at >= stop) break;
            if (s.available() == 0) s.refill();
            const std::uint64_t* draws = s.peek();
            const std::size_t n = static_cast<std::size_t>(
                std::min<std::uint64_t>({count - i, s.available(), stop - at}));
            std::size_t k = 0;
            for (; k < n; ++k) {
                const Candidate c = ziggurat_candidate(draws[k]);
                if (!c.accepted) break;
                const double scaled = scale * c.x;
                out[i + k] = loc + scaled;
            }
            s.skip(k);
            i += k;
            if (k < n) out[i++] = finish_refused(s, loc, scale);
        }
        return i;
    }
    while (i < count) {
        const std::uint64_t at = s.drawn();
        if (at >= stop) break;
        if (s.available() == 0) s.refill();
        const std::size_t pos = s.position();
        const std::size_t n =
            static_cast<std::size_t>(std::min<std::uint64_t>({count - i, s.available(), stop - at}));
        prepare(f, s, pos + n, loc, scale);
        const std::size_t run = accepted_run(f.accepted, pos, n);
        std::memcpy(out + i, f.y + pos, run * sizeof(double));
        s.skip(run);
        i += run;
        if (run < n) out[i++] = finish_refused(s, loc, scale);
    }
    return i;
}

}  // namespace attn::rng
