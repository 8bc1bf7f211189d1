#pragma once
// np.random.randint(high) on the legacy generator (NumPy 1.24's RandomState, dtype int64):
// _bounded_integers' masked rejection: rng = high - 1, mask = the smallest 2^k - 1 >= rng; draw
// 32-bit outputs (64-bit, high word first, when rng > 0xFFFFFFFF), AND the mask, until <= rng.
// Notebook 12.4's first cell draws its 20 token ids with it.
#include <cstdint>

#include "rng/legacy_random_state.hpp"

namespace attn::rng {

// 0 <= result < high; high >= 1.
std::int64_t legacy_randint(LegacyRandomState& state, std::int64_t high);

}  // namespace attn::rng
