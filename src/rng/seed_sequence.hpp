#pragma once
// NumPy's SeedSequence with pool size 4, as used by np.random.default_rng(seed)
// (docs/spec/numpy-random.md §1). uint32 arithmetic throughout.
#include <array>
#include <cstdint>
#include <vector>

namespace attn::rng {

class SeedSequence {
public:
    static constexpr std::size_t pool_size = 4;

    // entropy: the seed's 32-bit words, least significant first (rng::seed_words, Seed::words).
    explicit SeedSequence(const std::vector<std::uint32_t>& entropy);

    const std::array<std::uint32_t, pool_size>& pool() const { return pool_; }

    // generate_state(n_words, np.uint32).
    std::vector<std::uint32_t> generate_state_u32(std::size_t n_words) const;
    // generate_state(4, np.uint64): pairs of uint32 words, low word first (what PCG64 takes).
    std::array<std::uint64_t, 4> generate_state_u64x4() const;

private:
    std::array<std::uint32_t, pool_size> pool_{};
};

}  // namespace attn::rng
