// SeedSequence entropy mixing and generate_state (docs/spec/numpy-random.md §1). The split of a
// decimal seed into 32-bit entropy words (NumPy's _int_to_uint32_array) is rng/seed.cpp's.
#include "rng/seed_sequence.hpp"

namespace attn::rng {
namespace {

constexpr std::uint32_t INIT_A = 0x43b0d7e5u;
constexpr std::uint32_t MULT_A = 0x931e8875u;
constexpr std::uint32_t INIT_B = 0x8b51f9ddu;
constexpr std::uint32_t MULT_B = 0x58f38dedu;
constexpr std::uint32_t MIX_MULT_L = 0xca01f9ddu;
constexpr std::uint32_t MIX_MULT_R = 0x4973f715u;
constexpr unsigned XSHIFT = 16;

// hashmix: `hc` is the running hash constant shared by every call during one mixing pass.
std::uint32_t hashmix(std::uint32_t v, std::uint32_t& hc) {
    v ^= hc;
    hc *= MULT_A;
    v *= hc;
    v ^= v >> XSHIFT;
    return v;
}

std::uint32_t mix(std::uint32_t x, std::uint32_t y) {
    std::uint32_t r = MIX_MULT_L * x - MIX_MULT_R * y;
    r ^= r >> XSHIFT;
    return r;
}

}  // namespace

SeedSequence::SeedSequence(const std::vector<std::uint32_t>& entropy) {
    std::uint32_t hc = INIT_A;
    const std::size_t n = entropy.size();
    // 1. hash the first pool_size words (missing ones are 0) into the pool.
    for (std::size_t i = 0; i < pool_size; ++i) {
        pool_[i] = hashmix(i < n ? entropy[i] : 0u, hc);
    }
    // 2. mix every pool word into every other one, sources taken as already updated.
    for (std::size_t s = 0; s < pool_size; ++s) {
        for (std::size_t d = 0; d < pool_size; ++d) {
            if (d != s) pool_[d] = mix(pool_[d], hashmix(pool_[s], hc));
        }
    }
    // 3. entropy words beyond the pool (seeds >= 2^128) are mixed into every pool word.
    for (std::size_t s = pool_size; s < n; ++s) {
        for (std::size_t d = 0; d < pool_size; ++d) {
            pool_[d] = mix(pool_[d], hashmix(entropy[s], hc));
        }
    }
}

std::vector<std::uint32_t> SeedSequence::generate_state_u32(std::size_t n_words) const {
    std::vector<std::uint32_t> out(n_words);
    std::uint32_t hc = INIT_B;
    for (std::size_t i = 0; i < n_words; ++i) {
        std::uint32_t v = pool_[i % pool_size];
        v ^= hc;
        hc *= MULT_B;
        v *= hc;
        v ^= v >> XSHIFT;
        out[i] = v;
    }
    return out;
}

std::array<std::uint64_t, 4> SeedSequence::generate_state_u64x4() const {
    const std::vector<std::uint32_t> s32 = generate_state_u32(8);
    std::array<std::uint64_t, 4> w64{};
    for (std::size_t j = 0; j < 4; ++j) {
        w64[j] = std::uint64_t{s32[2 * j]} | (std::uint64_t{s32[2 * j + 1]} << 32);
    }
    return w64;
}

}  // namespace attn::rng
