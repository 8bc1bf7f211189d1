// torch.manual_seed / torch.rand / torch.randn on the CPU, as PyTorch 1.13's CPUGeneratorImpl,
// DistributionTemplates.h (normal_fill, normal_fill_16) and DistributionsHelper.h draw them
// (docs/spec/torch-randn.md). Must be compiled with -ffp-contract=off.
#include "rng/torch_generator.hpp"

#include <cmath>

namespace attn::rng {

// ---- the torch facade -----------------------------------------------------------------------

TorchGenerator::TorchGenerator(std::uint64_t seed) { manual_seed(seed); }

void TorchGenerator::manual_seed(std::uint64_t seed) {
    engine_.seed(static_cast<std::uint32_t>(seed & 0xffffffffu));
    next_double_normal_.reset();
}

std::uint32_t TorchGenerator::random() { return engine_.next(); }

std::uint64_t TorchGenerator::random64() {
    const std::uint64_t hi = engine_.next();
    const std::uint64_t lo = engine_.next();
    return (hi << 32) | lo;
}

// uniform_real_distribution<float>: the low 24 bits (float's digits) of one word.
float TorchGenerator::uniform_float() {
    return static_cast<float>(random() & 0xffffffu) * (1.0f / 16777216.0f);
}

// uniform_real_distribution<double>: the low 53 bits of random64().
double TorchGenerator::uniform_double() {
    return static_cast<double>(random64() & ((std::uint64_t{1} << 53) - 1)) *
           (1.0 / 9007199254740992.0);
}

// normal_distribution<double>: u1 gives the angle, u2 the radius; r*sin is cached.
double TorchGenerator::normal_double() {
    if (next_double_normal_) {
        const double cached = *next_double_normal_;
        next_double_normal_.reset();
        return cached;
    }
    const double u1 = uniform_double();
    const double u2 = uniform_double();
    const double r = std::sqrt(-2.0 * std::log(1.0 - u2));
    const double theta = 2.0 * M_PI * u1;
    next_double_normal_ = r * std::sin(theta);
    return r * std::cos(theta);
}

namespace {

// normal_fill_16 in float32: pairs (j, j+8) of one block of 16 uniforms become two normals.
// torch uses Cephes-style AVX2 polynomials for log and sin/cos; the C library's float functions
// differ from them by about 1e-6 at most, far below the two decimals the lesson prints.
// The final fma(x, std, mean) is exact for randn (std 1, mean 0) except that it turns -0 into +0.
void normal_fill_16(float* data, float mean, float stdev) {
    const float two_pi = static_cast<float>(2.0 * M_PI);
    for (int j = 0; j < 8; ++j) {
        const float u1 = 1.0f - data[j];   // [0, 1) -> (0, 1] for the log
        const float u2 = data[j + 8];
        const float radius = std::sqrt(-2.0f * std::log(u1));
        const float theta = two_pi * u2;
        data[j] = std::fma(radius * std::cos(theta), stdev, mean);
        data[j + 8] = std::fma(radius * std::sin(theta), stdev, mean);
    }
}

}  // namespace

void TorchGenerator::normal(float* out, std::size_t count, double mean, double stdev) {
    if (count < 16) {
        // The serial kernel: one normal_distribution<double> per element (val * std + mean, the
        // cached value too), cast to float.
        for (std::size_t i = 0; i < count; ++i) {
            out[i] = static_cast<float>(normal_double() * stdev + mean);
        }
        return;
    }
    const auto mean_f = static_cast<float>(mean);
    const auto stdev_f = static_cast<float>(stdev);
    for (std::size_t i = 0; i < count; ++i) out[i] = uniform_float();
    for (std::size_t i = 0; i + 16 <= count; i += 16) normal_fill_16(out + i, mean_f, stdev_f);
    if (count % 16 != 0) {
        // The tail: the last 16 slots are drawn afresh (overwriting values already transformed)
        // and transformed as one more block.
        float* last = out + count - 16;
        for (std::size_t i = 0; i < 16; ++i) last[i] = uniform_float();
        normal_fill_16(last, mean_f, stdev_f);
    }
}

void TorchGenerator::randn(float* out, std::size_t count) { normal(out, count, 0.0, 1.0); }

std::vector<float> TorchGenerator::randn(std::size_t count) {
    std::vector<float> out(count);
    randn(out.data(), count);
    return out;
}

std::vector<float> TorchGenerator::randn(std::size_t rows, std::size_t cols) {
    return randn(rows * cols);
}

std::vector<float> TorchGenerator::rand(std::size_t count) {
    std::vector<float> out(count);
    for (auto& v : out) v = uniform_float();
    return out;
}

}  // namespace attn::rng
