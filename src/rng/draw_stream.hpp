#pragma once
// The PCG64 stream of one NumpyGenerator, computed a block ahead (docs/spec/numpy-random.md §2).
// Every draw the generator hands out (raw 64-bit outputs, doubles, the ziggurat's draws of
// every call of normal()) comes from this buffer, in the stream's order, so the bits are those
// of NumPy's one-step-at-a-time PCG64 (XSL-RR) whatever the calls' sizes.
//
// Why a buffer that lives as long as the generator: one PCG64 step is a 128-bit multiply-add
// whose result feeds the next, so a single stream is latency-bound (~7 cycles a draw). Draws
// k, k+L, k+2L, ... form an LCG of their own (the L-step jump s -> s*MULT^L + c_L), so L lanes
// started at consecutive states fill a block in the stream's order at the multiplier's
// throughput (SIMD lanes, normal_simd.hpp, or four scalar ones). Setting the lanes up costs
// about 32 serial steps and two jump-ahead computations; kept from call to call, that is paid
// once per generator instead of once per call (`scaling` makes six calls of 4 to 2000 normals
// per repeat), and the draws a call leaves in the block are the next call's.
#include <cstddef>
#include <cstdint>

#include "rng/normal_simd.hpp"
#include "rng/pcg64.hpp"

namespace attn::rng {

class DrawStream {
public:
    static constexpr std::size_t kScalarLanes = 4;   // fill_scalar() names them s0..s3
    static constexpr std::size_t kBlock = 256;       // draws per refill (2 KiB, stays in L1)

    // The stream whose next draw is next64(state) (state: before that draw's step). simd: the
    // chosen kernels (a set without a fill: the scalar lanes fill, its fast path computes the
    // candidates), or nullptr / the scalar set for scalar loops only.
    DrawStream(pcg64::u128 state, pcg64::u128 inc, const simd::Kernels* simd);

    // Draws buffered and not yet handed out; refill() when it is 0 (a whole new block).
    std::size_t available() const { return len_ - pos_; }
    void refill();
    const std::uint64_t* peek() const { return buf_ + pos_; }
    void skip(std::size_t n) { pos_ += n; }   // n <= available()
    // The buffered block, the next draw's place in it, and a number that changes at every
    // refill (so that what was computed from a block is known to be stale).
    const std::uint64_t* block() const { return buf_; }
    std::size_t position() const { return pos_; }
    std::uint64_t refills() const { return refills_; }
    // Draws handed out since this stream was made (its first block starts where it was made).
    std::uint64_t drawn() const { return refills_ == 0 ? 0 : (refills_ - 1) * kBlock + pos_; }

    std::uint64_t next64() {
        if (pos_ == len_) refill();
        return buf_[pos_++];
    }
    double next_double() {   // NumPy's next_double: the top 53 bits scaled to [0, 1)
        return static_cast<double>(next64() >> 11) * (1.0 / 9007199254740992.0);
    }

    // The PCG64 state once the draws handed out so far are consumed: the block's start jumped
    // ahead by the draws used (the rest of the block is the next draws, not lost).
    pcg64::u128 state() const { return pcg64::jump(inc_, pos_).apply(start_); }
    pcg64::u128 inc() const { return inc_; }
    // The SIMD kernels of this stream (their fill, if they have one, and their fast path),
    // nullptr for the scalar loops.
    const simd::Kernels* simd() const { return simd_; }

private:
    void fill_scalar();
    void fill_simd();

    pcg64::u128 start_, inc_;   // start_: the state before the buffered block's first draw
    const simd::Kernels* simd_;
    pcg64::Jump lane_step_, block_step_;
    std::size_t pos_ = 0, len_ = 0;
    std::uint64_t refills_ = 0;
    // The SIMD lanes carry on from block to block: lane i holds the state that makes draw i of
    // the next block (every block steps every lane kBlock / kLanes times). Set from the stream
    // at the first block.
    bool lanes_set_ = false;
    simd::LaneStates lanes_;
    alignas(64) std::uint64_t buf_[kBlock];
};

// The ziggurat's fast path for the draws of one block, computed ahead by the SIMD kernels:
// for every place k (whatever role its draw ends up with) the candidate y[k] = loc + scale *
// x_k and whether the fast path accepts it. A candidate depends on its own draw only, so when
// the slow path takes extra draws (a wedge's uniform, a tail's pair) the normals after it
// still read their candidates from here: the rejections cost a scalar slow path and no restart
// of the vector loop. Valid for places [from, to) of block `refills` and one (loc, scale).
struct FastPathBlock {
    std::uint64_t refills = ~std::uint64_t{0};
    std::size_t from = 0, to = 0;
    std::uint64_t loc_bits = 0, scale_bits = 0;   // compared as bits: loc -0.0 is not 0.0
    alignas(64) double y[DrawStream::kBlock];
    // bit k % 64 of word k / 64 (the kernels write it a byte at a time: bit k % 8 of byte k / 8)
    std::uint64_t accepted[DrawStream::kBlock / 64];
};

}  // namespace attn::rng
