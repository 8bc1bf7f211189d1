// MT19937 as numpy/random/src/mt19937/mt19937.c (mt19937_seed, mt19937_gen, mt19937_next32),
// NumPy 1.24.2, which is also what PyTorch 1.13's CPUGeneratorImpl runs.
#include "rng/mt19937.hpp"

namespace attn::rng {
namespace {

constexpr std::size_t kN = Mt19937::kStateSize;
constexpr std::size_t kM = 397;
constexpr std::uint32_t kMatrixA = 0x9908b0dfu;
constexpr std::uint32_t kUpperMask = 0x80000000u;
constexpr std::uint32_t kLowerMask = 0x7fffffffu;

}  // namespace

Mt19937::Mt19937(std::uint32_t seed) { this->seed(seed); }

void Mt19937::seed(std::uint32_t seed) {
    for (std::size_t i = 0; i < kN; ++i) {
        state_[i] = seed;
        seed = 1812433253u * (seed ^ (seed >> 30)) + static_cast<std::uint32_t>(i + 1);
    }
    index_ = kN;   // the first next() twists
}

// mt19937_gen: all 624 words at once, in three runs so that no index wraps.
void Mt19937::twist() {
    std::size_t i = 0;
    std::uint32_t y;
    for (; i < kN - kM; ++i) {
        y = (state_[i] & kUpperMask) | (state_[i + 1] & kLowerMask);
        state_[i] = state_[i + kM] ^ (y >> 1) ^ (-(y & 1u) & kMatrixA);
    }
    for (; i < kN - 1; ++i) {
        y = (state_[i] & kUpperMask) | (state_[i + 1] & kLowerMask);
        state_[i] = state_[i + kM - kN] ^ (y >> 1) ^ (-(y & 1u) & kMatrixA);
    }
    y = (state_[kN - 1] & kUpperMask) | (state_[0] & kLowerMask);
    state_[kN - 1] = state_[kM - 1] ^ (y >> 1) ^ (-(y & 1u) & kMatrixA);
    index_ = 0;
}

std::uint32_t Mt19937::next() {
    if (index_ >= kN) twist();
    std::uint32_t y = state_[index_++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

}  // namespace attn::rng
