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

// The ziggurat reads its 64-bit draws from a Source: either the PCG64 state itself, stepped one
// draw at a time (SerialSource), or a block of the same stream computed ahead (BlockSource).
// Both hand out the stream's draws in the stream's order, so the normals are the same bits.
struct SerialSource {
    pcg64::u128& state;
    pcg64::u128 inc;
    std::uint64_t next64() { return pcg64::next64(state, inc); }
    double next_double() { return pcg64::next_double(state, inc); }
};

// One PCG64 step is a 128-bit multiply-add whose result feeds the next step, so a single
// stream is latency-bound (~7 cycles a draw). Draws k, k+L, k+2L, ... of the stream form an
// LCG of their own (the L-step jump s -> s*MULT^L + c_L), so kLanes independent lanes started
// at consecutive states fill a block in the stream's order at the multiplier's throughput.
class BlockSource {
public:
    static constexpr std::size_t kLanes = 4;   // refill() names them s0..s3
    static constexpr std::size_t kBlock = 256;   // draws per refill (2 KiB, stays in L1)

    BlockSource(pcg64::u128 state, pcg64::u128 inc)
        : end_(state), start_(state), inc_(inc), lane_step_(pcg64::jump(inc, kLanes)) {}

    // Draws buffered and not yet handed out; refill() when it is 0. `wanted` is a lower bound
    // on the draws still needed (one per normal still to make), so little is computed in vain.
    std::size_t available() const { return len_ - pos_; }
    void refill(std::size_t wanted) {
        std::size_t n = std::min(kBlock, (wanted + kLanes - 1) / kLanes * kLanes);
        if (n == 0) n = kLanes;
        start_ = end_;
        // four named lanes (not an array) so that the states stay in registers
        pcg64::u128 s0 = start_ * pcg64::MULT + inc_;
        pcg64::u128 s1 = s0 * pcg64::MULT + inc_;
        pcg64::u128 s2 = s1 * pcg64::MULT + inc_;
        pcg64::u128 s3 = s2 * pcg64::MULT + inc_;
        const pcg64::u128 mult = lane_step_.mult, plus = lane_step_.plus;
        for (std::size_t r = 0;;) {
            buf_[r] = pcg64::output(s0);
            buf_[r + 1] = pcg64::output(s1);
            buf_[r + 2] = pcg64::output(s2);
            buf_[r + 3] = pcg64::output(s3);
            r += kLanes;
            if (r == n) break;
            s0 = s0 * mult + plus;
            s1 = s1 * mult + plus;
            s2 = s2 * mult + plus;
            s3 = s3 * mult + plus;
        }
        end_ = s3;   // the state that produced the last buffered draw
        pos_ = 0;
        len_ = n;
    }
    const std::uint64_t* peek() const { return buf_ + pos_; }
    void skip(std::size_t n) { pos_ += n; }         // n <= available()

    std::uint64_t next64() {
        if (pos_ == len_) refill(1);
        return buf_[pos_++];
    }
    double next_double() {
        return static_cast<double>(next64() >> 11) * (1.0 / 9007199254740992.0);
    }
    // The generator's state once the draws handed out so far are consumed (the block's excess
    // is given back by jumping from the block's start).
    pcg64::u128 state() const {
        return pos_ == len_ ? end_ : pcg64::jump(inc_, pos_).apply(start_);
    }

private:
    pcg64::u128 end_, start_, inc_;
    pcg64::Jump lane_step_;
    std::size_t pos_ = 0, len_ = 0;
    std::uint64_t buf_[kBlock];
};

template <class Source>
__attribute__((noinline)) double ziggurat_slow(Source& src, unsigned idx, std::uint64_t rabs,
                                               double x);

// Ziggurat, docs/spec/numpy-random.md §3 (NumPy's random_standard_normal), split in two so the ~99% fast path
// inlines into the fill loops, the tail and wedge tests (and any restart after a wedge
// rejection) out of line. The fast path for the draw r0 already taken:
struct Candidate {
    unsigned idx;
    std::uint64_t rabs;
    double x;
    bool accepted;   // rabs < ki[idx]: x is the normal (~99.2% of draws)
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

template <class Source>
inline double ziggurat_from(std::uint64_t r0, Source& src) {
    const Candidate c = ziggurat_candidate(r0);
    if (c.accepted) return c.x;
    return ziggurat_slow(src, c.idx, c.rabs, c.x);
}

template <class Source>
inline double ziggurat_normal(Source& src) {
    return ziggurat_from(src.next64(), src);
}

template <class Source>
double ziggurat_slow(Source& src, unsigned idx, std::uint64_t rabs, double x) {
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

// Below this many normals a call is drawn one step at a time: setting up the lanes costs
// about as much as a few dozen serial steps.
constexpr std::size_t kBulkMinimum = 64;

}  // namespace

double NumpyGenerator::standard_normal() {
    SerialSource src{state_, inc_};
    return ziggurat_normal(src);
}

// Generator.normal, docs/spec/numpy-random.md §4: loc + scale * z, multiply then add (never fused), C order.
void NumpyGenerator::normal(double loc, double scale, double* out, std::size_t count) {
    if (count < kBulkMinimum) {
        // The state lives in registers; only the rare slow path sees it through memory (a
        // state passed by reference on every draw costs a failed store-to-load forward).
        pcg64::u128 state = state_;
        const pcg64::u128 inc = inc_;
        for (std::size_t i = 0; i < count; ++i) {
            const Candidate c = ziggurat_candidate(pcg64::next64(state, inc));
            double z = c.x;
            if (!c.accepted) {
                pcg64::u128 spilled = state;
                SerialSource src{spilled, inc};
                z = ziggurat_slow(src, c.idx, c.rabs, c.x);
                state = spilled;
            }
            const double scaled = scale * z;
            out[i] = loc + scaled;
        }
        state_ = state;
        return;
    }
    BlockSource src(state_, inc_);
    std::size_t i = 0;
    while (i < count) {
        if (src.available() == 0) src.refill(count - i);
        // Every buffered draw starts a normal, unless the slow path takes more from the block.
        const std::uint64_t* draws = src.peek();
        std::size_t n = std::min(count - i, src.available());
        std::size_t k = 0;
        bool slow = false;
        for (; k < n; ++k) {
            const Candidate c = ziggurat_candidate(draws[k]);
            double z = c.x;
            if (!c.accepted) {
                src.skip(k + 1);
                z = ziggurat_slow(src, c.idx, c.rabs, c.x);
                slow = true;
            }
            const double scaled = scale * z;
            out[i + k] = loc + scaled;
            if (slow) break;
        }
        if (slow) {
            i += k + 1;
        } else {
            src.skip(n);   // the whole run was fast
            i += n;
        }
    }
    state_ = src.state();
}

std::vector<double> NumpyGenerator::normal(double loc, double scale, std::size_t count) {
    std::vector<double> out(count);
    normal(loc, scale, out.data(), count);
    return out;
}

}  // namespace attn::rng
