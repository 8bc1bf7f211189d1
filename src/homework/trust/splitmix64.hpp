#pragma once
// SplitMix64 (Steele, Lea, Flood 2014): a small, well-mixed stream from one 64-bit state, started
// from the first 8 bytes of an HMAC (variant.hpp): the one stream every variant's numbers are drawn
// from. A change here changes every student's numbers, so the tests pin it.
#include <cstdint>
#include <type_traits>

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
    // The result is a long, or wider when a bound is (the seeds' 1..4294967295L): in WebAssembly
    // (wasm32) `long` has 32 bits and that literal is a long long; on Linux both are a 64-bit long.
    template <class Lo, class Hi>
    std::common_type_t<Lo, Hi, long> between(Lo lo, Hi hi) {
        using T = std::common_type_t<Lo, Hi, long>;
        return static_cast<T>(lo) + static_cast<T>(next() % static_cast<std::uint64_t>(static_cast<T>(hi) - static_cast<T>(lo) + 1));
    }
};

}  // namespace attn::homework
