#pragma once
// The PCG64 stream of one NumpyGenerator, computed a block ahead (docs/spec/numpy-random.md §2).
// Every draw the generator hands out (raw 64-bit outputs, doubles, the ziggurat's draws) comes
// from this buffer, in the stream's order, so the bits are those of NumPy's one-step-at-a-time
// PCG64 (XSL-RR) whatever the calls' sizes.
//
// Why a block: one PCG64 step is a 128-bit multiply-add whose result feeds the next, so a single
// stream is latency-bound. Draws k, k+4, k+8, ... form an LCG of their own (the 4-step jump
// s -> s*MULT^4 + c_4), so four lanes started at consecutive states fill a block in the stream's
// order at the multiplier's throughput. Portable C++: no SIMD, no threads.
#include <cstddef>
#include <cstdint>

#include "rng/pcg64.hpp"

namespace attn::rng {

class DrawStream {
public:
    static constexpr std::size_t kLanes = 4;      // fill() names them s0..s3
    static constexpr std::size_t kBlock = 256;    // draws per refill (2 KiB, stays in L1)

    // The stream whose next draw is next64(state) (state: before that draw's step).
    DrawStream(pcg64::u128 state, pcg64::u128 inc)
        : start_(state), inc_(inc), lane_step_(pcg64::jump(inc, kLanes)), block_step_(pcg64::jump(inc, kBlock)) {}

    // Draws buffered and not yet handed out; refill() when it is 0 (a whole new block).
    std::size_t available() const { return len_ - pos_; }
    void refill();
    const std::uint64_t* peek() const { return buf_ + pos_; }
    void skip(std::size_t n) { pos_ += n; }   // n <= available()

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

private:
    pcg64::u128 start_, inc_;   // start_: the state before the buffered block's first draw
    pcg64::Jump lane_step_, block_step_;
    std::size_t pos_ = 0, len_ = 0;
    std::uint64_t buf_[kBlock];
};

}  // namespace attn::rng
