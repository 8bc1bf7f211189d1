#pragma once
// SplitMix64 (Steele, Lea, Flood 2014): a small, well-mixed stream from one 64-bit state, started
// from the first 8 bytes of an HMAC (variant.hpp): the one stream every variant's numbers are drawn
// from. A change here changes every student's numbers, so the tests pin it.
#include <cstdint>

namespace attn::homework {

struct SplitMix64 {
    std::uint64_t state;
    std::uint64_t next() {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    // Uniform in lo..hi (inclusive); the modulo bias is far below anything a class would notice.
    long between(long lo, long hi) {
        return lo + static_cast<long>(next() % static_cast<std::uint64_t>(hi - lo + 1));
    }
};

}  // namespace attn::homework
