#include "rng/legacy_randint.hpp"

namespace attn::rng {

std::int64_t legacy_randint(LegacyRandomState& state, std::int64_t high) {
    const std::uint64_t rng = static_cast<std::uint64_t>(high) - 1;
    if (rng == 0) return 0;   // NumPy draws nothing for a one-value range
    std::uint64_t mask = rng;
    for (int s = 1; s < 64; s <<= 1) mask |= mask >> s;
    if (rng <= 0xFFFFFFFFu) {
        if (rng == 0xFFFFFFFFu) return static_cast<std::int64_t>(state.next_uint32());
        for (;;) {
            const std::uint64_t v = state.next_uint32() & mask;
            if (v <= rng) return static_cast<std::int64_t>(v);
        }
    }
    for (;;) {
        const std::uint64_t hi = state.next_uint32();
        const std::uint64_t v = ((hi << 32) | state.next_uint32()) & mask;
        if (v <= rng) return static_cast<std::int64_t>(v);
    }
}

}  // namespace attn::rng
