#pragma once
// Torch-compatible random generator: torch.manual_seed(seed); torch.rand / torch.randn on the CPU,
// float32, as PyTorch 1.13 draws them (docs/spec/torch-randn.md). Same layering as the
// NumPy generator: a bit generator (MT19937, rng/mt19937.hpp, shared with the legacy
// RandomState), then distributions as members of a thin facade that also holds torch's cached
// normal. No CLI, printing or xtensor here.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "rng/mt19937.hpp"

namespace attn::rng {

class TorchGenerator {
public:
    // c10::default_rng_seed_val: torch's CPU generator before any manual_seed.
    static constexpr std::uint64_t kDefaultSeed = 67280421310721ull;

    explicit TorchGenerator(std::uint64_t seed = kDefaultSeed);

    // torch.manual_seed(seed): MT19937 seeded with seed & 0xffffffff; the cached normal of the
    // small-tensor path is dropped.
    void manual_seed(std::uint64_t seed);

    std::uint32_t random();      // one MT19937 word
    std::uint64_t random64();    // two words, the first one high
    float uniform_float();       // (w & 0xFFFFFF) * 2^-24, in [0, 1): torch.rand, float32
    double uniform_double();     // (random64 & (2^53 - 1)) * 2^-53, in [0, 1)

    // at::normal_distribution<double>: Box–Muller on two 53-bit uniforms, returning r*cos and
    // keeping r*sin for the next call (the small-tensor path of randn).
    double normal_double();

    // Tensor.normal_(mean, std) on a contiguous float32 tensor of `count` elements: the block
    // path (16 floats at a time, Box–Muller in float32) when count >= 16, else count calls of
    // normal_double(). Words used: count, plus 16 when count % 16 != 0 (block path); 4 per pair
    // (small path).
    void normal(float* out, std::size_t count, double mean, double stdev);
    // torch.randn(count): normal(out, count, 0, 1).
    void randn(float* out, std::size_t count);
    std::vector<float> randn(std::size_t count);
    // torch.randn(rows, cols), C order: element (r, c) is out[r * cols + c].
    std::vector<float> randn(std::size_t rows, std::size_t cols);
    // torch.rand(count), float32: one word per value, in order.
    std::vector<float> rand(std::size_t count);

private:
    Mt19937 engine_;
    std::optional<double> next_double_normal_;
};

}  // namespace attn::rng
