#pragma once
// PCG64 (XSL-RR 128/64, "setseq"), as NumPy's PCG64 bit generator
// (docs/spec/numpy-random.md §2). Inline so the normal sampler's hot loop stays inlined.
#include <array>
#include <cstdint>

namespace attn::rng::pcg64 {

using u128 = unsigned __int128;

inline constexpr u128 MULT =
    (u128{0x2360ED051FC65DA4ull} << 64) | u128{0x4385DF649FCCF645ull};

inline std::uint64_t rotr64(std::uint64_t v, unsigned rot) {
    return (v >> rot) | (v << ((64u - rot) & 63u));   // no UB for rot == 0
}

// Seeding from SeedSequence.generate_state(4, np.uint64) = w64:
// initstate = w64[0] << 64 | w64[1]; initseq = w64[2] << 64 | w64[3].
inline void seed(const std::array<std::uint64_t, 4>& w64, u128& state, u128& inc) {
    const u128 initstate = (u128{w64[0]} << 64) | u128{w64[1]};
    const u128 initseq = (u128{w64[2]} << 64) | u128{w64[3]};
    inc = (initseq << 1) | 1u;
    state = 0;
    state = state * MULT + inc;
    state += initstate;
    state = state * MULT + inc;
}

// XSL-RR output of a state that has just been stepped.
inline std::uint64_t output(u128 state) {
    const auto hi = static_cast<std::uint64_t>(state >> 64);
    const auto lo = static_cast<std::uint64_t>(state);
    return rotr64(hi ^ lo, static_cast<unsigned>(state >> 122));
}

// next64: step first, then output from the new state.
inline std::uint64_t next64(u128& state, u128 inc) {
    state = state * MULT + inc;
    return output(state);
}

// Jump-ahead (Brown, "Random number generation with arbitrary strides", as NumPy's
// pcg_advance): `delta` steps of s -> s*MULT + inc are the one affine map s -> s*mult + plus.
struct Jump {
    u128 mult = 1;
    u128 plus = 0;
    u128 apply(u128 state) const { return state * mult + plus; }
};
inline Jump jump(u128 inc, std::uint64_t delta) {
    Jump acc;
    u128 cur_mult = MULT, cur_plus = inc;
    for (; delta != 0; delta >>= 1) {
        if (delta & 1u) {
            acc.mult *= cur_mult;
            acc.plus = acc.plus * cur_mult + cur_plus;
        }
        cur_plus = (cur_mult + 1) * cur_plus;
        cur_mult *= cur_mult;
    }
    return acc;
}

// next_double: the top 53 bits scaled to [0, 1).
inline double next_double(u128& state, u128 inc) {
    return static_cast<double>(next64(state, inc) >> 11) * (1.0 / 9007199254740992.0);
}

}  // namespace attn::rng::pcg64
