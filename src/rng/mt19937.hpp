#pragma once
// MT19937, 32-bit (Matsumoto & Nishimura 1998): init_genrand seeding, standard twist and
// tempering. The one bit generator of both MT19937 users, as in NumPy (a RandomState holds an
// MT19937 bit generator): NumPy's legacy RandomState (rng/legacy_random_state) and torch's CPU
// generator (rng/torch_generator). Its words equal std::mt19937's for the same 32-bit seed.
// No CLI, printing or xtensor here.
#include <array>
#include <cstddef>
#include <cstdint>

namespace attn::rng {

class Mt19937 {
public:
    static constexpr std::size_t kStateSize = 624;

    explicit Mt19937(std::uint32_t seed = 5489u);
    // init_genrand: state[0] = s; state[i] = 1812433253 * (state[i-1] ^ (state[i-1] >> 30)) + i
    // (mod 2^32) -- NumPy's mt19937_seed and torch's manual_seed alike.
    void seed(std::uint32_t seed);
    std::uint32_t next();   // genrand_int32 (tempered)

    // The untempered state words (what torch.get_rng_state() stores after seeding).
    const std::array<std::uint32_t, kStateSize>& state() const { return state_; }

private:
    void twist();

    std::array<std::uint32_t, kStateSize> state_{};
    std::size_t index_ = kStateSize;
};

}  // namespace attn::rng
